import Animation
import FrameCheck
import Foundation
import Testing

/// Opaque test pictures drawn by hand: a flat background and a disc whose edge pixels are blended by
/// their coverage (8×8 samples per pixel), as a rasteriser antialiases.
enum Pictures {
    static func flat(_ rgb: UInt32, width: Int = 10, height: Int = 10) -> [UInt32] {
        [UInt32](repeating: 0xFF00_0000 | rgb, count: width * height)
    }

    /// A disc of `colour` on `background`, 40×40. `coverageExponent` bends the edge pixels' coverage
    /// (a different rasteriser's antialiasing): 1 is exact coverage.
    static func disc(centreX: Double = 19.3, centreY: Double = 20.6, radius: Double = 11,
                     colour: UInt32 = 0x000000, background: UInt32 = 0xFFFFFF, coverageExponent: Double = 1,
                     size: Int = 40) -> Bitmap {
        var pixels = [UInt32](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                var inside = 0
                for sy in 0..<8 {
                    for sx in 0..<8 {
                        let px = Double(x) + (Double(sx) + 0.5) / 8, py = Double(y) + (Double(sy) + 0.5) / 8
                        if (px - centreX) * (px - centreX) + (py - centreY) * (py - centreY) <= radius * radius { inside += 1 }
                    }
                }
                let coverage = pow(Double(inside) / 64, coverageExponent)
                func channel(_ shift: UInt32) -> UInt32 {
                    let f = Double((colour >> shift) & 0xFF), b = Double((background >> shift) & 0xFF)
                    return UInt32((b + (f - b) * coverage).rounded()) << shift
                }
                pixels[y * size + x] = 0xFF00_0000 | channel(16) | channel(8) | channel(0)
            }
        }
        return Bitmap(id: 100, width: size, height: size, pixels: pixels)
    }

    /// `count` pixels of a 10×10 grey image turned red, spaced apart (so none is an edge blend).
    static func greyWithRedPixels(_ count: Int) -> Bitmap {
        var pixels = flat(0x808080)
        for j in 0..<count { pixels[(j * 13) % 100] = 0xFFFF_0000 }
        return Bitmap(id: 101, width: 10, height: 10, pixels: pixels)
    }

    static let grey = Bitmap(id: 102, width: 10, height: 10, pixels: flat(0x808080))
}

@Suite struct PerceptualComparisonTests {
    // MARK: CIEDE2000 and CIELAB

