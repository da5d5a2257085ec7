import Foundation

/// One request written by hand on a fresh connection, for what `SimpleHTTPClient` does not do:
/// sending only part of a declared body and reading the answer the server gives early, as curl does
/// with `Expect: 100-continue`. (A client that insists on sending a refused body first may see the
/// connection reset before it reads the 413.)
struct RawHTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
}

func rawHTTP(port: Int, head: String, bodyPrefix: [UInt8] = [], timeout: Double = 5) throws -> RawHTTPResponse {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SocketError(description: "socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let rc = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard rc == 0 else { throw SocketError(description: "connect failed: errno \(errno)") }
    let request = Array(head.utf8) + bodyPrefix
    let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == request.count else { throw SocketError(description: "send failed: errno \(errno)") }

    var received: [UInt8] = []
    let separator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    var length: Int?
    while true {
        if let end = headEnd, let length, received.count >= end + length { break }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) > 0 else { throw SocketError(description: "timed out") }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        received += chunk[0..<n]
        if headEnd == nil, let range = received.firstRange(of: separator) {
            headEnd = range.upperBound
            let text = String(decoding: received[..<range.lowerBound], as: UTF8.self)
            length = text.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
        }
    }
    guard let end = headEnd else { throw SocketError(description: "no response head in \(received.count) bytes") }
    let lines = String(decoding: received[..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines.first?.split(separator: " ") ?? []
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
        throw SocketError(description: "bad status line \(lines.first ?? "")")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return RawHTTPResponse(status: status, headers: headers, body: Array(received[end...]))
}
