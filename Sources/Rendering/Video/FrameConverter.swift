import CAVCodec
import CYUV

/// Turns Cairo frames into the encoder's yuv420p frames (limited range, the `matrix` the stream is
/// tagged with), without scaling.
///
/// Colour: video has no alpha, so each pixel is shown composited over black, which is what
/// Cairo's premultiplied words already are; they go to libswscale as they are (its RGB32 is
/// Cairo's native-endian ARGB32, alpha ignored), with no copy. This is the JPEG encoder's rule
/// too. Opaque frames (any clip with a colour or checkerboard background) are unaffected;
/// un-premultiplying first would instead show a transparent clip's antialiased edges at full
/// strength (hard, jagged edges).
///
/// Size: yuv420p holds one colour sample per 2×2 pixels, so the coded size is even. An odd width
/// or height gets one extra column or row on the right or at the bottom that shows the frame's
/// `background`, painted once at the coded size (so a checkerboard continues its squares) with
/// each picture copied over its top-left corner: the picture is never scaled or moved, and the
/// padding is what the frame would show there had it been one pixel larger, without its layers.
final class FrameConverter {
    /// How RGB becomes YUV.
    enum Matrix {
        /// BT.709 through libswscale's bit-exact C path: the same bytes on every CPU, for clips
        /// (the scenario video's headless and server renders must match, StudioVideoTests).
        case bt709Exact
        /// BT.601 through libyuv's SIMD rows: 0.04 ms a 480×480 frame against libswscale's 0.73
        /// (docs/performance.md), for live streams, whose bytes need not repeat across machines.
        case bt601Fast

        /// The tag that tells a decoder which matrix to undo.
        var colorspace: AVColorSpace {
            switch self {
            case .bt709Exact: AVCOL_SPC_BT709
            case .bt601Fast: AVCOL_SPC_SMPTE170M
            }
        }
    }

    let width: Int
    let height: Int
    let matrix: Matrix
    /// The encoder's frame at the coded size, reused for every picture.
    let frame: UnsafeMutablePointer<AVFrame>
    /// `bt709Exact` only.
    private let scaler: OpaquePointer?
    /// Odd sizes only: the background at the coded size (4 bytes a pixel), each picture copied
    /// over its top-left `width` × `height`.
    private var padded: [UInt8] = []

    private var codedWidth: Int { Self.coded(width) }
    private var codedHeight: Int { Self.coded(height) }

    static func coded(_ length: Int) -> Int { length + length % 2 }

    init(width: Int, height: Int, background: Background, matrix: Matrix) throws(VideoEncodingError) {
        self.width = width
        self.height = height
        self.matrix = matrix
        guard let frame = av_frame_alloc() else {
            throw .libav(step: "allocating a frame", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        self.frame = frame
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(Self.coded(width))
        frame.pointee.height = Int32(Self.coded(height))
        if Self.coded(width) != width || Self.coded(height) != height {
            padded = background.pixels(width: Self.coded(width), height: Self.coded(height))
        }
        var released: UnsafeMutablePointer<AVFrame>? = frame
        do {
            try VideoEncodingError.check(av_frame_get_buffer(frame, 0), "allocating frame buffers")
        } catch {
            av_frame_free(&released)
            throw error
        }
        guard matrix == .bt709Exact else {
            scaler = nil
            return
        }
        // Same size in and out: libswscale only converts (and subsamples the colour). BITEXACT and
        // ACCURATE_RND keep to the exact C path, the same on every CPU, for about 0.3 ms a frame
        // more at 480×480 than the SIMD one.
        let (w, h) = (Int32(Self.coded(width)), Int32(Self.coded(height)))
        guard let scaler = sws_getContext(w, h, layercast_av_pix_fmt_cairo(), w, h, AV_PIX_FMT_YUV420P,
                                          SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil) else {
            av_frame_free(&released)
            throw .libav(step: "creating the colour converter", code: layercast_averror(EINVAL), message: "unsupported conversion")
        }
        self.scaler = scaler
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        // Full-range RGB in, limited-range (16…235) YUV out; brightness, contrast, saturation neutral.
        sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
    }

    deinit {
        sws_freeContext(scaler)
        var released: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&released)
    }

    /// Fills `frame` with `image` (which must be `width` × `height`), stamped `pts`.
    func convert(_ image: RenderedImage, pts: Int64) throws(VideoEncodingError) -> UnsafeMutablePointer<AVFrame> {
        // The encoder may still hold the last picture's buffers; this copies them if so.
        try VideoEncodingError.check(av_frame_make_writable(frame), "making the frame writable")
        // libswscale reads four planes and four strides on each side, whatever the format uses, and
        // decides its path on all of them (valgrind: "conditional jump depends on uninitialised
        // value" in sws_scale). Shorter arrays let it read past their ends into whatever the heap
        // held, which, in a busy process, now and then changed a few pixels of the converted
        // picture and so the MP4's bytes (StudioVideoTests).
        let planes = [frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2, nil]
        let strides = [frame.pointee.linesize.0, frame.pointee.linesize.1, frame.pointee.linesize.2, 0]
        if !padded.isEmpty { pad(image) }
        let (source, stride, rows) = padded.isEmpty ? (image.pixels, image.stride, height) : (padded, codedWidth * 4, codedHeight)
        let status = source.withUnsafeBufferPointer { pixels in
            if let scaler {
                return min(sws_scale(scaler, [pixels.baseAddress, nil, nil, nil], [Int32(stride), 0, 0, 0], 0,
                                     Int32(rows), planes, strides), 0)
            }
            // libyuv's "ARGB" is the same little-endian word as Cairo's ARGB32; it answers -1 to bad sizes.
            let converted = ARGBToI420(pixels.baseAddress, Int32(stride), planes[0], strides[0], planes[1], strides[1],
                                       planes[2], strides[2], Int32(padded.isEmpty ? width : codedWidth), Int32(rows))
            return converted == 0 ? 0 : layercast_averror(EINVAL)
        }
        _ = try VideoEncodingError.check(status, "converting the frame to yuv420p")
        frame.pointee.pts = pts
        return frame
    }

    /// Copies `image` over the top-left of `padded`; the added column and row keep the background.
    private func pad(_ image: RenderedImage) {
        let row = width * 4, codedRow = codedWidth * 4
        padded.withUnsafeMutableBytes { out in
            image.pixels.withUnsafeBytes { source in
                for y in 0..<height {
                    let from = y * image.stride, to = y * codedRow
                    out[to..<to + row].copyBytes(from: source[from..<from + row])
                }
            }
        }
    }
}
