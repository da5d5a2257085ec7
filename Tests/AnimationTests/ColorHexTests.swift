import Testing
@testable import Animation

/// `Color.hex` is written without Foundation's String(format:); these pin it to "#%02x%02x%02x".
@Suite struct ColorHexTests {
    @Test func componentsBecomeTwoLowercaseHexDigitsEach() {
        #expect(Color(red: 0, green: 0, blue: 0).hex == "#000000")
        #expect(Color(red: 1, green: 1, blue: 1).hex == "#ffffff")
        #expect(Color(red: 206.0 / 255, green: 65.0 / 255, blue: 61.0 / 255).hex == "#ce413d")
        #expect(Color(red: 10.0 / 255, green: 1.0 / 255, blue: 171.0 / 255).hex == "#0a01ab")
    }

    @Test func componentsAreClampedAndRoundedAndAlphaIsDropped() {
        #expect(Color(red: -0.5, green: 2, blue: 0.5, alpha: 0.25).hex == "#00ff80")
        #expect(Color(red: 15.4 / 255, green: 15.6 / 255, blue: 0, alpha: 0).hex == "#0f1000")
    }

    @Test func everyByteRoundTripsThroughTheHexInitialiser() throws {
        for v in 0...255 {
            let c = Color(red: Double(v) / 255, green: Double(255 - v) / 255, blue: Double(v / 2) / 255)
            let parsed = try #require(Color(hex: c.hex))
            #expect(parsed.hex == c.hex)
            #expect(c.hex.count == 7)
        }
    }
}
