import HTTPServer

/// One command in the replicated log: the request as the accepting replica decoded it, and the
/// host time at which it takes effect. Every replica rebuilds the request from it and runs the
/// operation's own handler (docs/design/replication.md §The log).
struct LogEntry: Sendable, Equatable {
    /// The stream entry's id ("1700000000000-0"): the order, and the idempotency key.
    var id: String = ""
    /// The operation's declared id (`meterPress`).
    let operation: String
    let path: String
    let query: [Field]
    let contentType: String?
    /// The body, or, for one stored on its own (an upload), the key of its bytes.
    let body: Body
    /// Host time (seconds since the epoch) at which the accepting replica took it.
    let accepted: Double
    /// Host time at which it was asked to take effect: `accepted` plus the lead. The time it does
    /// take effect is this or the previous entry's, whichever is later (`EffectTimes`).
    let effect: Double
    /// Who is waiting for it: "replica-nonce/number" on the accepting replica.
    let origin: String

    struct Field: Sendable, Equatable {
        let name: String
        let value: String
    }

    enum Body: Sendable, Equatable {
        case inline([UInt8])
        case stored(key: String)
    }

    /// The entry's fields for `XADD`, in order.
    var fields: [[UInt8]] {
        var out: [(String, [UInt8])] = [
            ("op", Array(operation.utf8)), ("path", Array(path.utf8)), ("origin", Array(origin.utf8)),
            ("accepted", Array(Self.format(accepted).utf8)), ("effect", Array(Self.format(effect).utf8)),
        ]
        if let contentType { out.append(("ct", Array(contentType.utf8))) }
        switch body {
        case .inline(let bytes): if !bytes.isEmpty { out.append(("body", bytes)) }
        case .stored(let key): out.append(("bodykey", Array(key.utf8)))
        }
        for f in query { out.append(("q:" + f.name, Array(f.value.utf8))) }
        return out.flatMap { [Array($0.0.utf8), $0.1] }
    }

    /// The entry `XREAD` or `XRANGE` gave: `[id, [field, value, …]]`; nil for one this version cannot read.
    init?(reply: RedisReply) {
        let parts = reply.elements
        guard parts.count == 2, let id = parts[0].text else { return nil }
        let items = parts[1].elements
        var values: [String: [UInt8]] = [:]
        var query: [Field] = []
        var i = 0
        while i + 1 < items.count {
            guard let name = items[i].text, case .string(let value) = items[i + 1] else { return nil }
            if name.hasPrefix("q:") {
                query.append(Field(name: String(name.dropFirst(2)), value: String(decoding: value, as: UTF8.self)))
            } else {
                values[name] = value
            }
            i += 2
        }
        func text(_ name: String) -> String? { values[name].map { String(decoding: $0, as: UTF8.self) } }
        guard let operation = text("op"), let path = text("path"), let origin = text("origin"),
              let accepted = text("accepted").flatMap(Double.init), let effect = text("effect").flatMap(Double.init)
        else { return nil }
        self.init(operation: operation, path: path, query: query, contentType: text("ct"),
                  body: text("bodykey").map { .stored(key: $0) } ?? .inline(values["body"] ?? []),
                  accepted: accepted, effect: effect, origin: origin)
        self.id = id
    }

    init(operation: String, path: String, query: [Field], contentType: String?, body: Body,
         accepted: Double, effect: Double, origin: String) {
        self.operation = operation
        self.path = path
        self.query = query
        self.contentType = contentType
        self.body = body
        self.accepted = accepted
        self.effect = effect
        self.origin = origin
    }

    /// Shortest text that reads back as the same Double, so every replica parses the same time.
    static func format(_ value: Double) -> String { "\(value)" }
}

/// A stream entry id, ordered as Redis orders them ("ms-seq").
struct EntryID: Comparable, Sendable, CustomStringConvertible {
    let ms: UInt64
    let seq: UInt64

    init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let ms = UInt64(parts[0]), let seq = UInt64(parts[1]) else { return nil }
        self.ms = ms
        self.seq = seq
    }

    init(ms: UInt64, seq: UInt64) {
        self.ms = ms
        self.seq = seq
    }

    static let zero = EntryID(ms: 0, seq: 0)

    var description: String { "\(ms)-\(seq)" }

    static func < (a: EntryID, b: EntryID) -> Bool { (a.ms, a.seq) < (b.ms, b.seq) }
}
