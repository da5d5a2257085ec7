import FrameCheck
import Testing

/// The shared MJPEG parser: the same parts however the bytes are split, and each framing fault
/// named once, after which nothing more is read.
@Suite struct MJPEGParserTests {
    static let head = "HTTP/1.0 200 OK\r\nContent-Type: multipart/x-mixed-replace;boundary=frame\r\nConnection: close\r\n\r\n"

    static func part(_ body: [UInt8], time: String) -> [UInt8] {
        Array("Content-Type: image/jpeg\r\nContent-Length: \(body.count)\r\nX-Scene-Time: \(time)\r\n\r\n".utf8) + body
            + Array("\r\n--frame\r\n".utf8)
    }

    /// Two parts, the first with CRLFs and the boundary's text inside its bytes, the second empty.
    static let stream = Array(head.utf8) + Array("--frame\r\n".utf8)
        + part(Array("\r\n\r\n--frame\r\n".utf8), time: "0.5") + part([], time: "1.0")

    static func events(_ chunks: [[UInt8]], parser: MJPEGParser = MJPEGParser()) -> [MJPEGParser.Event] {
        var parser = parser
        return chunks.flatMap { parser.feed($0) }
    }

    @Test func anySplitGivesTheSameParts() {
        for split in [Self.stream.count, 1, 3, 7] {
            let chunks = stride(from: 0, to: Self.stream.count, by: split).map { Array(Self.stream[$0..<min($0 + split, Self.stream.count)]) }
            var status: Int?, parts: [MJPEGPart] = [], heads = 0
            for event in Self.events(chunks) {
                switch event {
                case .response(let head): status = head.status
                case .partHead: heads += 1
                case .part(let part): parts.append(part)
                case .body, .framingError: Issue.record("split \(split): \(event)")
                }
            }
            #expect(status == 200 && heads == 2, "split \(split)")
            #expect(parts.map(\.body) == [Array("\r\n\r\n--frame\r\n".utf8), []], "split \(split)")
            #expect(parts.map(\.sceneTime) == [0.5, 1.0] && parts.map(\.length) == [13, 0], "split \(split)")
        }
    }

    @Test func withoutBodiesThePartsKeepTheirLengths() {
        let parts = Self.events([Self.stream], parser: MJPEGParser(keepsBodies: false)).compactMap { event -> MJPEGPart? in
            if case .part(let part) = event { part } else { nil }
        }
        #expect(parts.map(\.length) == [13, 0] && parts.allSatisfy(\.body.isEmpty))
    }

    @Test(arguments: [
        ("HTTP/1.0 200 OK\r\nContent-Type: image/jpeg\r\n\r\n--frame\r\n", "no boundary"),
        (head + "--other\r\n", "does not start with the boundary"),
        (head + "--frame\r\nContent-Type: image/jpeg\r\n\r\nxx", "without Content-Length"),
        (head + "--frame\r\nContent-Length: 2\r\n\r\nxx--frame\r\n", "part 0: the boundary does not follow its 2 bytes"),
        (head + "--frame\r\nnot a header\r\n\r\n", "without a colon"),
    ])
    func eachFramingFaultIsNamedOnce(_ text: String, _ fault: String) {
        let events = Self.events([Array(text.utf8), Array("--frame\r\nContent-Length: 0\r\n\r\n\r\n--frame\r\n".utf8)])
        let faults = events.compactMap { event -> String? in if case .framingError(let why) = event { why } else { nil } }
        #expect(faults.count == 1 && faults.first?.contains(fault) == true, "\(faults)")
        // The well-formed part fed after the fault is not read.
        if case .framingError = events.last {} else { Issue.record("events after the fault: \(events)") }
    }

    @Test func anAnswerThatIsNoStreamComesAsBody() throws {
        let events = Self.events([Array("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 4\r\n\r\nfu".utf8), Array("ll".utf8)])
        let head = try #require(events.first.flatMap { event -> ResponseHead? in if case .response(let h) = event { h } else { nil } })
        #expect(head.status == 503 && head.headers["content-length"] == "4")
        let body = events.dropFirst().flatMap { event -> [UInt8] in if case .body(let b) = event { b } else { [] } }
        #expect(body == Array("full".utf8))
    }

    /// A box of `type` around `body`.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = 8 + body.count
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) } + Array(type.utf8) + body
    }

    /// An `emsg` box of version 0 as the server writes it before each fragment.
    static func sceneTime(_ text: String) -> [UInt8] {
        box("emsg", [0, 0, 0, 0] + Array("urn:layercast:scene-time".utf8) + [0, 0] + [UInt8](repeating: 0, count: 16) + Array(text.utf8))
    }

    /// A video answer: the init segment, then two fragments (emsg, moof, mdat), read in any split as
    /// two parts headed by their scene times, each as long as its three boxes.
    @Test func aVideoStreamsFragmentsAreItsParts() {
        let head = Array("HTTP/1.0 200 OK\r\nContent-Type: video/mp4\r\n\r\n".utf8)
        let initSegment = Self.box("ftyp", Array("isom".utf8)) + Self.box("moov", [])
        let fragments = [Self.sceneTime("0.033333") + Self.box("moof", [1, 2, 3]) + Self.box("mdat", [UInt8](repeating: 7, count: 40)),
                         Self.sceneTime("12.500000") + Self.box("moof", []) + Self.box("mdat", [])]
        let stream = head + initSegment + fragments.joined()
        for keeps in [false, true] {
            for split in [stream.count, 1, 5] {
                let chunks = stride(from: 0, to: stream.count, by: split).map { Array(stream[$0..<min($0 + split, stream.count)]) }
                var parts: [MJPEGPart] = [], heads: [[String: String]] = []
                for event in Self.events(chunks, parser: MJPEGParser(keepsBodies: keeps)) {
                    switch event {
                    case .part(let part): parts.append(part)
                    case .partHead(let headers): heads.append(headers)
                    case .framingError(let why): Issue.record("split \(split): \(why)")
                    default: break
                    }
                }
                #expect(parts.map(\.sceneTime) == [0.033333, 12.5] && heads.count == 2, "split \(split)")
                #expect(parts.map(\.length) == [initSegment.count + fragments[0].count, fragments[1].count],
                        "the init segment goes with the first, split \(split)")
                #expect(parts.map(\.body) == (keeps ? [initSegment + fragments[0], fragments[1]] : [[], []]))
            }
        }
    }
}
