import Animation
import Controls
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// `GET /timeline` (docs/design/engine.md §Timeline): every animation of a window with its timing,
/// curve, outcome and the command that caused it, read from the scene's own records.
@Suite struct TimelineTests {

    static func timeline(_ s: TestServer, _ query: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TimelineReply {
        let response = try s.get("/timeline?" + query)
        #expect(response.status == 200, "\(response.text.prefix(300))", sourceLocation: sourceLocation)
        return try decode(TimelineReply.self, from: response)
    }

    static func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    /// docs/design/play-button.md §Forward chain: play → pause runs triangleToBar, barRotateVertical
    /// and splitBar, one 0.2 s step after another, all caused by the one command.
    @Test func pauseFromPlayListsTheForwardChain() throws {
        try withTestServer(.router) { s in
            s.at(1)
            #expect(try s.post("/play-button/mode?mode=pause").status == 200)
            s.at(1.05)
            let t = try Self.timeline(s, "from=0&to=3")
            let button = t.animations.filter { $0.control == .playButton }
            func steps(_ keyPath: String, _ part: String) -> [TimelineAnimation] {
                button.filter { $0.keyPaths == [keyPath] && $0.layer.last == part }.sorted { $0.animation.begin < $1.animation.begin }
            }
            for part in ["left", "right"] {
                // triangleToBar at the command, splitBar two steps later.
                let paths = steps("path", part)
                #expect(paths.count == 2, "\(part): \(paths.map(\.animation.begin))")
                #expect(Self.near(paths.first?.animation.begin, 1) && Self.near(paths.last?.animation.begin, 1.4))
                // barRotateVertical: the quarter turn and the fill, in between.
                let turns = steps(LayerProperty.rotation.rawValue, part)
                #expect(turns.count == 1 && Self.near(turns.first?.animation.begin, 1.2), "\(turns.map(\.animation.begin))")
                #expect(steps("fillColor", part).count == 1 && Self.near(steps("fillColor", part).first?.animation.begin, 1.2))
                for a in paths + turns {
                    #expect(a.animation.duration == 0.2 && a.animation.kind == .basic)
                    // The default morph and rotation curves are linear.
                    #expect(a.animation.timingFunction.name == "linear" && a.animation.timingFunction.points == [0, 0, 1, 1])
                    #expect(Self.near(a.end, a.animation.begin + 0.2))
                    // The command that started the chain, not the completions that continued it.
                    #expect(a.cause?.method == "POST" && a.cause?.path == "/play-button/mode")
                    #expect(a.cause?.parameters == [.init(name: "mode", value: "pause")] && a.cause?.sceneTime == 1)
                    #expect(a.cause?.revision == 1)
                }
                // At the window's end (3 s) every step has run its course.
                #expect((paths + turns).allSatisfy { $0.outcome == .finished })
            }
            #expect(t.commands.count == 1 && t.commands.first?.path == "/play-button/mode")
            #expect(t.sceneTime == 1.05 && t.from == 0 && t.to == 3 && t.keptFrom == 0 && t.historySpan == 60)
            // The window ending at 1.1 sees only the first step, still running then.
            let early = try Self.timeline(s, "from=0&to=1.1").animations.filter { $0.control == .playButton }
            #expect(!early.isEmpty && early.allSatisfy { Self.near($0.animation.begin, 1) && $0.outcome == .running })
        }
    }

    /// A command mid-step replaces what ran under the keys it animates (docs/design/play-button.md
    /// §Forward chain: barToPause.barRotateVertical → play turns back from what is on screen).
    @Test func aCommandMidStepReplacesTheRunningAnimations() throws {
        try withTestServer(.router) { s in
            s.at(1)
            _ = try s.post("/play-button/mode?mode=pause")
            s.at(1.3)
            _ = try s.post("/play-button/mode", form: "mode=play")
            let t = try Self.timeline(s, "from=0&to=3")
            let turns = t.animations.filter { $0.control == .playButton && $0.keyPaths == [LayerProperty.rotation.rawValue] }
                .sorted { $0.animation.begin < $1.animation.begin }
            #expect(turns.count == 4, "\(turns.map(\.animation.begin))")
            let replaced = turns.filter { $0.outcome == .replaced }
            #expect(replaced.count == 2 && replaced.allSatisfy { Self.near($0.animation.begin, 1.2) && Self.near($0.end, 1.3) })
            #expect(replaced.allSatisfy { $0.cause?.parameters == [.init(name: "mode", value: "pause")] })
            let back = turns.filter { Self.near($0.animation.begin, 1.3) }
            #expect(back.count == 2 && back.allSatisfy { $0.outcome == .finished && $0.cause?.sceneTime == 1.3 })
            // A form body is named as given, like a query.
            #expect(back.allSatisfy { $0.cause?.parameters == [.init(name: "mode", value: "play")] && $0.cause?.revision == 2 })
            #expect(t.commands.map(\.sceneTime) == [1, 1.3])
        }
    }

    @Test func theWindowIsCheckedAndCutToTheHistory() throws {
        try withTestServer(.router, configure: { $0.settings.historySpan = 5 }) { s in
            s.at(20)
            let t = try Self.timeline(s, "")
            // Default: 10 s back to 2 s ahead, cut to the 5 s kept.
            #expect(t.from == 15 && t.to == 22 && t.keptFrom == 15 && t.historySpan == 5)
            expectRefusal(try s.get("/timeline?from=3&to=2"), parameter: "from", allowing: "'to'", "/timeline?from=3&to=2")
        }
    }

    /// The far ends of the declared range (issue 30: `to=1e9` ran the spinner on for a billion seconds
    /// and answered 2.27 GB of SVG): the window is cut to the kept history and as far ahead, so the
    /// answer is the same as for the window's ends themselves.
    @Test func aWindowFarAheadIsCutAsFarAheadAsTheHistoryReachesBack() throws {
        try withTestServer(.router, configure: { $0.settings.historySpan = 5 }) { s in
            s.at(20)
            let far = try Self.timeline(s, "from=-1000000000&to=1000000000")
            #expect(far.from == 15 && far.to == 25 && far.keptFrom == 15)
            let ahead = try Self.timeline(s, "from=1000000000&to=1000000000")
            #expect(ahead.from == 25 && ahead.to == 25)
            let picture = try s.get("/timeline.svg?to=1000000000")
            let cut = try s.get("/timeline.svg?to=25")
            #expect(picture.status == 200 && picture.body == cut.body, "\(picture.body.count) bytes against \(cut.body.count)")
        }
    }
}
