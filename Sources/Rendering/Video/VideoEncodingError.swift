import CAVCodec

/// Why a video could not be encoded. Every libav failure ends here with its step and message;
/// nothing on the encoding path traps.
public enum VideoEncodingError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case invalidTiming(fps: Int, frameCount: Int)
    case frameSizeMismatch(expected: String, got: String)
    /// More frames than the count declared up front.
    case tooManyFrames(declared: Int)
    /// `finish()` before every declared frame was added.
    case missingFrames(declared: Int, added: Int)
    case finished
    /// The file outgrew the bound stated up front (see `VideoEncoder.outputLimit`).
    case outputTooLarge(limit: Int)
    /// This libavcodec was built without the encoder (libx264, libvpx-vp9).
    case encoderUnavailable(String)
    /// A libav call failed: what was being done, the AVERROR code and its text.
    case libav(step: String, code: Int32, message: String)

    public var description: String {
        switch self {
        case let .invalidSize(w, h): "cannot encode a video of \(w)×\(h) pixels"
        case let .invalidTiming(fps, frames): "cannot encode \(frames) frames at \(fps) fps"
        case let .frameSizeMismatch(expected, got): "frame is \(got), the video is \(expected)"
        case .tooManyFrames(let declared): "the video was declared with \(declared) frames; no more fit"
        case let .missingFrames(declared, added): "the video was declared with \(declared) frames but only \(added) were added"
        case .finished: "the video is already finished"
        case .outputTooLarge(let limit): "the encoded video outgrew its \(limit)-byte bound"
        case .encoderUnavailable(let name): "libavcodec has no \(name) encoder"
        case let .libav(step, code, message): "video encoding failed while \(step): \(message) (\(code))"
        }
    }

    /// A libav status: negative codes become `.libav`, others pass through.
    @discardableResult
    static func check(_ status: Int32, _ step: String) throws(VideoEncodingError) -> Int32 {
        guard status < 0 else { return status }
        throw .libav(step: step, code: status, message: text(of: status))
    }

    static func text(of code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        guard av_strerror(code, &buffer, buffer.count) == 0 else { return "unknown libav error" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
