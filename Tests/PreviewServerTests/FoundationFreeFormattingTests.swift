import Scenes
import Testing
@testable import PreviewServer
import SeedControls

/// The server's text formatting avoids Foundation (whose String(format:) and percent decoding
/// would link ICU's data into the binary); these pin the replacements to what Foundation gave.
@Suite struct FoundationFreeFormattingTests {

    @Test func sceneTimeIsPrintfSixDecimals() {
        #expect(formatSceneTime(0) == "0.000000")
        #expect(formatSceneTime(1.5) == "1.500000")
        #expect(formatSceneTime(12.3456789) == "12.345679")
        #expect(formatSceneTime(-0.25) == "-0.250000")
        #expect(formatSceneTime(1e20) == "100000000000000000000.000000")
        #expect(formatSceneTime(0.0000005) == "0.000000")   // 5e-7 is a hair below in binary
    }

    @Test func printfFormatFormatsLikeC() {
        #expect(printfFormat("render;dur=%.1f, encode;dur=%.1f", 12.34, 0.05) == "render;dur=12.3, encode;dur=0.1")
        #expect(printfFormat("%d/%03d", Int32(7), Int32(5)) == "7/005")
        #expect(printfFormat("plain") == "plain")
        #expect(printfFormat("") == "")
    }

    @Test func wallClockTimestampHasSixDigitMicroseconds() throws {
        let stamp = wallClockTimestamp()
        let parts = stamp.split(separator: ".")
        #expect(parts.count == 2)
        #expect(parts.last?.count == 6)
        let seconds = try #require(parts.first.flatMap { Int($0) })
        #expect(seconds > 1_700_000_000)
    }

    @Test func formDecodingTurnsPlusIntoSpaceAndPercentIntoBytes() {
        #expect(FormEncoding.decoded("pause") == "pause")
        #expect(FormEncoding.decoded("a+b") == "a b")
        #expect(FormEncoding.decoded("%23336699") == "#336699")
        #expect(FormEncoding.decoded("1%2B1%3d2") == "1+1=2")
        #expect(FormEncoding.decoded("caf%C3%A9") == "café")
        #expect(FormEncoding.decoded("") == "")
    }

    @Test func malformedPercentEncodingIsNil() {
        #expect(FormEncoding.decoded("100%") == nil)
        #expect(FormEncoding.decoded("%2") == nil)
        #expect(FormEncoding.decoded("%zz") == nil)
        #expect(FormEncoding.decoded("%C3") == nil)   // half a UTF-8 sequence
        #expect(FormEncoding.decoded("%FF") == nil)
    }
}
