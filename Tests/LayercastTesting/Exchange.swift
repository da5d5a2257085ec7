import HTTPClient

/// Sends `bytes` as they are on a new connection and reads the one answer (head, and a body of its
/// Content-Length): nil when the server closes or resets the connection without a word, which
/// includes a reset while the bytes are still being sent. An answer cut off in the middle throws.
public func exchange(port: Int, _ bytes: [UInt8], timeout: Duration = .seconds(10)) throws -> HTTPProbeResponse? {
    let socket = try BlockingSocket.connect(port: port, timeout: timeout)
    defer { socket.close() }
    try? socket.send(bytes)
    guard try socket.waitForBytes() else { return nil }
    return try socket.readResponse()
}

public func exchange(port: Int, _ text: String, timeout: Duration = .seconds(10)) throws -> HTTPProbeResponse? {
    try exchange(port: port, Array(text.utf8), timeout: timeout)
}
