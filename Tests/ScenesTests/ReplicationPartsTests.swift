import Controls
import Scenes
import Testing
import SeedControls

/// The parts of replication that need no Redis: the `--replicate` target and a log entry's fields.
@Suite struct ReplicationPartsTests {

    @Test func aTargetIsRedisHostPortAndASceneName() throws {
        let full = try ReplicationTarget.parse("redis://10.0.0.5:7000/review").get()
        #expect(full.host == "10.0.0.5" && full.port == 7000 && full.name == "review")
        #expect(full.key("log") == "layercast:review:log")
        let defaultPort = try ReplicationTarget.parse("redis://cache/docs-2024.v1").get()
        #expect(defaultPort.port == 6379 && defaultPort.name == "docs-2024.v1")
        #expect(defaultPort.description == "redis://cache:6379/docs-2024.v1")
    }

    @Test(arguments: [
        ("http://h:1/n", "must start with redis://"),
        ("redis://h:1", "needs a scene name"),
        ("redis://h:1/", "the scene name must be"),
        ("redis://h:1/a b", "the scene name must be"),
        ("redis://h:0/n", "the port must be 1–65535"),
        ("redis://h:x/n", "the port must be 1–65535"),
        ("redis://:6379/n", "needs a host"),
    ])
    func anythingElseIsRefusedSayingWhy(text: String, reason: String) {
        guard case .failure(let error) = ReplicationTarget.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.description.hasPrefix("--replicate "))
        #expect(error.description.contains(reason), "\(error.description)")
    }

    @Test func anEntryReadsBackAsItWasWritten() throws {
        let entry = LogEntry(command: Command("playerSeek", [.init(name: "progress", value: 42)]),
                             accepted: 12.345678901234567, effect: 12.395678901234567, origin: "abc/7")
        // What XRANGE gives: [id, [field, value, …]].
        let read = try LogEntry(reply: Self.reply("1700000000000-3", entry.fields))
        #expect(read.id == "1700000000000-3")
        var expected = entry
        expected.id = read.id
        #expect(read == expected, "every field, the times to the last bit")

        let patch = Command("patchMeterProps", document: #"{"duration":5,"x":"a=b&c"}"#)
        let upload = LogEntry(command: patch, upload: String(repeating: "ab", count: 32), accepted: 1, effect: 1.05, origin: "o/1")
        let back = try LogEntry(reply: Self.reply("1-0", upload.fields))
        #expect(back.command == patch && back.upload == upload.upload)
    }

    /// An entry of another format version, or of the request-shaped log before versions, is never
    /// guessed at: reading it fails, naming the entry and why.
    @Test(arguments: [
        ([("op", "meterPress"), ("path", "/meter/press"), ("origin", "o/1"), ("accepted", "1"), ("effect", "1")],
         "it has no 'version'"),
        ([("version", "3"), ("command", "{}"), ("origin", "o/1"), ("accepted", "1"), ("effect", "1")],
         "its format version is 3; this server reads 1 and 2"),
        ([("version", "2"), ("command", #"{"name":"POST /meter/press","arguments":[]}"#), ("origin", "o/1"), ("accepted", "1"),
          ("effect", "1")], "its command, origin or times cannot be read"),
        ([("version", "1"), ("command", #"{"name":"POST /meter/press"}"#), ("origin", "o/1"), ("accepted", "1"), ("effect", "1")],
         "its command, origin or times cannot be read"),
    ])
    func anEntryThisVersionCannotReadIsRefusedSayingWhy(fields: [(String, String)], reason: String) {
        #expect {
            try LogEntry(reply: Self.reply("5-1", fields.flatMap { [Array($0.0.utf8), Array($0.1.utf8)] }))
        } throws: { error in
            let unreadable = error as? UnreadableEntry
            return unreadable?.id == "5-1" && unreadable?.reason.hasPrefix(reason) == true
        }
    }

    private static func reply(_ id: String, _ fields: [[UInt8]]) -> RedisReply {
        .array([.string(Array(id.utf8)), .array(fields.map { .string($0) })])
    }

    @Test func entryIDsOrderAsRedisOrdersThem() throws {
        let ids = ["1-0", "1-1", "2-0", "10-0", "10-10"].compactMap(EntryID.init)
        #expect(ids.count == 5)
        #expect(ids == ids.sorted())
        #expect(EntryID("10-2") ?? .zero > EntryID("9-99") ?? .zero)
        #expect(EntryID("x-1") == nil && EntryID("1") == nil)
    }

    /// Two entries can share a millisecond: without retention the trim keeps the snapshot's entry and
    /// nothing before it, however many came in its millisecond (a clean-clone CI run kept the 7th).
    @Test(arguments: [
        ("5000-3", 0.0, "5000-3"), ("5000-0", 0.0, "5000-0"), ("5000-3", -1.0, "5000-3"),
        ("5000-3", 1.0, "4000-0"), ("5000-3", 0.0015, "4999-0"), ("500-2", 1.0, "0-0"),
    ])
    func theTrimKeepsTheRetentionBeforeTheSnapshotAndNothingOfItsMillisecondWithoutOne(
        id: String, retention: Double, expected: String
    ) throws {
        let entry = try #require(EntryID(id))
        #expect(Replica.trimPoint(after: entry, retention: retention).description == expected)
    }
}
