/// When the frames of a clip are sampled and how long each one shows.
///
/// Frame i shows the scene at `start + i / fps`. Container formats store durations in whole units
/// (milliseconds for WebP, centiseconds for GIF); rounding each frame's duration on its own would
/// let the errors add up, so frame i starts at round(i · units / fps) and the last one ends at
/// round(seconds · units): every duration is within one unit of 1/fps and they sum to the clip's
/// length exactly.
public struct ClipTiming: Sendable, Equatable {
    public let seconds: Double
    public let fps: Int

    public init(seconds: Double, fps: Int) {
        self.seconds = seconds.isFinite ? max(seconds, 0) : 0
        self.fps = max(fps, 1)
    }

    /// round(seconds × fps), at least one.
    public var frameCount: Int {
        max(1, Int((seconds * Double(fps)).rounded()))
    }

    /// Seconds from the clip's start to frame `index`.
    public func offset(ofFrame index: Int) -> Double {
        Double(index) / Double(fps)
    }

    /// Each frame's duration in 1/`unitsPerSecond` seconds; they sum to round(seconds × units).
    public func durations(unitsPerSecond units: Int) -> [Int] {
        let n = frameCount
        func start(_ i: Int) -> Int { Int((Double(i) * Double(units) / Double(fps)).rounded()) }
        let end = Int((seconds * Double(units)).rounded())
        return (0..<n).map { i in (i + 1 < n ? start(i + 1) : max(end, start(i))) - start(i) }
    }
}

/// Straight (not premultiplied) RGBA bytes, rows packed: what libwebp's and libimagequant's
/// importers read. Cairo's words are premultiplied ARGB in native byte order.
func straightRGBA(_ image: RenderedImage) -> [UInt8] {
    let (w, h) = (image.width, image.height)
    return [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, count in
        image.pixels.withUnsafeBytes { src in
            for y in 0..<h {
                let row = y * image.stride
                var o = y * w * 4
                for x in 0..<w {
                    let v = src.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                    let a = v >> 24
                    var (r, g, b) = ((v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)
                    if a != 255 && a != 0 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    out[o] = UInt8(r)
                    out[o + 1] = UInt8(g)
                    out[o + 2] = UInt8(b)
                    out[o + 3] = UInt8(a)
                    o += 4
                }
            }
        }
        count = w * h * 4
    }
}

/// Why a clip could not be encoded.
public enum ClipEncodingError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case frameSizeMismatch(expected: String, got: String)
    case finished
    case webp(String)
    case gif(String)

    public var description: String {
        switch self {
        case let .invalidSize(w, h): "cannot encode a clip of \(w)×\(h) pixels"
        case let .frameSizeMismatch(expected, got): "frame is \(got), the clip is \(expected)"
        case .finished: "the clip is already finished"
        case .webp(let reason): "WebP animation encoding failed: \(reason)"
        case .gif(let reason): "GIF encoding failed: \(reason)"
        }
    }
}
