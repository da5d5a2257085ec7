@testable import PreviewServer
import Testing

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
        let entry = LogEntry(operation: "playerSeek", path: "/player/seek",
                             query: [.init(name: "progress", value: "42"), .init(name: "x", value: "a=b&c")],
                             contentType: "application/json", body: .inline(Array(#"{"a":1}"#.utf8)),
                             accepted: 12.345678901234567, effect: 12.395678901234567, origin: "abc/7")
        // What XRANGE gives: [id, [field, value, …]].
        let reply = RedisReply.array([.string(Array("1700000000000-3".utf8)), .array(entry.fields.map { .string($0) })])
        let read = try #require(LogEntry(reply: reply))
        #expect(read.id == "1700000000000-3")
        var expected = entry
        expected.id = read.id
        #expect(read == expected, "every field, the times to the last bit")

        let stored = LogEntry(operation: "playerArtwork", path: "/player/artwork", query: [], contentType: "image/png",
                              body: .stored(key: "layercast:s:blob:ab"), accepted: 1, effect: 1.05, origin: "o/1")
        let back = try #require(LogEntry(reply: .array([.string(Array("1-0".utf8)), .array(stored.fields.map { .string($0) })])))
        #expect(back.body == .stored(key: "layercast:s:blob:ab"))
    }

    @Test func entryIDsOrderAsRedisOrdersThem() throws {
        let ids = ["1-0", "1-1", "2-0", "10-0", "10-10"].compactMap(EntryID.init)
        #expect(ids.count == 5)
        #expect(ids == ids.sorted())
        #expect(EntryID("10-2") ?? .zero > EntryID("9-99") ?? .zero)
        #expect(EntryID("x-1") == nil && EntryID("1") == nil)
    }
}
