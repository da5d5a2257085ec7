import Animation
import ArgumentParser
import Controls
import SeedControls
import Foundation
import Rendering

/// `render`: ms per frame to build the layer tree, render it with Cairo and encode it, per control,
/// size and format, on a scene where every control is animating.
struct RenderBench: Bench {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Median, p90 and p99 ms per frame to render and encode each control (JPEG q80 and PNG).")

    @Option(help: "Frames timed per case (after 5 warm-up frames).")
    var frames: Int = 200

    @Option(help: "Stop a case after this many seconds even if it has not timed all its frames.")
    var maxSeconds: Double = 20

    @Option(help: "JPEG quality.")
    var quality: Int = 80

    @Flag(help: "Render the scene as a fresh server has it (only the spinner moving) instead of every control animating.")
    var idle = false

    @Flag(help: "Draw every layer, also those an opaque sibling above covers (the renderer leaves them out by default).")
    var drawCovered = false

    @Flag(help: "Draw blurred images with the bilinear filter rather than the nearest pixel (as before issue 21).")
    var bilinearBlurs = false

    @Flag(help: "Draw each frame into the previous one's pixels, only where the snapshot changed, as a stream does.")
    var reuse = false

    @Option(help: "Only these subjects (comma-separated: \(SeedControls.list.allSubjects.map(\.rawValue).joined(separator: ", "))).")
    var only: String?

    func validate() throws {
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1–100000") }
        guard maxSeconds > 0 && maxSeconds <= 600 else { throw ValidationError("--max-seconds must be 0–600") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1–100") }
    }

    struct Case {
        let subject: FrameSubject
        let size: Int
        let png: Bool
    }

    /// Issue 8's list: each control at 480 and 960, all at 480 and 960; the music player (the
    /// costly one: artwork and blur) also at 1024.
    static func cases() -> [Case] {
        let sizes = [FrameSubject.meter, .spinner, .player, .playButton, .all].flatMap { s in [(s, 480), (s, 960)] }
        return (sizes + [(.player, 1024)]).flatMap { s, size in [false, true].map { Case(subject: s, size: size, png: $0) } }
    }

    /// Every control moving: the spinner spins, the meter records, the player plays (blur, spin,
    /// progress), the play button buffers.
    static func animatedScene() -> Scene {
        var scene = Scene(configuration: SceneConfiguration(SeedControls.list), time: 0)
        animate(&scene)
        return scene
    }

    static func animate(_ scene: inout Scene) {
        scene.spinner.start(at: 0)
        try? scene.meter.press(at: 0)
        scene.player.play(at: 0)
        scene.playButton.setMode(.buffering, at: 0)
    }

    func report() throws {
        print("ms per frame = layer tree + Cairo render + encode, wall clock; CPU ms = this thread's CPU time (median),")
        print("which a loaded machine does not inflate; tree, render and encode are wall-clock medians of each step")
        print("scene: \(idle ? "as a fresh server has it (only the spinner moves)" : "every control animating")")
        if drawCovered { print("every layer drawn, also those an opaque sibling covers") }
        if reuse { print("each frame drawn into the previous one's pixels, only where its snapshot changed (as a stream)") }
        print("frames per case: \(frames) (+5 warm-up), scene step 1/30 s, JPEG q\(quality), PNG via PNGEncoder")
        let wanted = only.map { Set($0.split(separator: ",").map(String.init)) }
        if bilinearBlurs { print("blurred images drawn with the bilinear filter") }
        let renderer = Renderer(cullsCoveredLayers: !drawCovered, samplesBlurredImagesCheaply: !bilinearBlurs)
        var rows: [[String]] = []
        for c in Self.cases() where wanted?.contains(c.subject.rawValue) ?? true {
            let r = measure(c, renderer: renderer)
            rows.append([c.subject.rawValue, "\(c.size)", c.png ? "PNG" : "JPEG q\(quality)",
                         fmt(r.total.median * 1000), fmt(r.total.p90 * 1000), fmt(r.total.p99 * 1000),
                         fmt(r.cpu.median * 1000),
                         fmt(r.tree.median * 1000), fmt(r.render.median * 1000), fmt(r.encode.median * 1000),
                         fmt(Double(r.bytes) / 1024, 1), "\(r.total.count)"])
        }
        printTable(["control", "size", "format", "median ms", "p90 ms", "p99 ms", "CPU ms", "tree ms", "render ms",
                    "encode ms", "KiB", "frames"], rows)
    }

    struct Result {
        let total: Distribution
        let cpu: Distribution
        let tree: Distribution
        let render: Distribution
        let encode: Distribution
        let bytes: Int
    }

    func measure(_ c: Case, renderer: Renderer) -> Result {
        var scene = idle ? Scene(configuration: SceneConfiguration(SeedControls.list), time: 0) : Self.animatedScene()
        var cpus: [Double] = []
        var totals: [Double] = [], trees: [Double] = [], renders: [Double] = [], encodes: [Double] = []
        var bytes = 0
        var previous: (tree: LayerSnapshot, pixels: [UInt8])?
        let deadline = monotonicNow() + maxSeconds
        for i in -5..<frames {
            if monotonicNow() > deadline { break }
            let t = 1.0 + Double(i + 5) / 30
            scene.advance(to: t)
            let cpuStart = threadCPUNow()
            let start = monotonicNow()
            let tree = scene.frame(c.subject, at: t, width: Double(c.size), height: Double(c.size))
            let built = monotonicNow()
            let kept = previous.take()
            let image = renderer.render(tree, width: c.size, height: c.size, background: .color(.white),
                                        recycling: kept?.pixels, previous: kept?.tree)
            let rendered = monotonicNow()
            let encoded = c.png ? (try? PNGEncoder.encode(image)) : (try? JPEGEncoder.encode(image, quality: quality))
            let end = monotonicNow()
            let cpuEnd = threadCPUNow()
            if reuse { previous = (tree, image.pixels) }
            guard i >= 0 else { continue }
            cpus.append(cpuEnd - cpuStart)
            totals.append(end - start)
            trees.append(built - start)
            renders.append(rendered - built)
            encodes.append(end - rendered)
            bytes = encoded?.count ?? 0
        }
        return Result(total: Distribution(totals), cpu: Distribution(cpus), tree: Distribution(trees), render: Distribution(renders), encode: Distribution(encodes), bytes: bytes)
    }
}
