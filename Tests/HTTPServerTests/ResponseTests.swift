import JSON
import Testing
@testable import HTTPServer

@Suite struct ResponseTests {
    @Test func jsonConveniences() {
        let literal = HTTPResponse.json(["a": 1, "b": "x", "c": [true, nil]])
        #expect(literal.bodyBytes.map { String(decoding: $0, as: UTF8.self) } == #"{"a":1,"b":"x","c":[true,null]}"#)
        let raw = HTTPResponse.json(status: 201, raw: Array("[1]".utf8))
        #expect(raw.status == 201)
        #expect(raw.header("content-type") == HTTPResponse.jsonContentType)
        #expect(raw.bodyBytes == Array("[1]".utf8))
    }

    @Test func errorShapeAndEscaping() {
        let e = HTTPResponse.error(status: 400, message: "bad \"x\"\n", ["field": "name", "max": 3])
        #expect(e.status == 400)
        #expect(e.bodyBytes.map { String(decoding: $0, as: UTF8.self) }
            == #"{"error":"bad \"x\"\n","field":"name","max":3}"#)
        #expect(JSONValue.string("\u{01}").text == #""\u0001""#)
        #expect(JSONValue.double(.nan).text == "null")
    }

    @Test func textAndHeaders() {
        let r = HTTPResponse.text("hi", headers: [("X-A", "1")])
        #expect(r.header("x-a") == "1")
        #expect(r.header("content-type") == "text/plain; charset=utf-8")
        #expect(r.headers.count == 2)
        #expect(r.bodyBytes == Array("hi".utf8))
    }
}
