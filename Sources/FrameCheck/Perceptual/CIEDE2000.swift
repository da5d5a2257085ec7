#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The CIEDE2000 colour difference ΔE00 (CIE 142-2001), as Sharma, Wu & Dalal, "The CIEDE2000
/// color-difference formula: implementation notes, supplementary test data, and mathematical
/// observations" (Color Res. Appl. 30, 2005) give it, with kL = kC = kH = 1. Their notes on the hue
/// angle are followed: h′ is 0 when a′ = b′ = 0; Δh′ is 0 when either C′ is 0, else the difference
/// wrapped into [−180°, 180°]; the mean hue is the plain sum when either C′ is 0, else the mean
/// taken the short way round the circle.
public enum CIEDE2000 {
    private static let pow25To7 = 6_103_515_625.0  // 25⁷
    private static let degrees = 180.0 / Double.pi
    private static let radians = Double.pi / 180.0

    public static func deltaE(_ one: Lab, _ two: Lab) -> Double {
        let (l1, a1, b1) = (one.L, one.a, one.b)
        let (l2, a2, b2) = (two.L, two.a, two.b)

        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cMean7 = seventh((c1 + c2) / 2)
        let g = 0.5 * (1 - (cMean7 / (cMean7 + pow25To7)).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        let h1p = hueAngle(b1, a1p), h2p = hueAngle(b2, a2p)

        let dLp = l2 - l1
        let dCp = c2p - c1p
        let chromaProduct = c1p * c2p
        var dhp = 0.0
        if chromaProduct != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * chromaProduct.squareRoot() * sin(dhp * radians / 2)

        let lMean = (l1 + l2) / 2
        let cMeanP = (c1p + c2p) / 2
        var hMean = h1p + h2p
        if chromaProduct != 0 {
            if abs(h1p - h2p) <= 180 { hMean /= 2 }
            else if hMean < 360 { hMean = (hMean + 360) / 2 }
            else { hMean = (hMean - 360) / 2 }
        }

        let t = 1 - 0.17 * cos((hMean - 30) * radians) + 0.24 * cos(2 * hMean * radians)
            + 0.32 * cos((3 * hMean + 6) * radians) - 0.20 * cos((4 * hMean - 63) * radians)
        let dTheta = 30 * exp(-((hMean - 275) / 25) * ((hMean - 275) / 25))
        let cMeanP7 = seventh(cMeanP)
        let rc = 2 * (cMeanP7 / (cMeanP7 + pow25To7)).squareRoot()
        let lOff = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * lOff / (20 + lOff).squareRoot()
        let sc = 1 + 0.045 * cMeanP
        let sh = 1 + 0.015 * cMeanP * t
        let rt = -sin(2 * dTheta * radians) * rc

        let l = dLp / sl, c = dCp / sc, h = dHp / sh
        return max(0, l * l + c * c + h * h + rt * c * h).squareRoot()
    }

    /// ΔE00 between two opaque sRGB colours.
    public static func deltaE(_ one: RGB8, _ two: RGB8) -> Double {
        deltaE(SRGB.lab(one), SRGB.lab(two))
    }

    /// The hue angle in degrees, 0…360; 0 for a neutral colour (a′ = b′ = 0).
    @inline(__always)
    private static func hueAngle(_ b: Double, _ ap: Double) -> Double {
        if b == 0 && ap == 0 { return 0 }
        let h = atan2(b, ap) * degrees
        return h < 0 ? h + 360 : h
    }

    @inline(__always)
    private static func seventh(_ x: Double) -> Double {
        let x2 = x * x
        return x2 * x2 * x2 * x
    }
}
