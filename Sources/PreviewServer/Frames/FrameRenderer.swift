import Animation
import Controls
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Rendering

/// Turns a scene copy and a time into pixels and encoded bytes for one spec. Shared by snapshots,
/// streams and clips; holds the one thread-safe Renderer so blurs are cached across all of them.
final class FrameRenderer: Sendable {
    let renderer = Renderer()
    /// The recording meter's time label; `label=off` drops it from a frame.
    static let labelLayerName = RecordingMeter.labelName

    func tree(of scene: Scene, at time: Double, spec: FrameSpec) -> LayerSnapshot {
        var tree = scene.frame(spec.subject, at: time, width: Double(spec.pixelWidth), height: Double(spec.pixelHeight))
        if !spec.showsLabel {
            tree = tree.removingLayers(named: Self.labelLayerName)
        }
        if spec.background.isDark {
            // Labels are designed dark on white; on a dark backdrop they would vanish, so they flip.
            tree = tree.invertingTextLightness()
        }
        return tree
    }

    func image(of tree: LayerSnapshot, spec: FrameSpec) -> RenderedImage {
        renderer.render(tree, width: spec.pixelWidth, height: spec.pixelHeight,
                        background: spec.background.background(scale: spec.scale), debug: spec.debug)
    }

    func jpeg(_ image: RenderedImage, quality: Int) throws -> [UInt8] {
        try JPEGEncoder.encode(image, quality: quality)
    }

    func png(_ image: RenderedImage) throws -> [UInt8] {
        try PNGEncoder.encode(image)
    }
}

extension LayerSnapshot {
    func removingLayers(named name: String) -> LayerSnapshot {
        var copy = self
        copy.sublayers = sublayers.filter { $0.name != name }.map { $0.removingLayers(named: name) }
        return copy
    }

    func invertingTextLightness() -> LayerSnapshot {
        var copy = self
        if case .text(var text) = content {
            let c = text.color
            text.color = Color(red: 1 - c.red, green: 1 - c.green, blue: 1 - c.blue, alpha: c.alpha)
            copy.content = .text(text)
        }
        copy.sublayers = sublayers.map { $0.invertingTextLightness() }
        return copy
    }
}

extension BackgroundChoice {
    /// Dark enough that dark text on it would be hard to read (relative luminance below 0.3).
    var isDark: Bool {
        guard case .color(let c) = self else { return false }
        return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue < 0.3
    }
}

/// Wall-clock seconds with microseconds, as mjpg-streamer and µStreamer send X-Timestamp.
func wallClockTimestamp() -> String {
    var tv = timeval()
    gettimeofday(&tv, nil)
    let micros = String(Int(tv.tv_usec))
    return "\(Int(tv.tv_sec))." + String(repeating: "0", count: max(0, 6 - micros.count)) + micros
}

/// Scene times in headers and JSON: microsecond resolution is plenty and keeps them readable.
func formatSceneTime(_ t: Double) -> String {
    printfFormat("%.6f", t)
}

/// C's printf formatting. Foundation's String(format:) would link ICU's 34 MB of data into the
/// binary for it (the server imports FoundationEssentials only).
func printfFormat(_ format: String, _ arguments: CVarArg...) -> String {
    let length = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
    guard length > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: length + 1)
    _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
