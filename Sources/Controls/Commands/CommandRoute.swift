/// Where a command is sent over HTTP. A command's identity is its declared id (`meterHold`); its
/// route is derived from that id here, in one place, so the route, a scenario's step, the log, the
/// timeline and the page all name one command one way (docs/design/architecture.md §Commands are
/// values).
public struct CommandRoute: Sendable, Hashable, CustomStringConvertible {
    public enum Method: String, Sendable, Hashable {
        case post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    public let method: Method
    /// "/meter/hold".
    public let path: String

    public init(_ method: Method, _ path: String) {
        self.method = method
        self.path = path
    }

    /// "POST /meter/hold": how messages, the docs and scenarios written before ids name it.
    public var description: String { "\(method.rawValue) \(path)" }

    /// A control's command: under `/{control}/`, `path` when given, or else the words of its id after
    /// the control's own, in kebab case (`meterHold` → `/meter/hold`, `playButtonMode` on
    /// `play-button` → `/play-button/mode`).
    public static func derived(id: String, control: FrameSubject, method: Method, path: String? = nil) -> CommandRoute {
        CommandRoute(method, "/\(control.rawValue)/" + (path ?? kebab(words(of: id, after: control))))
    }

    /// The part of `id` after the control's document key ("Hold" of `meterHold`); the whole id when
    /// it does not start with it (which the control list refuses).
    public static func words(of id: String, after control: FrameSubject) -> String {
        id.hasPrefix(control.documentKey) ? String(id.dropFirst(control.documentKey.count)) : id
    }

    /// "ArtworkByHash" → "artwork-by-hash".
    static func kebab(_ camel: String) -> String {
        var out = ""
        for character in camel {
            if character.isUppercase, !out.isEmpty { out.append("-") }
            out += character.lowercased()
        }
        return out
    }
}
