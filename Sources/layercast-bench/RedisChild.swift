import Foundation
import HTTPClient

/// The bench's own `redis-server` child for `replicas`: a free loopback port, a temporary folder,
/// the append-only file fsynced at every write, as deploy/ runs it. Stopped with `SHUTDOWN`.
final class RedisChild {
    let port: Int
    private let process = Process()
    private let directory: URL

    init() throws {
        let binary = "/usr/bin/redis-server"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("no \(binary): run scripts/install-deps.sh test")
        }
        port = try ServerUnderTest.freePort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-bench-redis-\(port)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--dir", directory.path,
                             "--appendonly", "yes", "--appendfsync", "always", "--save", "",
                             "--logfile", directory.appendingPathComponent("redis.log").path]
        try process.run()
        let deadline = monotonicNow() + 10
        while monotonicNow() < deadline {
            if (try? command(["PING"]))?.hasPrefix("+PONG") == true { return }
            usleep(20_000)
        }
        throw BenchError("redis-server did not answer PING within 10 s")
    }

    func url(scene: String) -> String { "redis://127.0.0.1:\(port)/\(scene)" }

    func stop() {
        guard process.isRunning else { return }
        _ = try? command(["SHUTDOWN"])
        let deadline = monotonicNow() + 10
        while process.isRunning && monotonicNow() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    /// One command in RESP on a new connection; the first line of the reply.
    private func command(_ arguments: [String]) throws -> String {
        let socket = try BlockingSocket.connect(port: port)
        defer { socket.close() }
        try socket.send("*\(arguments.count)\r\n" + arguments.map { "$\($0.utf8.count)\r\n\($0)\r\n" }.joined())
        return try socket.readLine(timeout: .seconds(5))
    }
}
