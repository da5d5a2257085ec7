extension LiveVideoEncoder.Fragment {
    /// The fragment's bytes with its decode time (moof › traf › tfdt) `frames` frames earlier: a
    /// viewer that skipped frames to catch up gets a timeline without a gap, where Media Source
    /// would stall. Unchanged when `frames` is 0 or the fragment has no decode time.
    public func bytes(movedBack frames: Int) -> [UInt8] {
        guard frames > 0, let (offset, wide) = Self.decodeTime(in: bytes) else { return bytes }
        let width = wide ? 8 : 4
        var out = bytes
        let time = out[offset..<offset + width].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var moved = time - min(time, UInt64(frames) * UInt64(LiveVideoEncoder.ticksPerFrame))
        for i in stride(from: offset + width - 1, through: offset, by: -1) {
            out[i] = UInt8(truncatingIfNeeded: moved)
            moved >>= 8
        }
        return out
    }

    /// Where a fragment's baseMediaDecodeTime lies, and whether it is 64 bits (tfdt version 1).
    static func decodeTime(in bytes: [UInt8]) -> (offset: Int, wide: Bool)? {
        guard let moof = box("moof", in: bytes, 0..<bytes.count), let traf = box("traf", in: bytes, moof),
              let tfdt = box("tfdt", in: bytes, traf), tfdt.count >= 8 else { return nil }
        let wide = bytes[tfdt.lowerBound] == 1
        return tfdt.count >= (wide ? 12 : 8) ? (tfdt.lowerBound + 4, wide) : nil
    }

    /// The body of the first box of `type` among the boxes that fill `range` (32-bit sizes: a
    /// fragment's boxes are small).
    private static func box(_ type: String, in bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= range.upperBound else { return nil }
            if String(decoding: bytes[at + 4..<at + 8], as: UTF8.self) == type { return at + 8..<at + size }
            at += size
        }
        return nil
    }
}
