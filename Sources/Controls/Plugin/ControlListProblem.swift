/// A mistake in a list of controls, found before the server starts: the control and the field at
/// fault, and what is allowed. The server refuses to start with it rather than fail at request time.
public struct ControlListProblem: Error, Sendable, CustomStringConvertible {
    /// The control's id; nil for the list as a whole.
    public let control: String?
    public let field: String
    public let message: String

    public init(control: String?, field: String, _ message: String) {
        self.control = control
        self.field = field
        self.message = message
    }

    public var description: String {
        (control.map { "control '\($0)': " } ?? "") + "\(field): \(message)"
    }

    /// Route segments and parameter names a control's id, command or prop may not take: they would
    /// shadow the API's own.
    public static let reservedIds: Set<String> = [
        "all", "api", "clip", "clock", "controls", "embed", "events", "frame", "healthz", "layout", "metrics", "openapi",
        "props", "readyz", "scenarios", "snapshot", "state", "static", "stream", "timeline", "version",
    ]
    /// Ids of the server's own commands (the clock's, playing and recording a scenario), which a
    /// control's command may not take; a props command's id is `patch…Props` or `reset…Props`, so a
    /// control's may not end in `Props`.
    public static let reservedCommandIds: Set<String> = ["setClock", "playScenario", "recordScenario"]
    /// Design sizes a control may declare, in points on each side.
    public static let designSides: ClosedRange<Double> = 1...4096

    /// Lower-case words of letters and digits joined by single hyphens ("play-button").
    static func isWords(_ text: String) -> Bool {
        let words = text.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        } && text.first.map { ("a"..."z").contains($0) } == true
    }

    static func check(_ controls: [any Control.Type]) throws(ControlListProblem) {
        var seen: Set<FrameSubject> = []
        var commandIds: Set<String> = []
        for type in controls {
            try check(type)
            guard seen.insert(type.id).inserted else {
                throw ControlListProblem(control: type.id.rawValue, field: "id", "two controls have this id; each needs its own")
            }
            for command in type.commands {
                guard !reservedCommandIds.contains(command.id), !command.id.hasSuffix("Props"),
                      commandIds.insert(command.id).inserted else {
                    throw ControlListProblem(control: type.id.rawValue, field: "commands.\(command.id)",
                                             "another command (the server's or another control's) has this id")
                }
            }
        }
    }

    private static func check<C: Control>(_ type: C.Type) throws(ControlListProblem) {
        let id = C.id.rawValue
        func problem(_ field: String, _ message: String) -> ControlListProblem {
            ControlListProblem(control: id, field: field, message)
        }
        guard id.count <= 40, isWords(id) else {
            throw problem("id", "'\(id)' is not lower-case words joined by hyphens (at most 40 characters)")
        }
        guard !reservedIds.contains(id) else { throw problem("id", "'\(id)' is a route of the server's own") }
        guard !C.title.isEmpty else { throw problem("title", "empty; give the name people read on its card") }
        let configuration = C.Configuration()
        let made = C(at: 0, configuration: configuration)
        let size = made.designSize
        guard designSides.contains(size.width), designSides.contains(size.height) else {
            throw problem("designSize", "\(size.width)×\(size.height) points; each side must be in \(designSides)")
        }
        var props: Set<String> = []
        for declaration in C.Configuration.declarations(defaults: configuration) {
            guard props.insert(declaration.name).inserted else { throw problem("props.\(declaration.name)", "declared twice") }
            guard declaration.kind.accepts(declaration.defaultValue) else {
                throw problem("props.\(declaration.name)", "its default is not a value it accepts")
            }
        }
        var names: Set<String> = []
        var ids: Set<String> = []
        for command in C.commands {
            guard command.control == C.id else {
                throw problem("commands.\(command.id)", "declared for control '\(command.control.rawValue)'")
            }
            let words = CommandRoute.words(of: command.id, after: C.id)
            guard words != command.id, words.first?.isUppercase == true, command.id.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw problem("commands.\(command.id)", "an id is the control's '\(C.id.documentKey)' and then the "
                              + "command's words in camel case ('\(C.id.documentKey)Toggle')")
            }
            let path = command.route.path
            let last = path.dropFirst("/\(id)/".count)
            guard path.hasPrefix("/\(id)/"), last.split(separator: "/").allSatisfy({ isWords(String($0)) }), last != "props" else {
                throw problem("commands.\(command.id)", "'\(command.route)' is not a usable route under /\(id)/ (props is the server's)")
            }
            guard names.insert(command.route.description).inserted else {
                throw problem("commands.\(command.id)", "'\(command.route)' is declared twice")
            }
            guard ids.insert(command.id).inserted else { throw problem("commands.\(command.id)", "declared twice") }
        }
        if let card = C.pageCard {
            guard !card.source.isEmpty, card.source.count <= PageCard.maxBytes else {
                throw problem("pageCard", "\(card.source.count) bytes; a card's module is 1 to \(PageCard.maxBytes) bytes")
            }
            guard String(validating: card.source, as: UTF8.self) != nil else { throw problem("pageCard", "not UTF-8 text") }
        }
        for query in C.queries {
            guard isWords(query.name), query.name != "props" else {
                throw problem("queries.\(query.id)", "'\(query.name)' is not a usable route segment (props is the server's)")
            }
            guard names.insert("GET /\(id)/\(query.name)").inserted else {
                throw problem("queries.\(query.id)", "GET /\(id)/\(query.name) is declared twice")
            }
        }
    }
}
