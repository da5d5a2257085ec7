import Animation
import ArgumentParser
import Controls
import SeedControls
import Foundation
import Rendering

/// `png`: every control in every state as a PNG, render and encode CPU time, and the bytes
/// against the unfiltered zlib level 1 the encoder always used before (issue 21's PNG row).
struct PNGBench: Bench {
    static let configuration = CommandConfiguration(
        commandName: "png",
        abstract: "Every control in every state as a PNG: CPU ms to render and encode, and bytes against unfiltered level 1.")

    @Option(help: "Frame side in pixels.")
    var size: Int = 480

    @Option(help: "Frames timed per state (after 3 warm-up frames).")
    var frames: Int = 40

    @Option(help: "Try these settings instead of the encoder's: zlib level.")
    var level: Int32?

    @Option(help: "Try these settings instead of the encoder's: zlib strategy (0 default, 1 filtered, 2 Huffman only, 3 RLE).")
    var strategy: Int32?

    @Option(help: "Try these settings instead of the encoder's: libspng filter mask (0 none, 8 none chosen, 16 sub, 32 up, 64 average, 128 Paeth, 248 all).")
    var filters: Int32?

    func validate() throws {
        guard (16...2048).contains(size) else { throw ValidationError("--size must be 16–2048") }
        guard (1...10_000).contains(frames) else { throw ValidationError("--frames must be 1–10000") }
    }

    /// A control in one of its states: the scene is set up at t = 0 and drawn from t = 1 s on.
    struct State: Sendable {
        let subject: FrameSubject
        let name: String
        let setUp: @Sendable (inout Scene) -> Void
    }

    static let states: [State] = {
        var list: [State] = []
        for subject in [FrameSubject.spinner, .meter, .player, .playButton, .all] {
            list.append(State(subject: subject, name: "fresh") { _ in })
        }
        list.append(State(subject: .spinner, name: "spinning") { $0.spinner.start(at: 0) })
        list.append(State(subject: .meter, name: "recording") { try? $0.meter.press(at: 0) })
        list.append(State(subject: .meter, name: "released") { scene in
            try? scene.meter.press(at: 0)
            scene.meter.release(at: 0.5)
        })
        list.append(State(subject: .player, name: "playing") { $0.player.play(at: 0) })
        list.append(State(subject: .player, name: "paused after playing") { scene in
            scene.player.play(at: 0)
            scene.player.pause(at: 0.5)
        })
        for mode in PlayButton.Mode.allCases {
            list.append(State(subject: .playButton, name: mode.rawValue) { $0.playButton.setMode(mode, at: 0) })
        }
        list.append(State(subject: .all, name: "every control animating", setUp: RenderBench.animate))
        return list
    }()

    func report() throws {
        print("PNG at \(size), CPU ms per frame (this thread; median over \(frames) frames from t = 1 s at 30 fps)")
        print("encode = the encoder's choice per frame (or the settings given); level 1 = unfiltered zlib level 1 (`flat`, the only settings before issue 21)")
        var settings: PNGEncoder.Settings?
        if level != nil || strategy != nil || filters != nil {
            var s = PNGEncoder.Settings.flat
            if let level { s.compressionLevel = level }
            if let strategy { s.strategy = strategy }
            if let filters { s.filters = filters }
            settings = s
            print("settings: level \(s.compressionLevel), strategy \(s.strategy), filters \(s.filters)")
        }
        let renderer = Renderer()
        var rows: [[String]] = []
        var worst = 0.0
        for state in Self.states {
            var scene = Scene(configuration: SceneConfiguration(SeedControls.list), time: 0)
            state.setUp(&scene)
            var render: [Double] = [], standard: [Double] = [], levelOne: [Double] = []
            var bytes = (standard: 0, levelOne: 0)
            var share = 0.0
            for i in -3..<frames {
                let t = 1 + Double(i + 3) / 30
                scene.advance(to: t)
                let c0 = threadCPUNow()
                let tree = scene.frame(state.subject, at: t, width: Double(size), height: Double(size))
                let image = renderer.render(tree, width: size, height: size, background: .color(.white))
                let c1 = threadCPUNow()
                let png = (try? PNGEncoder.encode(image, settings: settings)) ?? []
                let c2 = threadCPUNow()
                let old = (try? PNGEncoder.encode(image, settings: .flat)) ?? []
                let c3 = threadCPUNow()
                guard i >= 0 else { continue }
                render.append(c1 - c0)
                standard.append(c2 - c1)
                levelOne.append(c3 - c2)
                bytes = (png.count, old.count)
                share = PNGEncoder.Settings.verticalRepeatShare(image)
            }
            let (r, s, l) = (Distribution(render).median, Distribution(standard).median, Distribution(levelOne).median)
            worst = max(worst, r + s)
            rows.append([state.subject.rawValue, state.name, fmt(r * 1000), fmt(s * 1000), fmt((r + s) * 1000),
                         fmt(l * 1000), fmt(Double(bytes.standard) / 1024, 1), fmt(Double(bytes.levelOne) / 1024, 1),
                         fmt(Double(bytes.standard) / Double(max(bytes.levelOne, 1))), fmt(share)])
        }
        printTable(["control", "state", "render", "encode", "total", "level-1 encode", "KiB", "level-1 KiB", "bytes ÷ level 1", "rows repeat"], rows)
        print("slowest total: \(fmt(worst * 1000)) ms")
    }
}
