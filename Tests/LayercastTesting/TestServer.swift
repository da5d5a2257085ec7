import Animation
import Controls
import Foundation
import HTTPClient
import HTTPServer
import Logging
import PreviewServer
import Rendering
import SeedControls
import Testing

/// A preview server for one test, on a clock the test chooses, driven over HTTP.
///
/// `.router` answers each request in process through the server's router: no socket, no `start()`,
/// so it suits the API's semantics. `.live` binds 127.0.0.1 on a free port, for what only a real
/// connection shows (streams, headers the HTTP layer adds, hostile clients). With a `ManualClock`
/// scene time moves only when the test says so, so every reply can be checked at an exact time.
public final class TestServer {
    public enum Mode: Sendable {
        case router
        case live
    }

    public let mode: Mode
    public let server: PreviewServer
    public let clock: any ControllableClock
    private let client: SimpleHTTPClient?
    private var stopActions: [() -> Void] = []
    private var stopped = false

    /// A server of `controls` (Layercast's own four unless the test names others).
    public init(_ mode: Mode = .live, controls: ControlList = .seeds, clock: any ControllableClock = ManualClock(startingAt: 0),
                configure: (inout PreviewServerConfiguration) -> Void = { _ in }) throws {
        var configuration = PreviewServerConfiguration(controls: controls)
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configure(&configuration)
        // Start and stop lines for every test would bury the failures; errors still show.
        var logger = Logger(label: "layercast-tests")
        logger.logLevel = .error
        self.mode = mode
        self.clock = clock
        server = PreviewServer(configuration: configuration, clock: clock, logger: logger)
        switch mode {
        case .router:
            client = nil
        case .live:
            try server.start()
            // Clips take a few seconds in a debug build on a busy machine.
            client = SimpleHTTPClient(host: "127.0.0.1", port: server.port, timeout: .seconds(120))
        }
    }

    deinit { stop() }

    /// The bound port (live mode).
    public var port: Int { server.port }
    public var host: String { "127.0.0.1:\(port)" }
    public var baseURL: String { "http://\(host)" }

    /// Ends the streams and stops the server, then runs what `onStop` registered; once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        client?.close()
        server.stop()
        for action in stopActions { action() }
    }

    /// Runs `action` after the server stopped (to remove a folder it served, say).
    public func onStop(_ action: @escaping () -> Void) {
        stopActions.append(action)
    }

    /// Moves a manual clock to scene time `t` (commands issued next apply at `t`).
    @discardableResult
    public func at(_ t: Double) -> TestServer {
        guard let manual = clock as? ManualClock else { preconditionFailure("at(_:) needs a ManualClock") }
        manual.set(t)
        return self
    }

    // MARK: Requests

    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [],
                        contentType: String? = nil) throws -> HTTPProbeResponse {
        var all = headers
        if let contentType { all.append(("Content-Type", contentType)) }
        guard let client else { return try InProcess.respond(server.respond(to:), method, target, headers: all, body: body) }
        return try client.request(method, target, headers: all, body: body)
    }

    public func get(_ target: String) throws -> HTTPProbeResponse {
        try request("GET", target)
    }

    /// `PATCH /controls/CONTROL/props` with a merge patch.
    public func patchProps(_ control: String, _ json: String, contentType: String = "application/merge-patch+json") throws
        -> HTTPProbeResponse {
        try request("PATCH", "/controls/\(control)/props", body: Array(json.utf8), contentType: contentType)
    }

    /// A command: parameters in the query, or in `form`.
    public func post(_ target: String, form: String? = nil) throws -> HTTPProbeResponse {
        try request("POST", target, body: Array((form ?? "").utf8),
                    contentType: form == nil ? nil : "application/x-www-form-urlencoded")
    }

    public func post(_ target: String, json: String) throws -> HTTPProbeResponse {
        try request("POST", target, body: Array(json.utf8), contentType: "application/json")
    }

    public func put(_ target: String, body: [UInt8], contentType: String?) throws -> HTTPProbeResponse {
        try request("PUT", target, body: body, contentType: contentType)
    }

    /// `GET /state`, decoded.
    public func state() throws -> StateReply {
        try decode(StateReply.self, from: get("/state"))
    }

    /// The scene time `/clock` reports (read as `jsonObject` reads it, so that it compares
    /// exactly with times read from other replies that way).
    public func sceneTime() throws -> Double {
        let reply = try get("/clock")
        guard let time = try jsonObject(reply)["sceneTime"] as? Double else {
            throw DecodingFailure(description: "/clock without a sceneTime: \(reply.text)")
        }
        return time
    }

    /// A PNG frame, checked and decoded.
    public func frame(_ query: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (response: HTTPProbeResponse, image: Bitmap) {
        let response = try get("/frame.png?" + query)
        #expect(response.status == 200, "\(query): \(response.text.prefix(200))", sourceLocation: sourceLocation)
        return (response, try PNGDecoder.decode(response.body))
    }

    /// Whether an ordinary request on a new connection is answered.
    public var isHealthy: Bool {
        (try? HTTPProbe.get(baseURL + "/healthz", timeout: .seconds(10)).status) == 200
    }
}

/// Starts a server for `body` and always stops it.
@discardableResult
public func withTestServer<T>(_ mode: TestServer.Mode = .live, controls: ControlList = .seeds,
                              clock: any ControllableClock = ManualClock(startingAt: 0),
                              configure: (inout PreviewServerConfiguration) -> Void = { _ in },
                              _ body: (TestServer) throws -> T) throws -> T {
    let server = try TestServer(mode, controls: controls, clock: clock, configure: configure)
    defer { server.stop() }
    return try body(server)
}

/// An HTTP server with `router` on 127.0.0.1 on a free port for `body`; always stopped.
@discardableResult
public func withHTTPServer<T>(_ router: Router, logger: Logger? = nil,
                              configure: (inout HTTPServerConfiguration) -> Void = { _ in },
                              _ body: (HTTPServer) throws -> T) throws -> T {
    var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
    configure(&configuration)
    let server = logger.map { HTTPServer(configuration: configuration, router: router, logger: $0) }
        ?? HTTPServer(configuration: configuration, router: router)
    try server.start()
    defer { server.stop() }
    return try body(server)
}

extension HTTPProbeResponse {
    /// The `X-Scene-Time` header as a number.
    public var sceneTime: Double? { header("X-Scene-Time").flatMap(Double.init) }
}
