import JSON
import Scenes
import Testing
import SeedControls

/// RFC 7396's own examples (Appendix A), through the one JSON reader the server has.
@Suite struct MergePatchTests {

    static let appendixA: [(String, String, String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        ("[1,2]", #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        ("{}", #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    static func document(_ text: String) throws -> JSONDocument {
        try JSONDocument(parsing: Array(text.utf8))
    }

    @Test(arguments: 0..<appendixA.count)
    func appendixAExample(_ i: Int) throws {
        let (original, patch, result) = Self.appendixA[i]
        let merged = MergePatch.apply(try Self.document(patch), to: try Self.document(original))
        #expect(merged == (try Self.document(result)), "\(original) + \(patch)")
        #expect(merged.value.text == result.replacing(" ", with: ""))
    }

    @Test func theReaderRefusesWhatIsNotOneValueAndNestingPastItsLimit() throws {
        for text in ["", "{", "[1,]", "{\"a\":1}{", "tru", "{\"a\" 1}", "[01]"] {
            #expect(throws: JSONDocument.Failure.malformed, "\(text)") { try Self.document(text) }
        }
        let deep = String(repeating: "[", count: JSONDocument.maxDepth + 1) + String(repeating: "]", count: JSONDocument.maxDepth + 1)
        #expect(throws: JSONDocument.Failure.tooDeep) { try Self.document(deep) }
        let limit = String(repeating: "[", count: JSONDocument.maxDepth) + String(repeating: "]", count: JSONDocument.maxDepth)
        #expect(throws: Never.self) { try Self.document(limit) }
        #expect(try Self.document(#" {"n": -1.5e3, "k": [true, null]} "#).value.text == #"{"n":-1500,"k":[true,null]}"#)
    }
}
