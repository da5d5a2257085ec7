#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Controls

/// One command in the replicated log: its value, and the host time at which it takes effect. Every
/// replica applies the value with the command's own declaration (docs/design/replication.md §The log).
package struct LogEntry: Sendable, Equatable {
    /// The format this server writes in the `version` field: the command by its id, with typed
    /// arguments (`{"id": "meterHold", "with": {"seconds": 2}}`).
    package static let version = "2"
    /// The formats it reads: this one, and version 1, whose command names its route and gives each
    /// argument as text (`{"name": "POST /meter/hold", "arguments": [{"name": "seconds", "value":
    /// "2"}]}`), read into a version-2 value when applied. An entry of another version, or of none
    /// (the request-shaped entries of before), is never guessed at.
    package static let version1 = "1"
    package static let readable = [version1, version]

    /// The stream entry's id ("1700000000000-0"): the order, and the idempotency key.
    package var id: String = ""
    package let command: Command
    /// The SHA-256 of the PNG an upload's command names, stored once under its own key.
    package let upload: String?
    /// Host time (seconds since the epoch) at which the accepting replica took it.
    package let accepted: Double
    /// Host time at which it was asked to take effect: `accepted` plus the lead. The time it does
    /// take effect is this or the previous entry's, whichever is later.
    package let effect: Double
    /// Who is waiting for it: "replica-nonce/number" on the accepting replica.
    package let origin: String
    /// The format it was read in: for version 1, `command` holds the route as its id and each
    /// argument's text as a string, until its declaration reads them (`SceneCommand.upgraded`).
    package var version = LogEntry.version

    package var namesItsRoute: Bool { version == Self.version1 }

    package init(command: Command, upload: String? = nil, accepted: Double, effect: Double, origin: String) {
        self.command = command
        self.upload = upload
        self.accepted = accepted
        self.effect = effect
        self.origin = origin
    }

    /// The entry's fields for `XADD`, in order.
    package var fields: [[UInt8]] {
        var out: [(String, [UInt8])] = [
            ("version", Array(Self.version.utf8)), ("command", Self.encoded(command)), ("origin", Array(origin.utf8)),
            ("accepted", Array(Self.format(accepted).utf8)), ("effect", Array(Self.format(effect).utf8)),
        ]
        if let upload { out.append(("upload", Array(upload.utf8))) }
        return out.flatMap { [Array($0.0.utf8), $0.1] }
    }

    /// The entry `XREAD` or `XRANGE` gave: `[id, [field, value, …]]`.
    package init(reply: RedisReply) throws(UnreadableEntry) {
        let parts = reply.elements
        guard parts.count == 2, let id = parts[0].text else { throw UnreadableEntry(id: "?", reason: "it is not a stream entry") }
        var values: [String: [UInt8]] = [:]
        let items = parts[1].elements
        for i in stride(from: 0, to: items.count - 1, by: 2) {
            guard let name = items[i].text, case .string(let value) = items[i + 1] else {
                throw UnreadableEntry(id: id, reason: "its fields are not name and value pairs")
            }
            values[name] = value
        }
        func text(_ name: String) -> String? { values[name].map { String(decoding: $0, as: UTF8.self) } }
        guard let version = text("version") else {
            throw UnreadableEntry(id: id, reason: "it has no 'version': an entry of the request-shaped log before version "
                                  + "\(Self.version) (start a fresh stream name: docs/design/replication.md §The log)")
        }
        guard Self.readable.contains(version) else {
            throw UnreadableEntry(id: id, reason: "its format version is \(version); this server reads "
                                  + Self.readable.joined(separator: " and "))
        }
        guard let json = values["command"], let command = Self.command(json, version: version),
              let origin = text("origin"), let accepted = text("accepted").flatMap(Double.init),
              let effect = text("effect").flatMap(Double.init) else {
            throw UnreadableEntry(id: id, reason: "its command, origin or times cannot be read")
        }
        self.init(command: command, upload: text("upload"), accepted: accepted, effect: effect, origin: origin)
        self.id = id
        self.version = version
    }

    private static func command(_ json: [UInt8], version: String) -> Command? {
        guard version == version1 else { return try? JSONDecoder().decode(Command.self, from: Data(json)) }
        return (try? JSONDecoder().decode(Version1Command.self, from: Data(json))).map {
            Command($0.name, $0.arguments.map { Command.Argument(name: $0.name, value: .string($0.value)) }, document: $0.document)
        }
    }

    /// A version-1 entry's command, as it was written.
    private struct Version1Command: Decodable {
        struct Argument: Decodable {
            let name: String
            let value: String
        }

        let name: String
        let arguments: [Argument]
        let document: String?
    }

    /// The command as JSON, its members in a fixed order.
    package static func encoded(_ command: Command) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A Command is strings and arrays of them: encoding it cannot fail.
        return (try? Array(encoder.encode(command))) ?? []
    }

    /// Shortest text that reads back as the same Double, so every replica parses the same time.
    package static func format(_ value: Double) -> String { "\(value)" }
}

/// A log entry this server cannot apply: a replica stops there rather than skip or guess at it
/// (docs/design/replication.md §Faults).
package struct UnreadableEntry: Error, Sendable, Equatable, CustomStringConvertible {
    package let id: String
    package let reason: String

    package var description: String { "log entry \(id) cannot be read: \(reason)" }
}

extension Result<LogEntry, UnreadableEntry> {
    /// The stream id of the entry read, or of the one that could not be.
    var id: String {
        switch self {
        case .success(let entry): entry.id
        case .failure(let unreadable): unreadable.id
        }
    }
}

/// A stream entry id, ordered as Redis orders them ("ms-seq").
package struct EntryID: Comparable, Sendable, CustomStringConvertible {
    package let ms: UInt64
    package let seq: UInt64

    package init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let ms = UInt64(parts[0]), let seq = UInt64(parts[1]) else { return nil }
        self.ms = ms
        self.seq = seq
    }

    package init(ms: UInt64, seq: UInt64) {
        self.ms = ms
        self.seq = seq
    }

    package static let zero = EntryID(ms: 0, seq: 0)

    package var description: String { "\(ms)-\(seq)" }

    package static func < (a: EntryID, b: EntryID) -> Bool { (a.ms, a.seq) < (b.ms, b.seq) }
}
