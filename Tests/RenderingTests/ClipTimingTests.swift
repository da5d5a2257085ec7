import Testing
@testable import Rendering

/// Frame times and container durations (ClipTiming).
@Suite struct ClipTimingTests {
    @Test func thirtyFramesPerSecondInMilliseconds() {
        let timing = ClipTiming(seconds: 1, fps: 30)
        let ms = timing.durations(unitsPerSecond: 1000)
        #expect(timing.frameCount == 30)
        #expect(ms.reduce(0, +) == 1000)
        // round(i · 1000/30): 0, 33, 67, 100, … so the pattern is 33, 34, 33.
        #expect(Array(ms.prefix(6)) == [33, 34, 33, 33, 34, 33])
        #expect(timing.offset(ofFrame: 15) == 0.5)
    }

    @Test func centisecondsAddUpOverALongClip() {
        let timing = ClipTiming(seconds: 20, fps: 30)
        let cs = timing.durations(unitsPerSecond: 100)
        #expect(cs.count == 600)
        #expect(cs.reduce(0, +) == 2000)
        #expect(Set(cs) == [3, 4])
        // Rounding each 3.33 cs on its own would lose 200 cs over 20 s.
        #expect(cs.filter { $0 == 4 }.count == 200)
    }

    @Test func lastFrameEndsExactlyAtTheClipsLength() {
        // 0.25 s × 30 fps = 7.5 → 8 frames; the last shows 250 − 233 = 17 ms.
        let timing = ClipTiming(seconds: 0.25, fps: 30)
        #expect(timing.frameCount == 8)
        #expect(timing.durations(unitsPerSecond: 1000) == [33, 34, 33, 33, 34, 33, 33, 17])
        #expect(ClipTiming(seconds: 0.25, fps: 30).durations(unitsPerSecond: 100).reduce(0, +) == 25)
    }

    @Test func shortClipStillHasOneFrame() {
        let timing = ClipTiming(seconds: 0.1, fps: 1)
        #expect(timing.frameCount == 1)
        #expect(timing.durations(unitsPerSecond: 1000) == [100])
        #expect(timing.durations(unitsPerSecond: 100) == [10])
    }

    @Test(arguments: [1, 7, 24, 25, 30, 50, 60])
    func everyDurationIsWithinOneUnitOfTheFramePeriod(_ fps: Int) {
        let timing = ClipTiming(seconds: 3, fps: fps)
        for units in [100, 1000] {
            let d = timing.durations(unitsPerSecond: units)
            let period = Double(units) / Double(fps)
            #expect(d.count == 3 * fps)
            #expect(d.reduce(0, +) == 3 * units)
            #expect(d.allSatisfy { abs(Double($0) - period) < 1 }, "fps \(fps), units \(units): \(d.prefix(8))")
        }
    }
}
