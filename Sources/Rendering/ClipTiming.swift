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
