import JSON

/// Why a command, a scenario, a document or a parameter is refused: what is wrong, and where it
/// helps, the field at fault and what it allows, with any figures after them (a budget's refusal
/// names the budget). It names no transport: the HTTP edge answers it with the status its kind
/// stands for and a JSON body `{"error": …, "parameter": …, "allowed": …}`; the command line exits 2.
public struct Refusal: Error, Sendable {
    public enum Kind: Sendable, Equatable {
        /// A value, a document or a parameter that is wrong, or work that could never fit a budget.
        case invalid
        /// What it names does not exist (a stored scenario's id, an artwork's hash).
        case notFound
        /// The scene or the server refuses it as it stands now (a press on a complete meter).
        case conflict
        case tooLarge
        case unsupportedType
        /// Not now: another time may do (a budget in use, the shared log unreachable); `retryAfter` says when.
        case unavailable
        /// The server's own fault.
        case failure
    }

    public var kind: Kind
    public var message: String
    public var parameter: String?
    public var allowed: String?
    public var details: [(String, JSONValue)] = []
    /// For `unavailable`: the seconds a client should wait before it tries again.
    public var retryAfter: Int?

    public init(_ kind: Kind, _ message: String, parameter: String? = nil, allowed: String? = nil,
                details: [(String, JSONValue)] = [], retryAfter: Int? = nil) {
        self.kind = kind
        self.message = message
        self.parameter = parameter
        self.allowed = allowed
        self.details = details
        self.retryAfter = retryAfter
    }

    public static func badParameter(_ name: String, _ value: String, allowed: String) -> Refusal {
        Refusal(.invalid, "invalid value for '\(name)': \(Self.quote(value))", parameter: name, allowed: allowed)
    }

    public static func missing(_ name: String, allowed: String) -> Refusal {
        Refusal(.invalid, "missing parameter '\(name)'", parameter: name, allowed: allowed)
    }

    public static func conflict(_ message: String) -> Refusal { Refusal(.conflict, message) }

    /// A refusal a declaration may meet, as its documents describe it.
    public struct Documented: Sendable {
        public let kind: Kind
        public let description: String

        public static func conflict(_ description: String) -> Documented { Documented(kind: .conflict, description: description) }
        public static func notFound(_ description: String) -> Documented { Documented(kind: .notFound, description: description) }
    }

    /// Echoes a bad value safely: bounded and printable, whatever the client sent.
    public static func quote(_ value: String) -> String {
        let printable = value.unicodeScalars.map { $0.properties.isWhitespace || $0.value >= 0x20 && $0.value != 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
        return printable.count > 64 ? String(printable.prefix(64)) + "…" : printable
    }
}
