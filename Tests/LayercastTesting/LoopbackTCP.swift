import Foundation
import Glibc

/// What Linux's table of TCP sockets (/proc/net/tcp) says of a connection on 127.0.0.1: whether
/// the server's end has read every byte the client sent. A test that sends a request in pieces
/// waits on this before the next piece, so the server reads each piece on its own, where a pause
/// between them would only hope it does.
public enum LoopbackTCP {
    /// The local port of a connected socket.
    public static func localPort(of descriptor: Int32) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return status == 0 ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    /// True when the client's socket (`descriptor`) has nothing unacknowledged and the server's
    /// end of the connection (local port `serverPort`) has nothing left unread.
    public static func serverHasRead(from descriptor: Int32, serverPort: Int) -> Bool {
        guard let client = localPort(of: descriptor), let table = procFile("/proc/net/tcp") else { return false }
        // Each row: sl, local address, remote address, state, tx_queue:rx_queue, … (hex, ports last).
        var clientSent: Int?, serverUnread: Int?
        for row in table.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: " ")
            guard fields.count > 4, let local = port(fields[1]), let remote = port(fields[2]) else { continue }
            let queues = fields[4].split(separator: ":").map { Int($0, radix: 16) }
            guard queues.count == 2, let tx = queues[0], let rx = queues[1] else { continue }
            if local == client && remote == serverPort { clientSent = tx }
            if local == serverPort && remote == client { serverUnread = rx }
        }
        return clientSent == 0 && serverUnread == 0
    }

    /// The whole of a /proc file, read until its end: its size reads as 0, so a reader that goes by
    /// the size gets only the first page of a table of hundreds of sockets.
    public static func procFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += chunk[0..<n]
        }
    }

    /// "0100007F:1F90" → 8080.
    private static func port(_ address: Substring) -> Int? {
        address.split(separator: ":").last.flatMap { Int($0, radix: 16) }
    }
}
