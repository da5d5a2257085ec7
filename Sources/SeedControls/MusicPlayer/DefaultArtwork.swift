#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Animation
import Controls

/// The artwork shown when none is given: our own cover (the original's Abbey Road JPEG is not ours
/// to ship, docs/design/music-player.md §Layout), drawn per pixel in pure Swift. Bold flat colours that make
/// the spin easy to see: eight coloured sectors, an off-centre "sun" with a navy outline and dot, and a navy
/// label stripe with white equaliser bars. Nothing in it repeats under a 90° (or any) rotation.
/// Deterministic: the same pixels on every call.
public enum DefaultArtwork {
    /// A fixed id so that renderers can cache what they derive from it (below 2^53, so JSON keeps it).
    public static let id: UInt64 = 0x4D50_4172_7401
    /// Twice the 240 pt design side, so that it stays sharp on 2× frames.
    public static let side = 480

    /// The default artwork, generated once.
    public static let bitmap: Bitmap = make()

    /// Generates the artwork afresh (the cached `bitmap` is this, made once).
    public static func make(side: Int = side) -> Bitmap {
        let n = side
        // Regions at pixel corners: a pixel whose four corners agree is flat; otherwise it straddles
        // an edge and is supersampled 4×4. No feature is thinner than several pixels at 480.
        var corners = [UInt8](repeating: 0, count: (n + 1) * (n + 1))
        for j in 0...n {
            for i in 0...n {
                corners[j * (n + 1) + i] = region(Double(i) / Double(n), Double(j) / Double(n))
            }
        }
        let sub = 4
        var pixels = [UInt32](repeating: 0, count: n * n)
        for j in 0..<n {
            for i in 0..<n {
                let c0 = corners[j * (n + 1) + i]
                let flat = c0 == corners[j * (n + 1) + i + 1]
                    && c0 == corners[(j + 1) * (n + 1) + i]
                    && c0 == corners[(j + 1) * (n + 1) + i + 1]
                if flat {
                    pixels[j * n + i] = argb(palette[Int(c0)])
                    continue
                }
                var sum = (0, 0, 0)
                for sj in 0..<sub {
                    for si in 0..<sub {
                        let x = (Double(i) + (Double(si) + 0.5) / Double(sub)) / Double(n)
                        let y = (Double(j) + (Double(sj) + 0.5) / Double(sub)) / Double(n)
                        let c = palette[Int(region(x, y))]
                        sum.0 += c.0
                        sum.1 += c.1
                        sum.2 += c.2
                    }
                }
                let k = sub * sub
                pixels[j * n + i] = argb(((sum.0 + k / 2) / k, (sum.1 + k / 2) / k, (sum.2 + k / 2) / k))
            }
        }
        return Bitmap(id: id, width: n, height: n, pixels: pixels)
    }

    /// Opaque, so premultiplied and straight alpha agree.
    static func argb(_ c: (Int, Int, Int)) -> UInt32 {
        0xFF00_0000 | UInt32(c.0) << 16 | UInt32(c.1) << 8 | UInt32(c.2)
    }

    /// Eight sector colours (clockwise from 9 o'clock), then cream, navy and white.
    static let palette: [(Int, Int, Int)] = [
        (0xE6, 0x39, 0x46), // red
        (0xF4, 0x8C, 0x2F), // orange
        (0xF6, 0xC9, 0x3B), // yellow
        (0x06, 0xD6, 0xA0), // green
        (0x2A, 0x9D, 0x8F), // teal
        (0x3A, 0x86, 0xFF), // blue
        (0x83, 0x38, 0xEC), // violet
        (0xFF, 0x00, 0x6E), // magenta
        (0xFF, 0xF3, 0xD6), // cream
        (0x1D, 0x1E, 0x3B), // navy
        (0xFF, 0xFF, 0xFF), // white
    ]
    static let (cream, navy, white): (UInt8, UInt8, UInt8) = (8, 9, 10)

    /// Equaliser bar heights in the label stripe, left to right.
    static let barHeights = [0.10, 0.17, 0.06, 0.14, 0.08, 0.16, 0.12, 0.04, 0.11]

    /// The palette index at (x, y) in the unit square, y down. Later shapes lie on top.
    static func region(_ x: Double, _ y: Double) -> UInt8 {
        let u = 2 * x - 1, v = 2 * y - 1
        // Label stripe with equaliser bars standing on a baseline.
        if v >= 0.50 && v <= 0.78 {
            let first = -0.78, step = 0.195, halfWidth = 0.055, baseline = 0.72
            let k = Int(((u - first) / step).rounded())
            if k >= 0 && k < barHeights.count && abs(u - (first + Double(k) * step)) <= halfWidth
                && v <= baseline && v >= baseline - barHeights[k] - 0.02 {
                return white
            }
            return navy
        }
        // The off-centre sun: navy outline, cream face, navy dot nearer its rim.
        let sun = (x: 0.40, y: -0.42)
        let d = hypot(u - sun.x, v - sun.y)
        if hypot(u - 0.50, v + 0.50) <= 0.09 { return navy }
        if d <= 0.28 { return cream }
        if d <= 0.34 { return navy }
        // Eight sectors of distinct hues.
        let a = atan2(v, u) + .pi
        return UInt8(min(7, Int(a / (2 * .pi) * 8)))
    }
}
