import Testing
import Animation
@testable import Controls
@testable import SeedControls

/// docs/design/play-button.md §Interruption: every cell of the interruption table, reached from rest through
/// the real chain.
@Suite struct PlayButtonInterruptionTests {

    enum Expected: Equatable, CustomStringConvertible {
        /// "continue" or "—": nothing starts now.
        case nothing
        /// "→ X": step X starts now, and the state becomes the given one.
        case start(Step, String)

        var description: String {
            switch self {
            case .nothing: "nothing"
            case .start(let s, let r): "\(s) → \(r)"
            }
        }
    }

    static let toBar = Expected.start(.triangleToBar, "playToBar.triangleToBar")
    static let merge = Expected.start(.mergeBars, "pauseToBar.barsMerge")
    static let shrink = Expected.start(.shrinkBar, "stopToBar.barShrink")
    static let leaveLoop = Expected.start(.bufferingToBar, "buffering.toBar")

    /// Rows of the table, columns pause, stop, play, buffering.
    static let table: [String: [Mode: Expected]] = [
        "playToBar.playIdle": [.pause: toBar, .stop: toBar, .play: .nothing, .buffering: toBar],
        "barToPlay.play": [.pause: toBar, .stop: toBar, .play: .nothing, .buffering: toBar],
        "playToBar.triangleToBar": [.pause: .nothing, .stop: .nothing,
                                    .play: .start(.barToTriangle, "barToPlay.barToTriangle"), .buffering: .nothing],
        "barToPlay.barToTriangle": [.pause: toBar, .stop: toBar, .play: .nothing, .buffering: toBar],
        "barToPause.barRotateVertical": [
            .pause: .nothing, .stop: .start(.expandBar, "barToStop.barExpand"),
            .play: .start(.barRotateHorizontal, "pauseToBar.barRotateHorizontal"),
            .buffering: .start(.barRotateHorizontal, "pauseToBar.barRotateHorizontal")],
        "barToPause.barSplit": [.pause: .nothing, .stop: merge, .play: merge, .buffering: merge],
        "barToPause.pause": [.pause: .nothing, .stop: merge, .play: merge, .buffering: merge],
        "pauseToBar.pauseIdle": [.pause: .nothing, .stop: merge, .play: merge, .buffering: merge],
        "pauseToBar.barsMerge": [.pause: .start(.splitBar, "barToPause.barSplit"), .stop: .nothing,
                                 .play: .nothing, .buffering: .nothing],
        "pauseToBar.barRotateHorizontal": [
            .pause: .start(.barRotateVertical, "barToPause.barRotateVertical"), .stop: .nothing, .play: .nothing,
            .buffering: .nothing],
        "barToStop.barRotateVertical": [
            .pause: .start(.splitBar, "barToPause.barSplit"), .stop: .nothing,
            .play: .start(.barRotateHorizontal, "stopToBar.barRotateHorizontal"),
            .buffering: .start(.barRotateHorizontal, "stopToBar.barRotateHorizontal")],
        "barToStop.barExpand": [.pause: shrink, .stop: .nothing, .play: shrink, .buffering: shrink],
        "barToStop.stop": [.pause: shrink, .stop: .nothing, .play: shrink, .buffering: shrink],
        "stopToBar.stopIdle": [.pause: shrink, .stop: .nothing, .play: shrink, .buffering: shrink],
        "stopToBar.barShrink": [.pause: .nothing, .stop: .start(.expandBar, "barToStop.barExpand"),
                                .play: .nothing, .buffering: .nothing],
        "stopToBar.barRotateHorizontal": [
            .pause: .nothing, .stop: .start(.barRotateVertical, "barToStop.barRotateVertical"), .play: .nothing,
            .buffering: .nothing],
        "buffering.buffering": [.pause: leaveLoop, .stop: leaveLoop, .play: leaveLoop, .buffering: .nothing],
        "buffering.toBar": [.pause: .nothing, .stop: .nothing, .play: .nothing,
                            .buffering: .start(.buffering, "buffering.buffering")],
    ]

    /// A way to reach a state: rest in `rest`, optionally ask for `first` at t0, look at `probe`
    /// (the middle of a 0.2 s step, or a rest after the chain).
    struct Route: CustomStringConvertible {
        var rest: Mode
        var first: Mode?
        var probe: Double
        var description: String { "rest \(rest), then \(first.map { "\($0)" } ?? "nothing") at t0, probe at \(probe)" }

        func button() -> PlayButton {
            var b = PB.resting(rest)
            if let first { b.setMode(first, at: PB.t0) }
            b.advance(to: probe)
            return b
        }
    }

