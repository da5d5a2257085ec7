import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// Single byte ranges of an answer that offers them (`Accept-Ranges: bytes`), RFC 9110 §14.
@Suite(.ioTimeLimit) struct ByteRangeTests {
    /// RFC 9110 §14.1.2's examples on a 10,000-byte representation, and the edges around them.
    @Test(arguments: [
        ("bytes=0-499", ByteRanges.Wanted.part(0...499)),
        ("bytes=500-999", .part(500...999)),
        ("bytes=-500", .part(9500...9999)),
        ("bytes=9500-", .part(9500...9999)),
        ("bytes=0-0", .part(0...0)),
        ("bytes=-1", .part(9999...9999)),
        ("bytes=-20000", .part(0...9999)),
        ("bytes=9000-99999999999999999999999", .part(9000...9999)),
        (" Bytes=1-2 ", .part(1...2)),
        ("bytes = 1-2", .whole),
        ("bytes=10000-", .unsatisfiable),
        ("bytes=99999999999999999999999-", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=0-0,-1", .whole),
        ("bytes=500-400", .whole),
        ("bytes=abc", .whole),
        ("bytes=-", .whole),
        ("items=0-5", .whole),
    ])
    func aRangeHeaderAsksForThis(_ header: String, _ wanted: ByteRanges.Wanted) {
        #expect(ByteRanges.wanted(header, length: 10_000) == wanted)
    }

    @Test func anEmptyAnswerHasNoRange() {
        #expect(ByteRanges.wanted("bytes=0-", length: 0) == .unsatisfiable)
        #expect(ByteRanges.wanted("bytes=-5", length: 0) == .unsatisfiable)
    }

    @Test func aServerSendsThePartAskedForOnlyWhereTheAnswerOffersRanges() throws {
        let body = (0..<100).map { UInt8($0) }
        var router = Router()
        router.get("/clip") { _ in
            HTTPResponse(headers: [("Content-Type", "video/mp4"), ("Accept-Ranges", "bytes"), ("ETag", "\"v1\"")], body: .bytes(body))
        }
        router.get("/plain") { _ in HTTPResponse(headers: [("Content-Type", "video/mp4")], body: .bytes(body)) }
        try withHTTPServer(router) { server in
            let url = "http://127.0.0.1:\(server.port)"
            let part = try HTTPProbe.request("GET", url: url + "/clip", headers: [("Range", "bytes=10-19")])
            #expect(part.status == 206)
            #expect(part.header("Content-Range") == "bytes 10-19/100")
            #expect(part.header("Content-Length") == "10")
            #expect(part.body == Array(body[10...19]))
            let tail = try HTTPProbe.request("GET", url: url + "/clip", headers: [("Range", "bytes=-5")])
            #expect(tail.status == 206 && tail.body == Array(body[95...]))

            let past = try HTTPProbe.request("GET", url: url + "/clip", headers: [("Range", "bytes=100-")])
            #expect(past.status == 416)
            #expect(past.header("Content-Range") == "bytes */100")
            #expect(past.text.contains("\"parameter\":\"Range\""), "\(past.text)")

            let whole = try HTTPProbe.request("GET", url: url + "/clip")
            #expect(whole.status == 200 && whole.body == body && whole.header("Accept-Ranges") == "bytes")
            let changed = try HTTPProbe.request("GET", url: url + "/clip", headers: [("Range", "bytes=0-9"), ("If-Range", "\"v0\"")])
            #expect(changed.status == 200 && changed.body == body, "If-Range names another version: the whole answer")
            let same = try HTTPProbe.request("GET", url: url + "/clip", headers: [("Range", "bytes=0-9"), ("If-Range", "\"v1\"")])
            #expect(same.status == 206 && same.body == Array(body[0...9]))

            let plain = try HTTPProbe.request("GET", url: url + "/plain", headers: [("Range", "bytes=10-19")])
            #expect(plain.status == 200 && plain.body == body, "no Accept-Ranges, no ranges")
        }
    }
}