    /// Sharma, Wu & Dalal (2005), Table 1: all 34 pairs (7–16 cross the hue wraparound and the neutral axis).
    static let sharmaPairs: [(Lab, Lab, Double)] = [
        (Lab(L: 50, a: 2.6772, b: -79.7751), Lab(L: 50, a: 0, b: -82.7485), 2.0425),
        (Lab(L: 50, a: 3.1571, b: -77.2803), Lab(L: 50, a: 0, b: -82.7485), 2.8615),
        (Lab(L: 50, a: 2.8361, b: -74.0200), Lab(L: 50, a: 0, b: -82.7485), 3.4412),
        (Lab(L: 50, a: -1.3802, b: -84.2814), Lab(L: 50, a: 0, b: -82.7485), 1.0000),
        (Lab(L: 50, a: -1.1848, b: -84.8006), Lab(L: 50, a: 0, b: -82.7485), 1.0000),
        (Lab(L: 50, a: -0.9009, b: -85.5211), Lab(L: 50, a: 0, b: -82.7485), 1.0000),
        (Lab(L: 50, a: 0, b: 0), Lab(L: 50, a: -1, b: 2), 2.3669),
        (Lab(L: 50, a: -1, b: 2), Lab(L: 50, a: 0, b: 0), 2.3669),
        (Lab(L: 50, a: 2.4900, b: -0.0010), Lab(L: 50, a: -2.4900, b: 0.0009), 7.1792),
        (Lab(L: 50, a: 2.4900, b: -0.0010), Lab(L: 50, a: -2.4900, b: 0.0010), 7.1792),
        (Lab(L: 50, a: 2.4900, b: -0.0010), Lab(L: 50, a: -2.4900, b: 0.0011), 7.2195),
        (Lab(L: 50, a: 2.4900, b: -0.0010), Lab(L: 50, a: -2.4900, b: 0.0012), 7.2195),
        (Lab(L: 50, a: -0.0010, b: 2.4900), Lab(L: 50, a: 0.0009, b: -2.4900), 4.8045),
        (Lab(L: 50, a: -0.0010, b: 2.4900), Lab(L: 50, a: 0.0010, b: -2.4900), 4.8045),
        (Lab(L: 50, a: -0.0010, b: 2.4900), Lab(L: 50, a: 0.0011, b: -2.4900), 4.7461),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 50, a: 0, b: -2.5), 4.3065),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 73, a: 25, b: -18), 27.1492),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 61, a: -5, b: 29), 22.8977),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 56, a: -27, b: -3), 31.9030),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 58, a: 24, b: 15), 19.4535),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 50, a: 3.1736, b: 0.5854), 1.0000),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 50, a: 3.2972, b: 0), 1.0000),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 50, a: 1.8634, b: 0.5757), 1.0000),
        (Lab(L: 50, a: 2.5, b: 0), Lab(L: 50, a: 3.2592, b: 0.3350), 1.0000),
        (Lab(L: 60.2574, a: -34.0099, b: 36.2677), Lab(L: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
        (Lab(L: 63.0109, a: -31.0961, b: -5.8663), Lab(L: 62.8187, a: -29.7946, b: -4.0864), 1.2630),
        (Lab(L: 61.2901, a: 3.7196, b: -5.3901), Lab(L: 61.4292, a: 2.2480, b: -4.9620), 1.8731),
        (Lab(L: 35.0831, a: -44.1164, b: 3.7933), Lab(L: 35.0232, a: -40.0716, b: 1.5901), 1.8645),
        (Lab(L: 22.7233, a: 20.0904, b: -46.6940), Lab(L: 23.0331, a: 14.9730, b: -42.5619), 2.0373),
        (Lab(L: 36.4612, a: 47.8580, b: 18.3852), Lab(L: 36.2715, a: 50.5065, b: 21.2231), 1.4146),
        (Lab(L: 90.8027, a: -2.0831, b: 1.4410), Lab(L: 91.1528, a: -1.6435, b: 0.0447), 1.4441),
        (Lab(L: 90.9257, a: -0.5406, b: -0.9208), Lab(L: 88.6381, a: -0.8985, b: -0.7239), 1.5381),
        (Lab(L: 6.7747, a: -0.2908, b: -2.4247), Lab(L: 5.8714, a: -0.0985, b: -2.2286), 0.6377),
        (Lab(L: 2.0776, a: 0.0795, b: -1.1350), Lab(L: 0.9033, a: -0.0636, b: -0.5514), 0.9082),
    ]

    @Test func ciede2000MatchesSharmaWuDalal() {
        for (index, (one, two, expected)) in Self.sharmaPairs.enumerated() {
            let forward = CIEDE2000.deltaE(one, two), backward = CIEDE2000.deltaE(two, one)
            #expect(abs(forward - expected) <= 1e-4, "pair \(index + 1): \(forward), published \(expected)")
            #expect(abs(backward - expected) <= 1e-4, "pair \(index + 1) reversed: \(backward)")
        }
        #expect(CIEDE2000.deltaE(Lab(L: 50, a: 2.5, b: 0), Lab(L: 50, a: 2.5, b: 0)) == 0)
    }

    @Test func srgbToLabOfKnownColours() {
        func near(_ lab: Lab, _ l: Double, _ a: Double, _ b: Double) -> Bool {
            abs(lab.L - l) <= 0.01 && abs(lab.a - a) <= 0.01 && abs(lab.b - b) <= 0.01
        }
        let white = SRGB.lab(.white)
        #expect(near(white, 100, 0, 0), "\(white)")
        #expect(near(SRGB.lab(.black), 0, 0, 0), "\(SRGB.lab(.black))")
        let red = SRGB.lab(RGB8(red: 255, green: 0, blue: 0))
        #expect(near(red, 53.24, 80.09, 67.20), "\(red)")
        let green = SRGB.lab(RGB8(red: 0, green: 255, blue: 0))
        #expect(near(green, 87.73, -86.18, 83.18), "\(green)")
        let blue = SRGB.lab(RGB8(red: 0, green: 0, blue: 255))
        #expect(near(blue, 32.30, 79.19, -107.86), "\(blue)")
        // Mid grey is neutral: a and b vanish, L between.
        let grey = SRGB.lab(RGB8(red: 128, green: 128, blue: 128))
        #expect(abs(grey.a) < 1e-3 && abs(grey.b) < 1e-3 && abs(grey.L - 53.59) < 0.01, "\(grey)")
    }

    @Test func translucentPixelsAreCompositedOverTheBackground() {
        // Black at half alpha (premultiplied 0x80000000) over white is mid grey; over black it is black.
        #expect(RGB8.composite(0x8000_0000, over: .white) == RGB8(red: 127, green: 127, blue: 127))
        #expect(RGB8.composite(0x8000_0000, over: .black) == .black)
        #expect(RGB8.composite(0x0000_0000, over: RGB8(red: 1, green: 2, blue: 3)) == RGB8(red: 1, green: 2, blue: 3))
        // So the same translucent frame over different backgrounds compares differently against an opaque grey.
        let half = Bitmap(id: 7, width: 10, height: 10, pixels: [UInt32](repeating: 0x8000_0000, count: 100))
        let midGrey = Bitmap(id: 8, width: 10, height: 10, pixels: Pictures.flat(0x7F7F7F))
        #expect(PerceptualComparison(actual: half, reference: midGrey).passes)
        #expect(!PerceptualComparison(actual: half, reference: midGrey, criterion: FrameCriterion(background: .black)).passes)
    }

    // MARK: SSIM

    static func noised(_ bitmap: Bitmap, amplitude: Int, seed: UInt64 = 0x9E37_79B9) -> Bitmap {
        var state = seed
        let pixels = bitmap.pixels.map { word -> UInt32 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let offset = Int(state >> 33) % (2 * amplitude + 1) - amplitude
            func channel(_ shift: UInt32) -> UInt32 { UInt32(max(0, min(255, Int((word >> shift) & 0xFF) + offset))) << shift }
            return 0xFF00_0000 | channel(16) | channel(8) | channel(0)
        }
        return Bitmap(id: bitmap.id + 1, width: bitmap.width, height: bitmap.height, pixels: pixels)
    }

    @Test func ssimOfIdenticalImagesIsExactlyOne() {
        let disc = CompositedImage(Pictures.disc())
        let map = SSIMMap(disc, disc)
        #expect(map.mean == 1 && map.minimum == 1 && map.values.count == 1600)
    }

    @Test func ssimIsSymmetricAndFallsWithTheChange() {
        let reference = Pictures.disc()
        let small = CompositedImage(Self.noised(reference, amplitude: 6))
        let large = CompositedImage(Self.noised(reference, amplitude: 40))
        let ref = CompositedImage(reference)
        let one = SSIMMap(ref, small), other = SSIMMap(small, ref)
        #expect(one.values == other.values, "SSIM is symmetric, bit for bit")
        #expect(one.mean < 1 && one.mean > 0.5, "\(one.mean)")
        let worse = SSIMMap(ref, large)
        #expect(worse.mean < one.mean, "\(worse.mean) against \(one.mean)")
        // A disc moved further scores lower.
        let moved1 = SSIMMap(ref, CompositedImage(Pictures.disc(centreX: 20.3))).mean
        let moved3 = SSIMMap(ref, CompositedImage(Pictures.disc(centreX: 22.3))).mean
        #expect(moved3 < moved1 && moved1 < 1, "\(moved3) then \(moved1)")
    }

    // MARK: Antialiasing

    @Test func antialiasingOnlyChangePassesOnlyWhenIgnored() throws {
        let reference = Pictures.disc()
        let actual = Pictures.disc(coverageExponent: 1.6)
        #expect(actual.pixels != reference.pixels)
        let ignoring = PerceptualComparison(actual: actual, reference: reference)
        #expect(ignoring.passes, "\(ignoring)")
        #expect(ignoring.antialiasedPixels > 20 && ignoring.differingPixels == 0, "\(ignoring)")
        #expect(ignoring.heatMap == nil)

        let counting = PerceptualComparison(actual: actual, reference: reference,
                                            criterion: FrameCriterion(ignoresAntialiasing: false))
        #expect(!counting.passes && counting.antialiasedPixels == 0, "\(counting)")
        #expect(counting.differingPixels == ignoring.antialiasedPixels, "\(counting)")
        #expect(try #require(counting.maxDeltaE) > 10)
        #expect(try #require(ignoring.maxDeltaE) <= FrameCriterion.defaultDeltaEThreshold)

        // SSIM with the same antialiasing tolerance (a strict minimum, so that the edges' windows fall under it).
        let ssim = FrameCriterion(measure: .ssim(minimum: 0.99))
        let ssimComparison = PerceptualComparison(actual: actual, reference: reference, criterion: ssim)
        #expect(ssimComparison.passes && ssimComparison.antialiasedPixels > 0, "\(ssimComparison)")
        #expect(try #require(ssimComparison.minSSIM) < 0.99 && ssimComparison.maxDeltaE == nil)
        var ssimCounting = ssim
        ssimCounting.ignoresAntialiasing = false
        let ssimFails = PerceptualComparison(actual: actual, reference: reference, criterion: ssimCounting)
        #expect(!ssimFails.passes && ssimFails.differingPixels == ssimComparison.antialiasedPixels, "\(ssimFails)")
    }

    @Test func movedOrRecolouredShapeFailsWithAntialiasingIgnored() throws {
        let reference = Pictures.disc()
        let moved = PerceptualComparison(actual: Pictures.disc(centreX: 22.3), reference: reference)
        #expect(!moved.passes && moved.differingPixels > 30, "\(moved)")
        #expect(try #require(moved.maxDeltaE) > 90, "black against white")
        let recoloured = PerceptualComparison(actual: Pictures.disc(colour: 0x1F3FBF), reference: reference)
        #expect(!recoloured.passes && recoloured.differingPixels > 300, "\(recoloured)")
        let movedSSIM = PerceptualComparison(actual: Pictures.disc(centreX: 22.3), reference: reference,
                                             criterion: FrameCriterion(measure: .ssim(minimum: 0.95)))
        #expect(!movedSSIM.passes && movedSSIM.differingPixels > 30, "\(movedSSIM)")
        #expect(try #require(movedSSIM.meanSSIM) < 1)
    }

    @Test func detectorTellsEdgeBlendsFromFlatAreasAndLonePixels() {
        let disc = CompositedImage(Pictures.disc())
        let other = CompositedImage(Pictures.disc(coverageExponent: 1.6))
        // (30, 20): on the disc's right edge, partly covered (x 30.0 … 31.0 against the edge at 30.3).
        #expect(disc.rgb[20 * 40 + 30] != 0x000000 && disc.rgb[20 * 40 + 30] != 0xFFFFFF)
        #expect(Antialiasing.isAntialiased(x: 30, y: 20, in: disc, other: other))
        // Inside the disc and in the white: flat, never antialiasing.
        #expect(!Antialiasing.isAntialiased(x: 19, y: 20, in: disc, other: other))
        #expect(!Antialiasing.isAntialiased(x: 2, y: 2, in: disc, other: other))
        // A lone red pixel in grey is not between a darker and a brighter neighbour.
        let lone = CompositedImage(Pictures.greyWithRedPixels(1))
        #expect(!Antialiasing.isAntialiased(x: 0, y: 0, in: lone, other: CompositedImage(Pictures.grey)))
    }

    // MARK: Limits

    @Test func smallColourChangeIsUnderTheThreshold() throws {
        let nearly = Bitmap(id: 9, width: 10, height: 10, pixels: Pictures.flat(0x818181))
        let c = PerceptualComparison(actual: nearly, reference: Pictures.grey)
        let mean = try #require(c.meanDeltaE)
        #expect(c.passes && c.differingPixels == 0 && mean > 0.2 && mean < 1, "\(c)")
        #expect(!PerceptualComparison(actual: nearly, reference: Pictures.grey,
                                      criterion: FrameCriterion(measure: .deltaE(threshold: 0.2))).passes)
    }

    @Test func maxDiffPixelsIsInclusive() {
        let three = Pictures.greyWithRedPixels(3), four = Pictures.greyWithRedPixels(4)
        let limit = FrameCriterion(maxDiffPixels: 3)
        let atLimit = PerceptualComparison(actual: three, reference: Pictures.grey, criterion: limit)
        #expect(atLimit.passes && atLimit.differingPixels == 3 && atLimit.diffPixelRatio == 0.03, "\(atLimit)")
        let over = PerceptualComparison(actual: four, reference: Pictures.grey, criterion: limit)
        #expect(!over.passes && over.differingPixels == 4, "\(over)")
        // The default allows none.
        #expect(!PerceptualComparison(actual: Pictures.greyWithRedPixels(1), reference: Pictures.grey).passes)
    }

    @Test func maxDiffPixelRatioIsInclusiveAndBothLimitsMustHold() {
        let ratio = FrameCriterion(maxDiffPixels: nil, maxDiffPixelRatio: 0.05)
        #expect(PerceptualComparison(actual: Pictures.greyWithRedPixels(5), reference: Pictures.grey, criterion: ratio).passes)
        #expect(!PerceptualComparison(actual: Pictures.greyWithRedPixels(6), reference: Pictures.grey, criterion: ratio).passes)
        let both = FrameCriterion(maxDiffPixels: 4, maxDiffPixelRatio: 0.05)
        #expect(PerceptualComparison(actual: Pictures.greyWithRedPixels(4), reference: Pictures.grey, criterion: both).passes)
        #expect(!PerceptualComparison(actual: Pictures.greyWithRedPixels(5), reference: Pictures.grey, criterion: both).passes)
        let neither = FrameCriterion(maxDiffPixels: nil, maxDiffPixelRatio: nil)
        #expect(!PerceptualComparison(actual: Pictures.greyWithRedPixels(1), reference: Pictures.grey, criterion: neither).passes)
        #expect(PerceptualComparison(actual: Pictures.grey, reference: Pictures.grey, criterion: neither).passes)
    }

    // MARK: Masks

    static func greyWithRed(at x: Int, _ y: Int) -> Bitmap {
        var pixels = Pictures.flat(0x808080)
        pixels[y * 10 + x] = 0xFFFF_0000
        return Bitmap(id: 103, width: 10, height: 10, pixels: pixels)
    }

    @Test func differenceInsideAMaskPassesOutsideFails() {
        let mask = FrameCriterion(masks: [PixelRect(x: 2, y: 3, width: 4, height: 2)])
        let inside = PerceptualComparison(actual: Self.greyWithRed(at: 5, 4), reference: Pictures.grey, criterion: mask)
        #expect(inside.passes && inside.maskedPixels == 8 && inside.meanDeltaE == 0, "\(inside)")
        let outside = PerceptualComparison(actual: Self.greyWithRed(at: 6, 4), reference: Pictures.grey, criterion: mask)
        #expect(!outside.passes && outside.differingPixels == 1, "\(outside)")
        // SSIM: what changed under the mask reaches no neighbour's window.
        let ssimMask = FrameCriterion(measure: .ssim(minimum: 0.95), masks: mask.masks)
        let ssimInside = PerceptualComparison(actual: Self.greyWithRed(at: 5, 4), reference: Pictures.grey, criterion: ssimMask)
        #expect(ssimInside.passes && ssimInside.meanSSIM == 1 && ssimInside.minSSIM == 1, "\(ssimInside)")
        #expect(!PerceptualComparison(actual: Self.greyWithRed(at: 6, 4), reference: Pictures.grey, criterion: ssimMask).passes)
    }

    @Test func maskPartlyOffTheImageIsClipped() {
        let rect = PixelRect(x: -5, y: 8, width: 10, height: 10)
        #expect(rect.clipped(width: 10, height: 10) == PixelRect(x: 0, y: 8, width: 5, height: 2))
        #expect(PixelRect(x: 10, y: 0, width: 3, height: 3).clipped(width: 10, height: 10) == nil)
        let criterion = FrameCriterion(masks: [rect, PixelRect(x: 20, y: 20, width: 5, height: 5)])
        let inside = PerceptualComparison(actual: Self.greyWithRed(at: 2, 9), reference: Pictures.grey, criterion: criterion)
        #expect(inside.passes && inside.maskedPixels == 10, "\(inside)")
        #expect(!PerceptualComparison(actual: Self.greyWithRed(at: 6, 9), reference: Pictures.grey, criterion: criterion).passes)
    }

    // MARK: Heat map, sizes, description, coding

    @Test func heatMapOnFailureOnly() throws {
        let criterion = FrameCriterion(masks: [PixelRect(x: 0, y: 0, width: 2, height: 2)])
        let failing = PerceptualComparison(actual: Self.greyWithRed(at: 6, 4), reference: Pictures.grey, criterion: criterion)
        let map = try #require(failing.heatMap)
        #expect(map.width == 10 && map.height == 10)
        #expect(map.word(x: 6, y: 4) >> 16 == 0xFFFF, "a differing pixel is opaque red to yellow")
        let dimmed = map.word(x: 9, y: 9)
        #expect(dimmed == 0xFF20_2020, "the reference's luma (128) dimmed to a quarter: \(String(dimmed, radix: 16))")
        #expect(map.word(x: 0, y: 0) != dimmed && map.word(x: 0, y: 0) >> 24 == 0xFF, "masks are tinted")
        #expect(PerceptualComparison(actual: Pictures.grey, reference: Pictures.grey, criterion: criterion).heatMap == nil)

        // Antialiasing skipped shows in its own colour when something else fails.
        var moved = Pictures.disc(coverageExponent: 1.6).pixels
        moved[0] = 0xFFFF_0000
        let aa = PerceptualComparison(actual: Bitmap(id: 104, width: 40, height: 40, pixels: moved), reference: Pictures.disc())
        let aaMap = try #require(aa.heatMap)
        #expect(aa.differingPixels == 1 && aa.antialiasedPixels > 20, "\(aa)")
        #expect(aaMap.word(x: 30, y: 20) == PerceptualComparison.antialiasingColour)
    }

    @Test func differentSizesNeverPass() {
        let small = Bitmap(id: 105, width: 5, height: 10, pixels: [UInt32](repeating: 0xFF80_8080, count: 50))
        let c = PerceptualComparison(actual: small, reference: Pictures.grey)
        #expect(!c.passes && !c.sizeMatches && c.heatMap == nil)
        #expect(c.description == "the image is 5×10, the reference 10×10")
    }

    @Test func descriptionsStateTheMeasures() {
        #expect(FrameCriterion.standard.description == "a pixel with ΔE00 above 2.3 differs; at most 0 pixels may differ; antialiasing ignored")
        let c = PerceptualComparison(actual: Pictures.greyWithRedPixels(2), reference: Pictures.grey,
                                     criterion: FrameCriterion(maxDiffPixelRatio: 0.01, masks: [PixelRect(x: 9, y: 9, width: 1, height: 1)]))
        #expect(c.description.hasPrefix("2 of 100 pixels differ (2.00 %); ΔE00 max "), "\(c)")
        #expect(c.description.contains("0 antialiased skipped; 1 masked — needs: a pixel with ΔE00 above 2.3 differs; at most 0 pixels and at most 1.00 % of pixels may differ"), "\(c)")
        let s = PerceptualComparison(actual: Pictures.grey, reference: Pictures.grey, criterion: FrameCriterion(measure: .ssim(minimum: 0.9)))
        #expect(s.description.contains("SSIM mean 1.0, min 1.0"), "\(s)")
    }

    @Test func criterionDecodesOverridesOverDefaults() throws {
        let json = #"{"maxDiffPixelRatio": 0.01, "masks": [{"x": 1, "y": 2, "width": 3, "height": 4}], "maxDiffPixels": null}"#
        let decoded = try JSONDecoder().decode(FrameCriterion.self, from: Data(json.utf8))
        #expect(decoded == FrameCriterion(maxDiffPixels: nil, maxDiffPixelRatio: 0.01, masks: [PixelRect(x: 1, y: 2, width: 3, height: 4)]))
        #expect(try JSONDecoder().decode(FrameCriterion.self, from: Data("{}".utf8)) == .standard)
        let ssim = FrameCriterion(measure: .ssim(minimum: 0.9), ignoresAntialiasing: false, background: .black)
        #expect(try JSONDecoder().decode(FrameCriterion.self, from: JSONEncoder().encode(ssim)) == ssim)
    }
}
