import Animation
import Foundation
@testable import HTTPServer
import Logging
@testable import PreviewServer
import Rendering
import Testing

/// A preview server on 127.0.0.1 port 0 for one test, on a clock the test chooses, with a client
/// on one keep-alive connection. Names start with "Studio" to stay clear of other test files.
final class StudioServer {
    let server: PreviewServer
    let client: SimpleHTTPClient

    init(clock: any ControllableClock, fps: Int = 30, size: Int = 96) throws {
        var configuration = PreviewServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.fps = fps
        configuration.size = size
        var logger = Logger(label: "studio-tests")
        logger.logLevel = .critical
        server = PreviewServer(configuration: configuration, clock: clock, logger: logger)
        try server.start()
        // Clips take a few seconds in a debug build on a busy machine.
        client = SimpleHTTPClient(host: "127.0.0.1", port: server.port, timeout: .seconds(120))
    }

    var port: Int { server.port }

    func stop() {
        client.close()
        server.stop()
    }

    func get(_ target: String) throws -> HTTPProbeResponse {
        try client.request("GET", target)
    }

    /// A command with its parameters in the query.
    func post(_ target: String) throws -> HTTPProbeResponse {
        try client.request("POST", target)
    }

    func post(_ path: String, json: String) throws -> HTTPProbeResponse {
        try client.request("POST", path, headers: [("Content-Type", "application/json")], body: Array(json.utf8))
    }

    func post(_ path: String, form: String) throws -> HTTPProbeResponse {
        try client.request("POST", path, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.utf8))
    }

    /// `/clock` or a command reply, as JSON.
    func json(_ response: HTTPProbeResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "not JSON: \(response.text)")
    }

    func sceneTime() throws -> Double {
        try #require(try json(get("/clock"))["sceneTime"] as? Double)
    }

    /// A PNG frame, checked and decoded.
    func frame(_ query: String) throws -> (response: HTTPProbeResponse, image: Bitmap) {
        let r = try get("/frame.png?" + query)
        #expect(r.status == 200, "\(query): \(r.text.prefix(200))")
        return (r, try PNGDecoder.decode(r.body))
    }
}

/// Runs `body` with a started server and always stops it.
func withStudioServer<T>(clock: any ControllableClock, fps: Int = 30, size: Int = 96,
                         _ body: (StudioServer) throws -> T) throws -> T {
    let s = try StudioServer(clock: clock, fps: fps, size: size)
    defer { s.stop() }
    return try body(s)
}

extension HTTPProbeResponse {
    var sceneTimeHeader: Double? { header("X-Scene-Time").flatMap(Double.init) }
}

/// Straight RGBA bytes of a decoded PNG (premultiplied ARGB words).
func studioRGBA(_ bitmap: Bitmap, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) -> [UInt8] {
    let w = width ?? bitmap.width, h = height ?? bitmap.height
    var out: [UInt8] = []
    out.reserveCapacity(w * h * 4)
    for row in y..<(y + h) {
        for col in x..<(x + w) {
            let v = bitmap.pixels[row * bitmap.width + col]
            let a = v >> 24
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
            out += [straight((v >> 16) & 0xFF), straight((v >> 8) & 0xFF), straight(v & 0xFF), UInt8(a)]
        }
    }
    return out
}

/// Largest channel difference between two equally sized RGBA buffers.
func studioMaxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return 256 }
    return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// Reads MJPEG parts off a raw connection: each part's headers and JPEG bytes.
final class StudioMJPEGReader {
    private let socket: BlockingSocket

    init(port: Int, target: String) throws {
        socket = try BlockingSocket.connect(host: "127.0.0.1", port: port, timeout: .seconds(30))
        try socket.send(Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: studio-tests\r\n\r\n".utf8))
        let status = try socket.readLine()
        guard status.contains(" 200 ") else { throw HTTPProbeError.malformedResponse(status) }
        while try !socket.readLine().isEmpty {}
    }

    func close() { socket.close() }

    func nextPart() throws -> (sceneTime: String, jpeg: [UInt8]) {
        while try socket.readLine() != "--frame" {}
        var headers: [String: String] = [:]
        while true {
            let line = try socket.readLine()
            if line.isEmpty { break }
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        guard let length = headers["content-length"].flatMap(Int.init), let time = headers["x-scene-time"] else {
            throw HTTPProbeError.malformedResponse("part without Content-Length or X-Scene-Time")
        }
        return (time, try socket.readExactly(length))
    }
}
