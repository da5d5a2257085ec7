import Animation
import Controls
import Foundation
import HTTPServer
import Logging
@testable import PreviewServer

/// A real PreviewServer on 127.0.0.1, port 0, driven over HTTP by one test.
///
/// With a `ManualClock` (the default) scene time moves only when the test says so, so every reply can
/// be compared with a closed form at an exact time. Streams need a moving scene: pass `.monotonic`.
final class TestServer {
    enum ClockChoice {
        case manual
        case monotonic
    }

    let server: PreviewServer
    /// Set for `.manual`: the test moves scene time with `at(_:)`.
    let manualClock: ManualClock?
    private let client: SimpleHTTPClient

    init(clock: ClockChoice = .manual, configure: (inout PreviewServerConfiguration) -> Void = { _ in }) throws {
        var configuration = PreviewServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configure(&configuration)
        // Start and stop lines for every test would bury the failures; errors still show.
        var logger = Logger(label: "layercast-tests")
        logger.logLevel = .warning
        switch clock {
        case .manual:
            let manual = ManualClock(startingAt: 0)
            manualClock = manual
            server = PreviewServer(configuration: configuration, clock: manual, logger: logger)
        case .monotonic:
            manualClock = nil
            server = PreviewServer(configuration: configuration, clock: MonotonicClock(startingAt: 0), logger: logger)
        }
        try server.start()
        client = SimpleHTTPClient(host: "127.0.0.1", port: server.port, timeout: .seconds(10))
    }

    var port: Int { server.port }
    var counters: StreamCounters.Totals { server.context.hub.counters.snapshot }

    func stop() {
        client.close()
        server.stop()
    }

    /// Moves the manual clock to scene time `t` (commands issued next apply at `t`).
    @discardableResult
    func at(_ t: Double) -> TestServer {
        manualClock?.set(t)
        return self
    }

    // MARK: Requests

    func request(_ method: String, _ target: String, body: [UInt8] = [], contentType: String? = nil,
                 headers: [(String, String)] = []) throws -> HTTPProbeResponse {
        var all = headers
        if let contentType { all.append(("Content-Type", contentType)) }
        return try client.request(method, target, headers: all, body: body)
    }

    func get(_ target: String) throws -> HTTPProbeResponse {
        try request("GET", target)
    }

    func post(_ target: String, form: String? = nil) throws -> HTTPProbeResponse {
        try request("POST", target, body: Array((form ?? "").utf8),
                    contentType: form == nil ? nil : "application/x-www-form-urlencoded")
    }

    func post(_ target: String, json: String) throws -> HTTPProbeResponse {
        try request("POST", target, body: Array(json.utf8), contentType: "application/json")
    }

    func put(_ target: String, body: [UInt8], contentType: String?) throws -> HTTPProbeResponse {
        try request("PUT", target, body: body, contentType: contentType)
    }

    /// `GET /state`, decoded.
    func state() throws -> StateReply {
        try decode(StateReply.self, from: get("/state"))
    }
}

/// Starts a server for `body` and always stops it.
@discardableResult
func withServer<T>(clock: TestServer.ClockChoice = .manual,
                   configure: (inout PreviewServerConfiguration) -> Void = { _ in },
                   _ body: (TestServer) throws -> T) throws -> T {
    let server = try TestServer(clock: clock, configure: configure)
    defer { server.stop() }
    return try body(server)
}

// MARK: JSON

/// `/state` as the tests read it: the controls' own public State types.
struct StateReply: Decodable {
    struct Clock: Decodable {
        var sceneTime: Double
        var paused: Bool
        var speed: Double
        var fps: Int
    }

    var sceneTime: Double
    var clock: Clock
    var spinner: Spinner.State
    var meter: RecordingMeter.State
    var player: MusicPlayer.State
    var playButton: PlayButton.State
}

/// What every command answers: the scene time it applied at and the control's new state.
struct CommandReply<S: Decodable>: Decodable {
    var sceneTime: Double
    var state: S
}

/// The API's error body.
struct ErrorReply: Decodable {
    var error: String
    var parameter: String?
    var allowed: String?
}

struct DecodingFailure: Error, CustomStringConvertible {
    let description: String
}

func decode<T: Decodable>(_ type: T.Type, from response: HTTPProbeResponse) throws -> T {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity",
                                                                    negativeInfinity: "-Infinity", nan: "NaN")
    do {
        return try decoder.decode(type, from: Data(response.body))
    } catch {
        throw DecodingFailure(description: "HTTP \(response.status) body is not \(type): \(error)\n\(response.text)")
    }
}

/// The body as a JSON object, for checks on keys the typed replies do not name.
func jsonObject(_ response: HTTPProbeResponse) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
}

extension HTTPProbeResponse {
    /// The `X-Scene-Time` header as a number.
    var sceneTime: Double? { header("X-Scene-Time").flatMap(Double.init) }
}
