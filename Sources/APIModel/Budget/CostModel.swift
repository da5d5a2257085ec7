/// The prices of the cost model: how many bytes a request holds while it runs, from its declared
/// parameters alone. Each is an upper bound of the peak RSS one such request added to an idle
/// release server, per pixel (docs/security.md §The cost model's prices has the measurements). Pixels are
/// width × height × scale² of one frame.
package enum CostModel {
    /// A frame holds its surface (4 bytes a pixel), one more surface-sized buffer at its peak (the
    /// blurred artwork drawn at the frame's size, or the encoder's copy of the pixels) and its
    /// encoded bytes: measured at 4096×4096, 4.3 bytes a pixel for JPEG, 7.3–8.3 for PNG, 7.9 with
    /// the player's blur. PNG copies the pixels once more to encode them.
    package static let jpegFrameBytesPerPixel = 10
    package static let pngFrameBytesPerPixel = 12

    package static func frameBytes(pixels: Int, png: Bool) -> Int {
        pixels * (png ? pngFrameBytesPerPixel : jpegFrameBytesPerPixel)
    }

    /// A stream's feed renders a JPEG frame per tick and keeps the newest part (and the one a slow
    /// viewer is still sending): a frame and two parts.
    package static let feedBytesPerPixel = 12

    package static func feedBytes(pixels: Int) -> Int {
        pixels * feedBytesPerPixel
    }

    /// A live video feed's encoder besides the feed's frame: libx264 at zero latency (no look-ahead,
    /// no B-frames, one reference frame) and the one fragment the muxer holds. The peak rose 12 MiB
    /// at 800×600 and 21 MiB at 1000×750 over an MJPEG feed's (26–29 bytes a pixel, a debug server
    /// streaming the four controls), against the clip encoder's look-ahead at 150 a pixel.
    package static let liveVideoBytesPerPixel = 40
    package static let liveVideoFixedBytes = 4 << 20

    package static func liveVideoBytes(pixels: Int) -> Int {
        pixels * liveVideoBytesPerPixel + liveVideoFixedBytes
    }

    /// Another viewer of a feed holds only its connection's buffers (libmicrohttpd's 32 KiB
    /// memory pool and the stream response's 32 KiB block); the parts it sends are the feed's.
    package static let viewerBytes = 64 << 10

    /// The animated-image and video encoders keep reference canvases or frames and candidate
    /// encodings of their own besides the frame being rendered, then the compressed file.
    package struct ClipEncoder: Sendable {
        package var name: String
        /// Bytes per pixel at the peak, the frame's own surfaces included.
        package var bytesPerPixel: Int
        /// Bytes of compressed file per pixel-frame, in thousandths: well above the spinning
        /// player, the least compressible scene (0.27 lossless, 0.034 lossy, 0.14 GIF).
        package var fileMillibytesPerPixelFrame: Int
        /// What the encoder allocates whatever the size (libimagequant's histogram, say).
        package var fixedBytes: Int

        /// libwebp's WebPAnimEncoder: 373 MiB for one 4096×4096 frame (22 bytes a pixel), 26.6
        /// MiB at 1024×1024.
        package static let webp = ClipEncoder(name: "WebP", bytesPerPixel: 24, fileMillibytesPerPixelFrame: 100,
                                      fixedBytes: 4 << 20)
        /// Lossless frames: 551 MiB at 4096×4096 (33 bytes a pixel), 42 MiB at 1024×1024.
        package static let webpLossless = ClipEncoder(name: "lossless WebP", bytesPerPixel: 36, fileMillibytesPerPixelFrame: 500,
                                              fixedBytes: 8 << 20)
        /// giflib and libimagequant: 148 MiB at 4096×4096 (9 bytes a pixel), 25.7 MiB at 1024×1024.
        package static let gif = ClipEncoder(name: "GIF", bytesPerPixel: 12, fileMillibytesPerPixelFrame: 250,
                                     fixedBytes: 16 << 20)

        /// libx264 (medium preset, a 20-frame look-ahead, one thread) holds its look-ahead and
        /// reference frames with their half-pixel planes: the peak rose 41 MiB at 480×480, 155 MiB
        /// at 1024×1024 and 257 MiB at 1440×1440 (`layercast-bench video`, the render included);
        /// 178 MiB for the server's 1100×1100 clip of the playing player (docs/security.md).
        /// The file: 0.006 bytes a pixel-frame for the playing player.
        package static let mp4 = ClipEncoder(name: "MP4", bytesPerPixel: 150, fileMillibytesPerPixelFrame: 50,
                                     fixedBytes: 16 << 20)
        /// libvpx's VP9 (realtime, no look-ahead frames): 22 MiB at 256×256, 103 MiB at 1024×1024,
        /// 183 MiB at 1440×1440; 173 MiB for the server's 1300×1300 clip of the playing player. Its
        /// file is about the MP4's size.
        package static let webm = ClipEncoder(name: "WebM", bytesPerPixel: 96, fileMillibytesPerPixelFrame: 50,
                                      fixedBytes: 24 << 20)

        package static let all = [webp, webpLossless, gif, mp4, webm]

        package var formula: String {
            "pixels × \(bytesPerPixel) + pixel-frames × \(Double(fileMillibytesPerPixelFrame) / 1000)"
                + " + \(fixedBytes >> 20) MiB for \(name) clips"
        }
    }

    package static func clipBytes(pixels: Int, frames: Int, encoder: ClipEncoder) -> Int {
        pixels * encoder.bytesPerPixel + pixels * frames / 1000 * encoder.fileMillibytesPerPixelFrame
            + encoder.fixedBytes
    }

    /// An artwork upload decodes to RGBA, then to the bitmap the scene keeps: two buffers of
    /// width × height × 4 while it runs (its body is already counted from its Content-Length).
    package static let artworkDecodeBytesPerPixel = 8

    package static func artworkDecodeBytes(width: Int, height: Int) -> Int {
        width * height * artworkDecodeBytesPerPixel
    }

    /// How the memory budget prices each kind of request, for the README and refusals.
    package static let memoryFormula = "pixels × \(pngFrameBytesPerPixel) for a PNG frame, × \(jpegFrameBytesPerPixel) for a "
        + "JPEG one; pixels × \(feedBytesPerPixel) for a stream feed and \(viewerBytes >> 10) KiB for each viewer; "
        + "pixels × \(liveVideoBytesPerPixel) + \(liveVideoFixedBytes >> 20) MiB more for a live video feed's encoder; "
        + ClipEncoder.all.map(\.formula).joined(separator: "; ") + "; an upload its Content-Length, then width × height × "
        + "\(artworkDecodeBytesPerPixel) while it is decoded. Once an answer is made, only its bytes are held until sent"
}
