import Animation
import FrameCheck
import Testing

/// The golden comparer's numbers on bitmaps small enough to count by hand.
@Suite struct ImageComparisonTests {
    static let grey = Bitmap(id: 1, width: 10, height: 10, pixels: [UInt32](repeating: 0xFF80_8080, count: 100))

    @Test func identicalImagesMatchWithNoError() {
        let c = ImageComparison(actual: Self.grey, reference: Self.grey)
        #expect(c.passes && c.matchingFraction == 1 && c.maxError == [0, 0, 0, 0] && c.meanError == [0, 0, 0, 0])
        #expect(c.diff == nil)
    }

    @Test func onePixelOffBy40InRed() throws {
        var pixels = Self.grey.pixels
        pixels[23] = 0xFFA8_8080
        let c = ImageComparison(actual: Bitmap(id: 2, width: 10, height: 10, pixels: pixels), reference: Self.grey)
        #expect(c.maxError == [0, 40, 0, 0] && c.meanError == [0, 0.4, 0, 0] && c.matchingFraction == 0.99)
        #expect(!c.passes, "99 % is under the standard 99.5 %")
        #expect(ImageComparison(actual: Bitmap(id: 2, width: 10, height: 10, pixels: pixels), reference: Self.grey,
                                tolerance: ImageTolerance(channelDelta: 40, matchingFraction: 1)).passes)
        // The diff: that pixel red at 128 + 40/2, the others the reference dimmed to a quarter.
        let diff = try #require(c.diff)
        #expect(diff.word(x: 3, y: 2) == 0xFF94_0000 && diff.word(x: 0, y: 0) == 0xFF20_2020)
        #expect(c.description.contains("99.00 % of pixels within 8, needs 99.50 %") && c.description.contains("R 40/0.4"))
    }

    @Test func differentSizesNeverPass() {
        let small = Bitmap(id: 3, width: 5, height: 10, pixels: [UInt32](repeating: 0xFF80_8080, count: 50))
        let c = ImageComparison(actual: small, reference: Self.grey)
        #expect(!c.passes && !c.sizeMatches && c.diff == nil)
        #expect(c.description == "the image is 5×10, the reference 10×10")
    }
}
