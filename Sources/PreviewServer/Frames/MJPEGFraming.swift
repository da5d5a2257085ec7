import Scenes

/// The multipart framing of an MJPEG stream. The boundary goes right after each frame, because
/// Chrome shows a part only once the next boundary has arrived (Chromium bug 527446).
enum MJPEGFraming {
    static let boundary = "frame"
    static let contentType = "multipart/x-mixed-replace;boundary=\(boundary)"
    static let preamble = Array("--\(boundary)\r\n".utf8)

    static func part(jpeg: [UInt8], timestamp: String, sceneTime: Double) -> [UInt8] {
        let head = "Content-Type: image/jpeg\r\nContent-Length: \(jpeg.count)\r\n"
            + "X-Timestamp: \(timestamp)\r\nX-Scene-Time: \(formatSceneTime(sceneTime))\r\n\r\n"
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(bytes.count + jpeg.count + 16)
        bytes += jpeg
        bytes += Array("\r\n--\(boundary)\r\n".utf8)
        return bytes
    }
}
