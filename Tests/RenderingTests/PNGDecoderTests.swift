import Animation
import CSpng
import Foundation
import LayercastTesting
import Testing
@testable import Rendering
import SeedControls

/// The PNG decoder behind artwork uploads: each colour type, bit depth and interlacing decodes to
/// the right premultiplied pixels; oversized, truncated and malformed files are refused, the
/// oversized ones from their header.
@Suite struct PNGDecoderTests {

    struct PNGError: Error, CustomStringConvertible {
        let description: String
    }

    /// A PNG made by libspng's encoder from rows in the file's own sample layout (16-bit samples
    /// in host byte order, as libspng takes them).
    static func png(width: Int, height: Int, colorType: spng_color_type, bitDepth: Int = 8, interlaced: Bool = false,
                    rows: [UInt8], palette: [(UInt8, UInt8, UInt8)] = [], paletteAlpha: [UInt8] = [],
                    compressedText: String? = nil) throws -> [UInt8] {
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw PNGError(description: "no context") }
        defer { spng_ctx_free(ctx) }
        func check(_ status: Int32, _ what: String) throws {
            if status != 0 { throw PNGError(description: "\(what): \(String(cString: spng_strerror(status)))") }
        }
        try check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1), "option")
        var ihdr = spng_ihdr(width: UInt32(width), height: UInt32(height), bit_depth: UInt8(bitDepth),
                             color_type: UInt8(colorType.rawValue), compression_method: 0, filter_method: 0,
                             interlace_method: interlaced ? 1 : 0)
        try check(spng_set_ihdr(ctx, &ihdr), "IHDR")
        if !palette.isEmpty {
            var plte = spng_plte()
            plte.n_entries = UInt32(palette.count)
            withUnsafeMutableBytes(of: &plte.entries) { raw in
                let entries = raw.bindMemory(to: spng_plte_entry.self)
                for (i, c) in palette.enumerated() { entries[i] = spng_plte_entry(red: c.0, green: c.1, blue: c.2, alpha: 255) }
            }
            try check(spng_set_plte(ctx, &plte), "PLTE")
        }
        if !paletteAlpha.isEmpty {
            var trns = spng_trns()
            trns.n_type3_entries = UInt32(paletteAlpha.count)
            withUnsafeMutableBytes(of: &trns.type3_alpha) { raw in
                for (i, a) in paletteAlpha.enumerated() { raw[i] = a }
            }
            try check(spng_set_trns(ctx, &trns), "tRNS")
        }
        // libspng may keep the text pointer until it encodes, so the text lives across both.
        var textBytes = Array((compressedText ?? "").utf8CString)
        return try textBytes.withUnsafeMutableBufferPointer { buffer in
            if compressedText != nil {
                var text = spng_text()
                withUnsafeMutableBytes(of: &text.keyword) { raw in
                    for (i, b) in "Comment".utf8.enumerated() { raw[i] = b }
                }
                text.type = Int32(SPNG_ZTXT.rawValue)
                text.length = buffer.count - 1
                text.text = buffer.baseAddress
                try check(spng_set_text(ctx, &text, 1), "zTXt")
            }
            try rows.withUnsafeBytes { raw in
                try check(spng_encode_image(ctx, raw.baseAddress, raw.count, Int32(SPNG_FMT_PNG.rawValue),
                                            Int32(SPNG_ENCODE_FINALIZE.rawValue)), "encode")
            }
            var length = 0
            var error: Int32 = 0
            guard let bytes = spng_get_png_buffer(ctx, &length, &error) else { throw PNGError(description: "no buffer") }
            defer { free(bytes) }
            return [UInt8](UnsafeRawBufferPointer(start: bytes, count: length))
        }
    }

    /// Premultiplied ARGB32 from straight components, rounded to the nearest (a × c / 255 never
    /// falls on a half, 255 being odd).
    static func argb(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> UInt32 {
        func p(_ c: Int) -> UInt32 { UInt32((Double(c * a) / 255).rounded()) }
        return UInt32(a) << 24 | p(r) << 16 | p(g) << 8 | p(b)
    }

    @Test func rgbaWithAlphaIsPremultiplied() throws {
        let png = try Self.png(width: 2, height: 2, colorType: SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, rows: [
            255, 0, 0, 255, /**/ 10, 200, 30, 128,
            90, 90, 250, 0, /**/ 255, 255, 255, 64,
        ])
        let bitmap = try PNGDecoder.decode(png)
        #expect(bitmap.width == 2 && bitmap.height == 2)
        #expect(bitmap.pixels == [Self.argb(255, 0, 0), Self.argb(10, 200, 30, 128), 0, Self.argb(255, 255, 255, 64)])
        #expect(bitmap.pixels[1] == 0x8005_640F && bitmap.pixels[3] == 0x4040_4040)
        #expect(!bitmap.isOpaque)
    }

    @Test func rgbIsOpaque() throws {
        let png = try Self.png(width: 3, height: 1, colorType: SPNG_COLOR_TYPE_TRUECOLOR, rows: [1, 2, 3, 200, 100, 50, 0, 0, 0])
        let bitmap = try PNGDecoder.decode(png)
        #expect(bitmap.pixels == [0xFF01_0203, 0xFFC8_6432, 0xFF00_0000])
        #expect(bitmap.isOpaque)
    }

    @Test func paletteWithTransparencyLooksUpEachIndex() throws {
        // Two bits per index, four pixels in one byte: 2, 0, 3, 1.
        let png = try Self.png(width: 4, height: 1, colorType: SPNG_COLOR_TYPE_INDEXED, bitDepth: 2,
                               rows: [0b10_00_11_01], palette: [(255, 0, 0), (0, 255, 0), (0, 0, 255), (20, 40, 60)],
                               paletteAlpha: [255, 0, 51])
        let bitmap = try PNGDecoder.decode(png)
        // Index 3 has no tRNS entry, so it is opaque.
        #expect(bitmap.pixels == [Self.argb(0, 0, 255, 51), 0xFFFF_0000, 0xFF14_283C, 0])
    }

    @Test func greyAndGreyAlphaBecomeRGB() throws {
        let grey = try Self.png(width: 4, height: 1, colorType: SPNG_COLOR_TYPE_GRAYSCALE, bitDepth: 4, rows: [0x0F, 0x7A])
        // Four-bit levels scale by 17: 0, 15, 7, 10 → 0, 255, 119, 170.
        #expect(try PNGDecoder.decode(grey).pixels == [0xFF00_0000, 0xFFFF_FFFF, 0xFF77_7777, 0xFFAA_AAAA])
        let greyAlpha = try Self.png(width: 2, height: 1, colorType: SPNG_COLOR_TYPE_GRAYSCALE_ALPHA, rows: [200, 255, 200, 100])
        #expect(try PNGDecoder.decode(greyAlpha).pixels == [0xFFC8_C8C8, Self.argb(200, 200, 200, 100)])
    }

    /// Samples whose two bytes differ a little: the high byte is the 8-bit value however 16 bits
    /// are reduced (cut or rounded), and a swapped byte order would show.
    @Test func sixteenBitSamplesKeepTheirHighByte() throws {
        let samples: [UInt16] = [0xABB0, 0x1210, 0xFFFF, 0xFFFF, /**/ 0x0000, 0x8082, 0x4040, 0x8080]
        let rows = samples.flatMap { v in withUnsafeBytes(of: v) { Array($0) } }
        let png = try Self.png(width: 2, height: 1, colorType: SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, bitDepth: 16, rows: rows)
        #expect(try PNGDecoder.decode(png).pixels == [0xFFAB_12FF, Self.argb(0x00, 0x80, 0x40, 0x80)])
    }

    @Test func interlacedDecodesToTheSamePixels() throws {
        // 9×9 covers all seven Adam7 passes; every pixel differs.
        let (w, h) = (9, 9)
        func rgb(_ x: Int, _ y: Int) -> [Int] { [x * 28, y * 28, x * 9 + y] }
        let rows: [UInt8] = (0..<h).flatMap { y in (0..<w).flatMap { x in rgb(x, y).map { UInt8($0) } } }
        let plain = try PNGDecoder.decode(try Self.png(width: w, height: h, colorType: SPNG_COLOR_TYPE_TRUECOLOR, rows: rows))
        let interlacedPNG = try Self.png(width: w, height: h, colorType: SPNG_COLOR_TYPE_TRUECOLOR, interlaced: true, rows: rows)
        #expect(interlacedPNG[28] == 1)  // IHDR interlace method: Adam7
        let interlaced = try PNGDecoder.decode(interlacedPNG)
        let expected: [UInt32] = (0..<h).flatMap { y in (0..<w).map { x in Self.argb(rgb(x, y)[0], rgb(x, y)[1], rgb(x, y)[2]) } }
        #expect(plain.pixels == expected)
        #expect(interlaced.pixels == expected)
    }

    @Test func eachDecodeIsANewBitmap() throws {
        let png = try Self.png(width: 1, height: 1, colorType: SPNG_COLOR_TYPE_TRUECOLOR, rows: [1, 2, 3])
        #expect(try PNGDecoder.decode(png).id != PNGDecoder.decode(png).id)
    }

    @Test func rejectsNonPNG() {
        #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode([]) }
        #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode(Array(PNGDecoder.signature.prefix(7))) }
        #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode(Array("GIF89a…".utf8)) }
        #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 74, 70, 73, 70]) }
    }

    /// Only a header: a decoder that went on to decode would fail as truncated instead, so
    /// `tooLarge` shows the refusal came from the header, before any image memory.
    @Test func rejectsAnOversizedHeaderBeforeDecoding() throws {
        for (w, h) in [(4097, 1), (1, 4097), (4097, 4097), (20_000, 20_000), (UInt32(Int32.max), UInt32(Int32.max))] {
            #expect(throws: PNGDecodingError.tooLarge(width: Int(w), height: Int(h), maxWidth: 4096, maxHeight: 4096)) {
                try PNGDecoder.decode(pngHeader(width: UInt32(w), height: UInt32(h)))
            }
        }
        #expect(throws: PNGDecodingError.tooLarge(width: 100, height: 10, maxWidth: 64, maxHeight: 64)) {
            try PNGDecoder.decode(pngHeader(width: 100, height: 10), maxWidth: 64, maxHeight: 64)
        }
        // A complete file over the limit is refused the same way; one at the limit decodes.
        let wide = try Self.png(width: 4097, height: 1, colorType: SPNG_COLOR_TYPE_GRAYSCALE, rows: [UInt8](repeating: 9, count: 4097))
        #expect(throws: PNGDecodingError.tooLarge(width: 4097, height: 1, maxWidth: 4096, maxHeight: 4096)) {
            try PNGDecoder.decode(wide)
        }
        let edge = try Self.png(width: 4096, height: 1, colorType: SPNG_COLOR_TYPE_GRAYSCALE, rows: [UInt8](repeating: 9, count: 4096))
        #expect(try PNGDecoder.decode(edge).width == 4096)
        let message = PNGDecodingError.tooLarge(width: 5000, height: 5000, maxWidth: 4096, maxHeight: 4096).description
        #expect(message.contains("5000×5000") && message.contains("4096×4096"))
    }

    @Test func rejectsTruncatedAndMalformed() throws {
        let png = try PNGEncoder.encode(codecScene())
        /// Refused as corrupt (a failure prints the case, not the bytes).
        func expectCorrupt(_ bytes: [UInt8], _ what: String) {
            var refused = false
            do {
                _ = try PNGDecoder.decode(bytes)
            } catch PNGDecodingError.corrupt {
                refused = true
            } catch {}
            #expect(refused, "\(what)")
        }
        // Inside the header, inside the image data, inside the IDAT checksum, and without IEND.
        for cut in [20, 40, png.count / 2, png.count - 13, png.count - 12] {
            expectCorrupt(Array(png.prefix(cut)), "cut at \(cut) of \(png.count)")
        }
        var wrongChunk = pngHeader(width: 4, height: 4)
        wrongChunk.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        expectCorrupt(wrongChunk, "IDAT first")
        expectCorrupt(pngHeader(width: 0, height: 4), "zero width")
        expectCorrupt(pngHeader(width: 1 << 31, height: 4), "width over 2³¹−1")
        var flipped = png
        flipped[png.count / 2] ^= 0xFF
        expectCorrupt(flipped, "a flipped byte in the image data")
    }

    /// A compressed text chunk may not inflate beyond the metadata limit; ordinary metadata is fine.
    @Test func metadataIsBounded() throws {
        let small = try Self.png(width: 1, height: 1, colorType: SPNG_COLOR_TYPE_TRUECOLOR, rows: [1, 2, 3],
                                 compressedText: String(repeating: "layercast ", count: 100))
        #expect(try PNGDecoder.decode(small).pixels == [0xFF01_0203])
        let bomb = try Self.png(width: 1, height: 1, colorType: SPNG_COLOR_TYPE_TRUECOLOR, rows: [1, 2, 3],
                                compressedText: String(repeating: "a", count: PNGDecoder.metadataLimit + 1))
        #expect(bomb.count < 64 * 1024)
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(bomb) }
    }
}
