import CImageQuant

/// A rectangle of a clip frame in pixels.
struct PixelRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// One frame reduced to at most 256 colours by libimagequant, ready for an indexed format.
struct PalettedFrame {
    var rect: PixelRect
    /// One palette index per pixel of `rect`, rows packed.
    var indices: [UInt8]
    /// RGBA entries; GIF keeps RGB and at most one transparent index.
    var palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)]

    /// The most transparent entry, if it is mostly transparent.
    var transparentIndex: Int? {
        guard let i = palette.indices.min(by: { palette[$0].a < palette[$1].a }), palette[i].a < 128 else { return nil }
        return i
    }
}

/// libimagequant settings for clip frames.
struct Quantizer {
    /// 1 (best) … 10 (fastest); flat vector frames lose nothing visible at the fast end.
    var speed: Int
    /// 0 keeps unchanged areas identical between frames (no shimmer, better LZW); 1 is full
    /// Floyd–Steinberg, kinder to the blurred artwork.
    var dithering: Double

    /// Quantises `rect` of a straight-RGBA frame `width` pixels wide.
    func quantize(_ rgba: inout [UInt8], width: Int, rect: PixelRect) throws -> PalettedFrame {
        guard let attr = liq_attr_create() else { throw ClipEncodingError.gif("libimagequant: out of memory") }
        defer { liq_attr_destroy(attr) }
        _ = liq_set_speed(attr, Int32(min(max(speed, 1), 10)))
        _ = liq_set_max_colors(attr, 256)

        // libimagequant reads through the row pointers until the image is destroyed, so both the
        // pixels and the pointer array stay pinned for the whole quantisation.
        return try rgba.withUnsafeMutableBytes { raw -> PalettedFrame in
            guard let base = raw.baseAddress else { throw ClipEncodingError.gif("empty frame") }
            var rows: [UnsafeMutableRawPointer?] = (0..<rect.height).map { r in
                base + ((rect.y + r) * width + rect.x) * 4
            }
            return try rows.withUnsafeMutableBufferPointer { rowPointers -> PalettedFrame in
                guard let first = rowPointers.baseAddress,
                      let image = liq_image_create_rgba_rows(attr, first, Int32(rect.width), Int32(rect.height), 0) else {
                    throw ClipEncodingError.gif("libimagequant: cannot read the frame")
                }
                defer { liq_image_destroy(image) }
                return try remap(image, attr: attr, rect: rect)
            }
        }
    }

    private func remap(_ image: OpaquePointer, attr: OpaquePointer, rect: PixelRect) throws -> PalettedFrame {
        var result: OpaquePointer?
        let status = liq_image_quantize(image, attr, &result)
        guard status == LIQ_OK, let result else {
            throw ClipEncodingError.gif("libimagequant: quantisation failed (\(status.rawValue))")
        }
        defer { liq_result_destroy(result) }
        _ = liq_set_dithering_level(result, Float(min(max(dithering, 0), 1)))

        var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        let written = indices.withUnsafeMutableBytes { out -> liq_error in
            guard let base = out.baseAddress else { return LIQ_BUFFER_TOO_SMALL }
            return liq_write_remapped_image(result, image, base, out.count)
        }
        guard written == LIQ_OK, let palette = liq_get_palette(result) else {
            throw ClipEncodingError.gif("libimagequant: remapping failed (\(written.rawValue))")
        }
        let count = Int(min(palette.pointee.count, 256))
        let entries = withUnsafeBytes(of: palette.pointee.entries) { bytes in
            Array(bytes.bindMemory(to: liq_color.self).prefix(count)).map { (r: $0.r, g: $0.g, b: $0.b, a: $0.a) }
        }
        return PalettedFrame(rect: rect, indices: indices, palette: entries)
    }
}

/// The smallest rectangle holding every pixel that differs between two frames of the same size
/// (straight RGBA, rows packed); nil when they are identical.
func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelRect? {
    guard a.count == b.count, a.count >= width * height * 4 else { return PixelRect(x: 0, y: 0, width: width, height: height) }
    return a.withUnsafeBytes { pa in
        b.withUnsafeBytes { pb in
            func differs(_ x: Int, _ y: Int) -> Bool {
                let o = (y * width + x) * 4
                return pa.loadUnaligned(fromByteOffset: o, as: UInt32.self) != pb.loadUnaligned(fromByteOffset: o, as: UInt32.self)
            }
            // Whole rows first, eight bytes at a time: most rows of a clip frame do not change.
            func rowDiffers(_ y: Int) -> Bool {
                let start = y * width * 4, end = start + width * 4
                var o = start
                while o + 8 <= end {
                    if pa.loadUnaligned(fromByteOffset: o, as: UInt64.self) != pb.loadUnaligned(fromByteOffset: o, as: UInt64.self) {
                        return true
                    }
                    o += 8
                }
                return o < end && differs(width - 1, y)
            }
            guard let top = (0..<height).first(where: rowDiffers) else { return nil }
            let bottom = (top..<height).last(where: rowDiffers) ?? top
            var left = width, right = -1
            for y in top...bottom {
                if let l = (0..<min(left, width)).first(where: { differs($0, y) }) { left = l }
                if let r = (max(right + 1, 0)..<width).reversed().first(where: { differs($0, y) }) { right = r }
            }
            return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        }
    }
}
