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
package final class FrameRenderer: Sendable {
    package let renderer = Renderer()

    package init() {}

    package func tree(of scene: Scene, at time: Double, spec: FrameSpec) -> LayerSnapshot {
        scene.frame(spec.subject, at: time, width: Double(spec.pixelWidth), height: Double(spec.pixelHeight),
                    options: spec.options)
    }

    /// `recycling` and `previous`: see `Renderer.render`.
    package func image(of tree: LayerSnapshot, spec: FrameSpec, recycling: consuming [UInt8]? = nil,
               previous: LayerSnapshot? = nil) -> RenderedImage {
        renderer.render(tree, width: spec.pixelWidth, height: spec.pixelHeight,
                        background: spec.background.background(scale: spec.scale), debug: spec.debug,
                        recycling: consume recycling, previous: previous)
    }

    package func jpeg(_ image: RenderedImage, quality: Int) throws -> [UInt8] {
        try JPEGEncoder.encode(image, quality: quality)
    }

    package func png(_ image: RenderedImage) throws -> [UInt8] {
        try PNGEncoder.encode(image)
    }
}

/// Wall-clock seconds with microseconds, as mjpg-streamer and µStreamer send X-Timestamp.
package func wallClockTimestamp() -> String {
    var tv = timeval()
    gettimeofday(&tv, nil)
    let micros = String(Int(tv.tv_usec))
    return "\(Int(tv.tv_sec))." + String(repeating: "0", count: max(0, 6 - micros.count)) + micros
}

/// Scene times in headers and JSON: microsecond resolution is plenty and keeps them readable.
package func formatSceneTime(_ t: Double) -> String {
    printfFormat("%.6f", t)
}

/// C's printf formatting. Foundation's String(format:) would link ICU's 34 MB of data into the
/// binary for it (the server imports FoundationEssentials only).
package func printfFormat(_ format: String, _ arguments: CVarArg...) -> String {
    let length = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
    guard length > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: length + 1)
    _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
