import Controls
import Foundation
import LayercastTesting
import Testing
import SeedControls

/// The recording meter driven over HTTP on a manual clock; every reply and `/state` are checked
/// against the closed form (docs/design/recording-meter.md §Closed form) at the time they report.
@Suite struct MeterTests {

    /// Sends a meter command at `t`, checks the reply's time and shape, and returns its state.
    @discardableResult
    static func command(_ s: TestServer, _ target: String, method: String = "POST", at t: Double,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordingMeter.State {
        s.at(t)
        let response = try s.request(method, target)
        #expect(response.status == 200, "\(target): \(response.text)", sourceLocation: sourceLocation)
        let reply = try decode(CommandReply<RecordingMeter.State>.self, from: response)
        #expect(reply.sceneTime == t, sourceLocation: sourceLocation)
        return reply.state
    }

    static func expectState(_ s: TestServer, matches reference: MeterClosedForm, at t: Double,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        s.at(t)
        let state = try s.state()
        #expect(state.sceneTime == t, sourceLocation: sourceLocation)
        expectMeter(state.meter, matches: reference, at: t, sourceLocation: sourceLocation)
    }

    @Test func pressReleasePressRelease() throws {
        try withTestServer(.router) { s in
            var ref = MeterClosedForm(duration: 45)
            try Self.expectState(s, matches: ref, at: 0.5)
            var state = try Self.command(s, "/meter/press", at: 1)
            ref.press(at: 1)
            expectMeter(state, matches: ref, at: 1)
            #expect(state.recording && state.segmentCount == 1)
            try Self.expectState(s, matches: ref, at: 2.2)
            state = try Self.command(s, "/meter/release", at: 3)
            ref.release(at: 3)
            expectMeter(state, matches: ref, at: 3)
            #expect(!state.recording && abs(state.elapsed - 2) < 1e-9)
            try Self.expectState(s, matches: ref, at: 6)
            state = try Self.command(s, "/meter/press", at: 6)
            ref.press(at: 6)
            for t in [6.4, 7.0, 7.5] { try Self.expectState(s, matches: ref, at: t) }
            state = try Self.command(s, "/meter/release", at: 7.5)
            ref.release(at: 7.5)
            expectMeter(state, matches: ref, at: 7.5)
            try Self.expectState(s, matches: ref, at: 20)
            #expect(try s.state().meter.label == "0:03.5")
        }
    }

    @Test func holdPressesNowAndReleasesAfterTheSeconds() throws {
        try withTestServer(.router) { s in
            var ref = MeterClosedForm(duration: 45)
            let state = try Self.command(s, "/meter/hold?seconds=2.5", at: 1)
            ref.press(at: 1)
            #expect(state.recording)
            #expect(state.scheduledRelease == 3.5)
            try Self.expectState(s, matches: ref, at: 2)
            // Read long after the release: the meter stopped at exactly 3.5.
            ref.release(at: 3.5)
            try Self.expectState(s, matches: ref, at: 9)
            #expect(try s.state().meter.scheduledRelease == nil)
        }
    }

    @Test func completeRefusesPressesWith409UntilReset() throws {
        try withTestServer(.router) { s in
            var ref = MeterClosedForm(duration: 45)
            try Self.command(s, "/meter/press", at: 0)
            ref.press(at: 0)
            try Self.command(s, "/meter/release", at: 30)
            ref.release(at: 30)
            try Self.command(s, "/meter/press", at: 31)
            ref.press(at: 31)
            try Self.expectState(s, matches: ref, at: 45.9)
            try Self.expectState(s, matches: ref, at: 46.1)
            try Self.expectState(s, matches: ref, at: 50)
            #expect(try s.state().meter.complete)

            s.at(51)
            for target in ["/meter/press", "/meter/hold?seconds=1"] {
                let refused = try s.post(target)
                #expect(refused.status == 409, "\(target)")
                let error = try decode(ErrorReply.self, from: refused)
                #expect(error.error.contains("reset"), "\(error.error)")
                #expect(error.allowed?.contains("/meter/reset") == true)
            }
            // Release is a no-op on a complete meter; reset opens it again.
            try Self.command(s, "/meter/release", at: 52)
            try Self.expectState(s, matches: ref, at: 52)
            try Self.command(s, "/meter/reset", at: 53)
            let pressed = try Self.command(s, "/meter/press", at: 54)
            #expect(pressed.recording && pressed.segmentCount == 1)
        }
    }

    /// (The range and the body forms are GeneratedBoundaryTests' and StrictDecodingTests'.)
    @Test func configChangesTheDurationOnlyWhileEmpty() throws {
        try withTestServer(.router) { s in
            #expect(try Self.command(s, "/meter/config?duration=12", method: "PUT", at: 0).duration == 12)

            // The new duration sets the pace: a 12 s ring is complete 12 s after a press.
            var ref = MeterClosedForm(duration: 12)
            try Self.command(s, "/meter/press", at: 1)
            ref.press(at: 1)
            try Self.expectState(s, matches: ref, at: 7)

            s.at(8)
            let busy = try s.request("PUT", "/meter/config?duration=30")
            #expect(busy.status == 409)
            #expect(try decode(ErrorReply.self, from: busy).error.contains("reset"))
            try Self.expectState(s, matches: ref, at: 14)
            #expect(try s.state().meter.duration == 12)

            try Self.command(s, "/meter/reset", at: 15)
            #expect(try Self.command(s, "/meter/config?duration=30", method: "PUT", at: 15).duration == 30)
        }
    }

    /// Twenty commands at seeded pseudo-random times, each reply and a read in between checked.
    @Test func alternatingCommandsAtRandomTimesFollowTheClosedForm() throws {
        try withTestServer(.router) { s in
            var ref = MeterClosedForm(duration: 45)
            var generator = SeededGenerator(seed: 42)
            var t = 0.0
            for i in 0..<20 {
                t += 0.05 + Double(generator.next() % 3000) / 1000
                let press = i % 2 == 0
                s.at(t)
                let response = try s.post(press ? "/meter/press" : "/meter/release")
                if press && ref.isComplete(at: t) {
                    #expect(response.status == 409)
                } else {
                    #expect(response.status == 200)
                    let reply = try decode(CommandReply<RecordingMeter.State>.self, from: response)
                    if press { ref.press(at: t) } else { ref.release(at: t) }
                    expectMeter(reply.state, matches: ref, at: t)
                }
                try Self.expectState(s, matches: ref, at: t + 0.01)
            }
        }
    }
}
