import JSON
import Testing

@Suite struct FlatJSONObjectTests {

    func parse(_ text: String) throws -> [(String, FlatJSONObject.Value)] {
        try FlatJSONObject(parsing: Array(text.utf8)).members.map { ($0.key, $0.value) }
    }

    @Test func keepsEveryMemberInOrderWithDuplicates() throws {
        let members = try parse(#" { "mode" : "pause", "mode": "play", "n": -1.5e3, "b": true, "z": null } "#)
        #expect(members.map(\.0) == ["mode", "mode", "n", "b", "z"])
        #expect(members.map(\.1) == [.string("pause"), .string("play"), .number("-1.5e3"), .bool(true), .null])
        #expect(try parse("{}").isEmpty)
    }

    @Test func readsEscapesAndSurrogatePairs() throws {
        let members = try parse(#"{"a\"b": "line\nnext \u00e9 \ud83d\ude00 \/"}"#)
        #expect(members.first?.0 == "a\"b")
        #expect(members.first?.1 == .string("line\nnext é 😀 /"))
    }

    @Test func refusesWhatIsNotOneFlatObject() {
        for text in ["", "[]", "\"x\"", "{", "{\"a\":1,}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}", "{\"a\":1} x",
                     "{\"a\":\"\u{01}\"}", "{\"a\":\"\\ud83d\"}", "{\"a\":tru}", "{a:1}"] {
            #expect(throws: FlatJSONObject.Failure.notAnObject, "\(text)") { try parse(text) }
        }
    }

    @Test func namesTheMemberThatNests() {
        #expect(throws: FlatJSONObject.Failure.nested(key: "mode")) { try parse(#"{"ok": 1, "mode": {"x": 1}}"#) }
        #expect(throws: FlatJSONObject.Failure.nested(key: "list")) { try parse(#"{"list": [1]}"#) }
    }
}
