import Foundation
import HTTPClient
#if canImport(Glibc)
import Glibc
#endif

/// A real `redis-server` for one test or one benchmark run, on a free loopback port, in a temporary
/// folder, with the append-only file fsynced at every write (`appendfsync always`): what the
/// replicas' log promises holds only with that (docs/design/replication.md §Durability). Its owner
/// stops it; `restart()` stops it and starts it again on the same port and files.
public final class RedisProcess {
    public let port: Int
    public let directory: URL
    private var process: Process?

    /// Where Debian's package puts it (scripts/install-deps.sh test installs it).
    public static let binary = "/usr/bin/redis-server"

    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw RedisProcessError("no \(Self.binary): run scripts/install-deps.sh test")
        }
        port = try LoopbackPort.free()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-redis-\(port)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `redis://127.0.0.1:PORT/NAME`.
    public func url(scene name: String) -> String { "redis://127.0.0.1:\(port)/\(name)" }

    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--dir", directory.path,
                             "--appendonly", "yes", "--appendfsync", "always", "--save", "",
                             // DEBUG SLEEP stalls Redis for a test of a lost answer (Tests/PreviewServerTests/Replication/ReplicaTests.swift).
                             "--enable-debug-command", "local",
                             "--logfile", directory.appendingPathComponent("redis.log").path]
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? ping()) == true { return }
            guard process.isRunning else { throw RedisProcessError("redis-server exited: see \(directory.path)/redis.log") }
            usleep(20_000)
        }
        throw RedisProcessError("redis-server did not answer PING within 10 s")
    }

    /// `SHUTDOWN` (Redis flushes the append-only file and exits), and waits for the exit; SIGKILL
    /// after 10 s. Not SIGTERM: a child started from the test runner's threads inherits their
    /// blocked signals, and ignores it.
    public func stop() {
        guard let process else { return }
        self.process = nil
        _ = try? command(["SHUTDOWN"])
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { usleep(10_000) }
    }

    /// Ends it with SIGKILL, as a crash would: no flush beyond what `appendfsync always` already wrote.
    public func crash() {
        guard let process else { return }
        self.process = nil
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public func restart() throws {
        stop()
        try start()
    }

    /// Whether redis-server's main thread is asleep in `clock_nanosleep` or `nanosleep` (Linux's
    /// /proc/PID/syscall): a `DEBUG SLEEP` has begun, so a command sent now waits on it. Idle, the
    /// thread waits in `epoll_wait`, so this tells a stall set up by a test from one still on its way.
    public var isAsleep: Bool {
        // Read to its end: a /proc file's size reads as 0.
        guard let process, let file = FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/syscall"),
              let data = try? file.readToEnd() else { return false }
        try? file.close()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.flatMap { Int($0) }.map(Self.sleepCalls.contains) ?? false
    }

    /// clock_nanosleep and nanosleep, by the machine's system call numbers.
    #if arch(arm64)
    private static let sleepCalls: Set<Int> = [115, 101]
    #else
    private static let sleepCalls: Set<Int> = [230, 35]
    #endif

    /// Whether it answers `PING` with `+PONG`.
    public func ping() throws -> Bool {
        try command(["PING"]).hasPrefix("+PONG")
    }

    /// One command in RESP on a new connection; the reply's raw text, read until `complete` says
    /// it is whole (by default its first line: the integers and statuses the tests read).
    public func command(_ arguments: [String],
                        complete: ([UInt8]) -> Bool = { $0.contains(UInt8(ascii: "\n")) }) throws -> String {
        let socket = try BlockingSocket.connect(port: port)
        defer { socket.close() }
        var request = "*\(arguments.count)\r\n"
        for a in arguments { request += "$\(a.utf8.count)\r\n\(a)\r\n" }
        try socket.send(request)
        var reply: [UInt8] = []
        while !complete(reply), let chunk = try socket.receive(timeout: .seconds(5)) { reply += chunk }
        return String(decoding: reply, as: UTF8.self)
    }

    /// A short bulk-string reply (`HGET`); nil for a null one.
    public func string(_ arguments: [String]) throws -> String? {
        // "$-1\r\n", or "$N\r\n" and the value's line.
        let reply = try command(arguments) { reply in
            reply.starts(with: Array("$-1".utf8)) ? reply.contains(UInt8(ascii: "\n"))
                : reply.filter { $0 == UInt8(ascii: "\n") }.count >= 2 || reply.first == UInt8(ascii: "-")
        }
        let lines = reply.components(separatedBy: "\r\n")
        guard let head = lines.first, head.hasPrefix("$") else { throw RedisProcessError("not a string reply to \(arguments): \(lines)") }
        return head == "$-1" ? nil : lines.dropFirst().first
    }

    /// An integer reply (`XLEN`, `EXISTS`).
    public func integer(_ arguments: [String]) throws -> Int {
        let reply = try command(arguments)
        guard reply.hasPrefix(":"), let value = Int(reply.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw RedisProcessError("not an integer reply to \(arguments): \(reply)")
        }
        return value
    }
}

public struct RedisProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
