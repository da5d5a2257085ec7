import HTTPServer
import Scenes

/// The unit a stream connection is sending and how far it has got: shared by feed viewers (an MJPEG
/// part, a video fragment) and event subscribers, which all hold one unit at a time.
struct PartCursor {
    private(set) var current: [UInt8]
    private(set) var offset = 0
    private(set) var sequence: UInt64 = 0

    init(preamble: [UInt8]) {
        current = preamble
    }

    var isDrained: Bool { offset >= current.count }

    /// Starts on a part taken from a broadcast of parts.
    mutating func replace(with part: Broadcast<[UInt8]>.Item) {
        current = part.value
        offset = 0
        sequence = part.sequence
    }

    /// Starts on `bytes`, the unit numbered `sequence`.
    mutating func replace(with bytes: [UInt8], sequence: UInt64) {
        current = bytes
        offset = 0
        self.sequence = sequence
    }

    /// Copies the next bytes of the part into `buffer`; returns how many.
    mutating func copy(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(buffer.count, current.count - offset)
        current.withUnsafeBytes { src in
            guard let base = src.baseAddress, let dst = buffer.baseAddress else { return }
            dst.copyMemory(from: base + offset, byteCount: n)
        }
        offset += n
        return n
    }
}
