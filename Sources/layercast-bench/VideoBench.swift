import ArgumentParser
import Controls
import SeedControls
import Foundation
import Rendering

/// `video`: what an MP4 or WebM clip costs to encode, per frame, on the render bench's scene with
/// every control animating: encode time (the encoders are single-threaded on the caller's thread,
/// so its CPU time is their cost), file size and the process's peak memory while encoding.
struct VideoBench: Bench {
    static let configuration = CommandConfiguration(
        commandName: "video",
        abstract: "ms per frame to encode MP4 (H.264) and WebM (VP9) clips, file size and peak memory.")

    @Option(help: "mp4, webm or all.")
    var format = "all"

    @Option(help: "Width and height in pixels.")
    var size = 480

    @Option(help: "Frames per clip, at 30 fps.")
    var frames = 150

    @Option(help: "Subject: \(SeedControls.list.allSubjects.map(\.rawValue).joined(separator: ", ")).")
    var subject: FrameSubject = .all

    @Option(help: "Quality on the encoder's CRF scale (default: the format's own).")
    var crf: Int?

    @Option(help: "Write each clip into this directory, to look at or probe.")
    var save: String?

    static let fps = 30

    func validate() throws {
        guard format == "all" || VideoFormat(rawValue: format) != nil else { throw ValidationError("--format must be mp4, webm or all") }
        guard (16...VideoEncoder.maxDimension).contains(size) else { throw ValidationError("--size must be 16–\(VideoEncoder.maxDimension)") }
        guard (1...3600).contains(frames) else { throw ValidationError("--frames must be 1–3600") }
    }

    func report() throws {
        print("\(size)×\(size), \(frames) frames at \(Self.fps) fps of '\(subject.rawValue)' (every control animating)")
        print("encode = VideoEncoder.add for every frame + finish, per frame; CPU = this thread's CPU time (the")
        print("encoders run single-threaded on it); peak RSS = the process's VmHWM, reset before each clip; only the")
        print("first clip's is shown, as the next reuses the heap the first freed (use --format for each one's)")
        let formats = format == "all" ? VideoFormat.allCases : VideoFormat(rawValue: format).map { [$0] } ?? []
        var rows: [[String]] = []
        for (i, f) in formats.enumerated() {
            let r = try measure(f)
            let memory = i == 0 ? [r.baseRSSKiB, r.peakRSSKiB, r.peakRSSKiB - r.baseRSSKiB].map { fmt(Double($0) / 1024, 1) }
                : ["–", "–", "–"]
            rows.append([f.rawValue, "\(crf ?? f.defaultCRF)", ms(r.encodeWall / Double(frames), 2), ms(r.encodeCPU / Double(frames), 2),
                         ms(r.renderWall / Double(frames), 2), fmt(Double(r.bytes) / 1024, 1)] + memory)
        }
        printTable(["format", "crf", "encode ms/frame", "encode CPU ms/frame", "render ms/frame", "KiB",
                    "RSS before MiB", "peak RSS MiB", "peak − before MiB"], rows)
    }

    struct Result {
        var encodeWall = 0.0
        var encodeCPU = 0.0
        var renderWall = 0.0
        var bytes = 0
        var baseRSSKiB = 0
        var peakRSSKiB = 0
    }

    func measure(_ format: VideoFormat) throws -> Result {
        var scene = RenderBench.animatedScene()
        let renderer = Renderer()
        func frame(_ i: Int) -> RenderedImage {
            let t = 1.0 + Double(i) / Double(Self.fps)
            scene.advance(to: t)
            let tree = scene.frame(subject, at: t, width: Double(size), height: Double(size))
            return renderer.render(tree, width: size, height: size, background: .color(.white))
        }
        _ = frame(0)
        var result = Result()
        // Resets VmHWM to the current RSS (Linux ≥ 4.0), so the peak is this clip's.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        result.baseRSSKiB = ProcSample.read(pid: getpid())?.rssKiB ?? 0
        let encoder = try VideoEncoder(format: format, width: size, height: size, fps: Self.fps, frameCount: frames,
                                       options: .init(crf: crf))
        for i in 0..<frames {
            let t0 = monotonicNow()
            let image = frame(i)
            let (t1, c1) = (monotonicNow(), threadCPUNow())
            try encoder.add(image)
            result.encodeCPU += threadCPUNow() - c1
            result.encodeWall += monotonicNow() - t1
            result.renderWall += t1 - t0
        }
        let (t2, c2) = (monotonicNow(), threadCPUNow())
        let bytes = try encoder.finish()
        result.encodeCPU += threadCPUNow() - c2
        result.encodeWall += monotonicNow() - t2
        result.bytes = bytes.count
        result.peakRSSKiB = ProcSample.read(pid: getpid())?.peakRSSKiB ?? 0
        if let save {
            let path = "\(save)/layercast-\(subject.rawValue)-\(size)-\(frames)f.\(format.rawValue)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            print("wrote \(path)")
        }
        return result
    }
}

/// Subjects on the command line by their API names.
extension FrameSubject: ExpressibleByArgument {}
