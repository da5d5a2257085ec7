import CGif
import CWebP

/// An animated image decoded into whole canvases: what a viewer shows, frame by frame.
public struct DecodedClip: Sendable {
    public struct Frame: Sendable {
        /// The canvas after this frame is drawn: straight RGBA, rows packed.
        public var rgba: [UInt8]
        /// How long it shows, in the format's unit (`unitsPerSecond`).
        public var duration: Int
        /// The rectangle the file stored for this frame (GIF only; the whole canvas for WebP).
        public var rect: (x: Int, y: Int, width: Int, height: Int)
        /// GIF disposal (0…3) and transparent palette index, if any.
        public var disposal: Int
        public var transparentIndex: Int?
    }

    public var width: Int
    public var height: Int
    /// 0 loops forever; nil when the file does not say (a GIF without NETSCAPE2.0 plays once).
    public var loopCount: Int?
    public var unitsPerSecond: Int
    public var frames: [Frame]

    public var totalDuration: Int { frames.reduce(0) { $0 + $1.duration } }

    /// Straight RGBA at (x, y) of frame `index`; all zero outside.
    public func pixel(_ index: Int, x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard frames.indices.contains(index), x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let o = (y * width + x) * 4
        let p = frames[index].rgba
        guard o + 3 < p.count else { return (0, 0, 0, 0) }
        return (p[o], p[o + 1], p[o + 2], p[o + 3])
    }
}

public enum ClipDecodingError: Error, Equatable {
    case webp(String)
    case gif(String)
}

/// Decodes clips with the formats' own libraries: libwebp's WebPAnimDecoder and giflib's
/// DGifSlurp, so that the tests check what the encoders wrote with code that shares nothing with them.
public enum ClipDecoder {
    public static func decodeWebP(_ data: [UInt8]) throws -> DecodedClip {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw ClipDecodingError.webp("libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return try data.withUnsafeBufferPointer { buffer in
            var webp = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { throw ClipDecodingError.webp("not an animated WebP") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw ClipDecodingError.webp("no animation info") }
            let (w, h) = (Int(info.canvas_width), Int(info.canvas_height))
            var clip = DecodedClip(width: w, height: h, loopCount: Int(info.loop_count), unitsPerSecond: 1000, frames: [])
            var previousEnd: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else {
                    throw ClipDecodingError.webp("frame \(clip.frames.count) does not decode")
                }
                // The timestamp returned is the frame's end.
                clip.frames.append(.init(rgba: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)),
                                         duration: Int(end - previousEnd), rect: (0, 0, w, h), disposal: 0, transparentIndex: nil))
                previousEnd = end
            }
            return clip
        }
    }

    public static func decodeGIF(_ data: [UInt8]) throws -> DecodedClip {
        let source = GIFSource(data)
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), gifRead, &error) else {
            throw ClipDecodingError.gif(gifMessage(error))
        }
        defer { withExtendedLifetime(source) { _ = DGifCloseFile(gif, &error) } }
        guard DGifSlurp(gif) == GIF_OK else { throw ClipDecodingError.gif(gifMessage(gif.pointee.Error)) }
        let (w, h) = (Int(gif.pointee.SWidth), Int(gif.pointee.SHeight))
        guard w > 0, h > 0, w * h <= 1 << 26 else { throw ClipDecodingError.gif("invalid canvas \(w)×\(h)") }
        var clip = DecodedClip(width: w, height: h, loopCount: nil, unitsPerSecond: 100, frames: [])
        var canvas = [UInt8](repeating: 0, count: w * h * 4)
        let count = Int(gif.pointee.ImageCount)
        guard let images = gif.pointee.SavedImages, count > 0 else { return clip }
        for i in 0..<count {
            let image = images[i]
            if i == 0 { clip.loopCount = netscapeLoopCount(image) }
            var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            _ = DGifSavedExtensionToGCB(gif, Int32(i), &control)
            let d = image.ImageDesc
            let rect = (x: Int(d.Left), y: Int(d.Top), width: Int(d.Width), height: Int(d.Height))
            guard rect.x >= 0, rect.y >= 0, rect.x + rect.width <= w, rect.y + rect.height <= h,
                  let map = d.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors, let bits = image.RasterBits else {
                throw ClipDecodingError.gif("frame \(i) lies outside the canvas or has no colours")
            }
            let transparent = control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil
            let before = canvas
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let index = Int(bits[y * rect.width + x])
                    guard index != transparent, index < Int(map.pointee.ColorCount) else { continue }
                    let c = colors[index], o = ((rect.y + y) * w + rect.x + x) * 4
                    (canvas[o], canvas[o + 1], canvas[o + 2], canvas[o + 3]) = (c.Red, c.Green, c.Blue, 255)
                }
            }
            clip.frames.append(.init(rgba: canvas, duration: Int(control.DelayTime), rect: rect,
                                     disposal: Int(control.DisposalMode), transparentIndex: transparent))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in rect.y..<(rect.y + rect.height) {
                    for o in stride(from: (y * w + rect.x) * 4, to: (y * w + rect.x + rect.width) * 4, by: 1) { canvas[o] = 0 }
                }
            case DISPOSE_PREVIOUS:
                canvas = before
            default:
                break
            }
        }
        return clip
    }

    /// The NETSCAPE2.0 application extension's loop count: the block after the identifier is
    /// [1, low, high].
    private static func netscapeLoopCount(_ image: SavedImage) -> Int? {
        guard let blocks = image.ExtensionBlocks else { return nil }
        let n = Int(image.ExtensionBlockCount)
        func bytes(_ b: ExtensionBlock) -> [UInt8] {
            guard let p = b.Bytes, b.ByteCount > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: p, count: Int(b.ByteCount)))
        }
        for i in 0..<n where blocks[i].Function == APPLICATION_EXT_FUNC_CODE && bytes(blocks[i]) == Array("NETSCAPE2.0".utf8) {
            guard i + 1 < n else { return nil }
            let sub = bytes(blocks[i + 1])
            guard sub.count == 3, sub[0] == 1 else { return nil }
            return Int(sub[1]) | Int(sub[2]) << 8
        }
        return nil
    }
}

private func gifMessage(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
}

private final class GIFSource {
    let data: [UInt8]
    var offset = 0

    init(_ data: [UInt8]) {
        self.data = data
    }
}

private func gifRead(_ gif: UnsafeMutablePointer<GifFileType>?, _ out: UnsafeMutablePointer<GifByteType>?, _ count: Int32) -> Int32 {
    guard let gif, let out, let user = gif.pointee.UserData else { return 0 }
    let source = Unmanaged<GIFSource>.fromOpaque(user).takeUnretainedValue()
    let n = min(Int(count), source.data.count - source.offset)
    guard n > 0 else { return 0 }
    source.data.withUnsafeBufferPointer { buffer in
        if let base = buffer.baseAddress { out.update(from: base + source.offset, count: n) }
    }
    source.offset += n
    return Int32(n)
}
