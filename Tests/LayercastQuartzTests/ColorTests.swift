import Testing
import LayercastQuartz

/// CGColor and UIColor (docs/design/quartz.md §Colours): components, alpha copies, HSB both ways,
/// and system colours that follow the current trait collection.
@Suite struct ColorTests {
    static func rgba(_ c: UIColor) -> [CGFloat] {
        var (r, g, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        _ = c.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }

    /// 8-bit sRGB components and an alpha, as UIKit's tables give them.
    static func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> [CGFloat] {
        [CGFloat(r) / 255, CGFloat(g) / 255, CGFloat(b) / 255, a]
    }

    @Test func aCGColorKeepsItsComponentsAndAlpha() throws {
        let c = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        #expect(c.components == [0.1, 0.2, 0.3, 0.4] && c.numberOfComponents == 4 && c.alpha == 0.4)
        let g = CGColor(gray: 0.5, alpha: 1)
        #expect(g.components == [0.5, 1] && g.numberOfComponents == 2)
        #expect(try #require(c.copy(alpha: 2)).alpha == 1)
        #expect(c.copy(alpha: 0.4) == c && CGColor.black == CGColor(gray: 0, alpha: 1))
        #expect(CGColor.clear.alpha == 0 && CGColor.white.components == [1, 1])
    }

    @Test func uiKitsNamedColoursHaveUIKitsComponents() {
        let third: CGFloat = 2.0 / 3
        #expect(Self.rgba(.lightGray) == [third, third, third, 1])
        #expect(Self.rgba(.orange) == [1, 0.5, 0, 1] && Self.rgba(.brown) == [0.6, 0.4, 0.2, 1])
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1) && UIColor.red != UIColor.blue)
        var w = CGFloat(-1)
        #expect(UIColor.gray.getWhite(&w, alpha: nil) && w == 0.5)
        #expect(!UIColor.red.getWhite(&w, alpha: nil))
    }

    @Test(arguments: [(0.0, 1.0, 1.0), (0.25, 0.5, 0.8), (0.6, 1.0, 0.5), (0.9, 0.3, 1.0)])
    func hueSaturationAndBrightnessRoundTrip(h: Double, s: Double, b: Double) {
        let c = UIColor(hue: h, saturation: s, brightness: b, alpha: 0.7)
        var (h2, s2, b2, a2) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        #expect(c.getHue(&h2, saturation: &s2, brightness: &b2, alpha: &a2))
        #expect(abs(h2 - h) < 1e-12 && abs(s2 - s) < 1e-12 && abs(b2 - b) < 1e-12 && a2 == 0.7)
    }

    @Test func aSystemColourFollowsTheCurrentTraits() {
        // systemBlue is #007AFF in light mode and #0A84FF in dark.
        #expect(Self.rgba(.systemBlue) == Self.bytes(0, 122, 255))
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(Self.rgba(.systemBlue) == Self.bytes(10, 132, 255))
            #expect(UIColor.label.cgColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        }
        #expect(UIColor.label.cgColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        let dark = UIColor.systemOrange.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark))
        #expect(Self.rgba(dark) == Self.bytes(255, 159, 10))
    }

    @Test func anAlphaCopyOfADynamicColourStaysDynamic() {
        let faded = UIColor.systemRed.withAlphaComponent(0.5)
        #expect(Self.rgba(faded) == Self.bytes(255, 59, 48, 0.5))
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(Self.rgba(faded) == Self.bytes(255, 69, 58, 0.5))
        }
    }
}
