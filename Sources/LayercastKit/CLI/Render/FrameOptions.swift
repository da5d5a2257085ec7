import ArgumentParser
import Scenes

/// The frame options `layercast render` and `layercast test` share: the clip parameters' own
/// ranges and defaults (`HeadlessRender.values`), and the artwork a scenario may name.
struct FrameOptions: ParsableArguments {
    @Option(help: "Width and height in points, \(HeadlessRender.values(of: "size", controls: ServedControls.list)). Default \(HeadlessRender.defaultText(of: "size")).")
    var size: Int?

    @Option(help: "Pixels per point, \(HeadlessRender.values(of: "scale", controls: ServedControls.list)).")
    var scale: Double?

    @Option(help: "What the frames show: \(HeadlessRender.values(of: "control", controls: ServedControls.list)).")
    var control: String?

    @Option(help: "A colour or a name: \(HeadlessRender.values(of: "background", controls: ServedControls.list)).")
    var background: String?

    @Option(help: "A PNG the scenarios name by its SHA-256 (repeatable).")
    var artwork: [String] = []

    /// The options given, as the clip operation's parameters name them.
    var parameters: [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        if let control { out.append(("control", control)) }
        if let size { out.append(("size", String(size))) }
        if let scale { out.append(("scale", String(scale))) }
        if let background { out.append(("background", background)) }
        return out
    }

    /// The artwork files' bytes.
    func artworks() throws -> [[UInt8]] { try artwork.map { try Files.read($0, what: "--artwork") } }
}