    static let routes: [Route] = Mode.allCases.flatMap { rest in
        [Route(rest: rest, first: nil, probe: PB.t0 + 0.1)]
            + Mode.allCases.filter { $0 != rest }.flatMap { first in
                (0...4).map { k in Route(rest: rest, first: first, probe: PB.t0 + 0.1 + 0.2 * Double(k)) }
            }
    }

    @Test func routesReachEveryRow() {
        let reached = Set(Self.routes.map { $0.button().animationState.name })
        #expect(reached.isSuperset(of: Self.table.keys), "missing \(Set(Self.table.keys).subtracting(reached))")
        #expect(Set(Self.table.keys) == Set(PlayButton.AnimationState.allCases.map(\.name)))
    }

    @Test(arguments: Mode.allCases) func everyCellOfTheTable(_ target: Mode) throws {
        for (row, cells) in Self.table.sorted(by: { $0.key < $1.key }) {
            let expected = try #require(cells[target])
            // Prefer a route whose mode differs from the target, so that the table (not the same-mode
            // rule) decides; some cells are only reachable in the target mode ("continue" = "—" there).
            let candidates = Self.routes.filter { $0.button().animationState.name == row }
            guard let route = candidates.first(where: { $0.button().mode != target }) ?? candidates.first else {
                Issue.record("no route reaches \(row)")
                continue
            }
            var b = route.button()
            let context = "\(row) → \(target) (\(route))"
            let t = route.probe
            let before = b.transitions
            let keysBefore = b.layer(.left).animationKeys
            b.setMode(target, at: t)
            #expect(b.mode == target, "\(context)")
            switch expected {
            case .nothing:
                #expect(b.transitions == before, "\(context): \(b.transitions.last.map { "\($0)" } ?? "")")
                #expect(b.animationState.name == row, "\(context)")
                #expect(b.layer(.left).animationKeys == keysBefore, "\(context)")
            case .start(let step, let result):
                let last = b.transitions.last
                #expect(b.transitions.count == before.count + 1, "\(context)")
                #expect(last?.step == step && last?.to.name == result && last?.time == t,
                        "\(context): got \(last.map { "\($0.step.map(\.rawValue) ?? "-") → \($0.to)" } ?? "none")")
                #expect(b.animationState.name == result, "\(context)")
            }
            b.advance(to: t + 3)
            PB.expectRest(b, target, at: t + 3, context)
        }
    }

    /// "→ stop: expand (rotation keeps running)": the square morph starts now from the presented bar
    /// while the turn to 90° goes on; the turn's end brings the idle state (as in the original), the
    /// morph's end changes nothing more.
    @Test func expandWhileTheRotationKeepsRunning() throws {
        var b = PB.resting(.play)
        b.setMode(.pause, at: 1)
        b.advance(to: 1.3)
        let bar = try #require(b.presentation(of: .left, at: 1.3).path)
        b.setMode(.stop, at: 1.3)
        #expect(b.layer(.left).animationKeys.contains("transform.rotation.z"))
        let rotation = b.presentation(of: .left, at: 1.35).rotation
        #expect(abs(rotation - .pi / 2 * 0.75) < 1e-9)
        let expected = try Path.interpolate(from: bar, to: PlayButton.shapePath(.square), 0.25)
        #expect(PB.close(b.presentation(of: .left, at: 1.35).path, expected))
        b.advance(to: 1.45)
        #expect(b.animationState.name == "barToStop.stop")
        #expect(b.transitions.last?.time == 1.4)
        b.advance(to: 2)
        #expect(b.transitions.last?.time == 1.4)
        PB.expectRest(b, .stop, at: 2)
    }

    /// Interrupting starts from what is on screen: no jump at the command's time.
    @Test func interruptionsStartFromThePresentedValues() {
        var b = PB.resting(.play)
        b.setMode(.pause, at: 1)
        b.advance(to: 1.3)
        let before = b.state(at: 1.3)
        b.setMode(.play, at: 1.3)
        let after = b.state(at: 1.3)
        #expect(before.left == after.left && before.right == after.right && before.background == after.background)
        #expect(b.animationState.name == "pauseToBar.barRotateHorizontal")
        // Back from 45° takes a full step.
        b.advance(to: 1.4)
        #expect(abs(b.presentation(of: .left, at: 1.4).rotation - .pi / 8) < 1e-9)
    }

    @Test func sameModeDoesNothing() {
        var b = PB.resting(.play)
        b.setMode(.pause, at: 1)
        b.advance(to: 1.1)
        let log = b.transitions
        b.setMode(.pause, at: 1.1)
        #expect(b.transitions == log)
        var idle = PB.resting(.stop)
        let idleLog = idle.transitions
        idle.setMode(.stop, at: 1)
        #expect(idle.transitions == idleLog && idle.layer(.left).animationKeys.isEmpty)
    }
}
