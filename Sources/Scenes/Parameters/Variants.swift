import APIModel
import Animation
import Controls
import Rendering

/// `variants=`: one control in several states, themes or scales side by side, each with a
/// caption, in the spirit of Xcode's preview variants.
package enum VariantKind: String, CaseIterable, Sendable, DeclaredEnum {
    case modes, themes, scales

    /// The control's own list it shows; nil for scales, which any control has.
    var list: VariantList? { VariantList(rawValue: rawValue) }

    /// What each kind offers, by subject, from the declarations of `controls`: the answer to a
    /// variants request a subject cannot show.
    package static func support(_ controls: ControlList) -> String {
        func offered(_ list: VariantList) -> String {
            controls.subjects.compactMap { id in
                let captions = controls.control(id)?.variantCaptions(list) ?? []
                return captions.isEmpty ? nil : "\(id.rawValue) (\(captions.joined(separator: ", ")))"
            }.joined(separator: ", ")
        }
        return VariantList.allCases.map { "\($0.rawValue): \(offered($0))" }.joined(separator: "; ")
            + "; scales: any control or all (1×, 2×, 3×)"
    }
}

/// The cells of a variants frame: each its own copy of the scene (with the commands scheduled on
/// it), built from the live one, or a scenario's, at one time and then advanced like any copy, so a
/// clip of variants animates every cell.
package struct VariantSet {
    package struct Cell {
        package var caption: String
        package var scene: ScheduledScene
        /// Pixels per point of this cell.
        package var scale: Double
    }

    /// A cell before it has a scene: what the request decides on its own.
    package struct PlannedCell: Sendable {
        package var caption: String
        package var scale: Double
    }

    /// Point sizes of one cell's picture and of the caption band under it.
    package static let defaultCellSize = 240
    package static func captionHeight(cellHeight: Int) -> Double { max(16, (Double(cellHeight) * 0.12).rounded()) }

    package let kind: VariantKind
    package let spec: FrameSpec
    private(set) var cells: [Cell]

    package var captions: [String] { cells.map(\.caption) }

    /// Cell i's picture size in pixels (without the caption band).
    private static func pictureSize(_ scale: Double, _ spec: FrameSpec) -> (width: Int, height: Int) {
        (Int((Double(spec.width) * scale).rounded()), Int((Double(spec.height) * scale).rounded()))
    }

    private static func bandHeight(_ scale: Double, _ spec: FrameSpec) -> Int {
        Int((captionHeight(cellHeight: spec.height) * scale).rounded())
    }

    /// The whole frame: cells side by side, top-aligned.
    package static func pixelSize(of plan: [PlannedCell], spec: FrameSpec) -> (width: Int, height: Int) {
        (plan.reduce(0) { $0 + pictureSize($1.scale, spec).width },
         plan.map { pictureSize($0.scale, spec).height + bandHeight($0.scale, spec) }.max() ?? 0)
    }

    package var pixelWidth: Int { Self.pixelSize(of: plan, spec: spec).width }
    package var pixelHeight: Int { Self.pixelSize(of: plan, spec: spec).height }
    private var plan: [PlannedCell] { cells.map { PlannedCell(caption: $0.caption, scale: $0.scale) } }

    /// The cells a request asks for, from its parameters alone (so its cost is known before any
    /// scene is copied), or the 400 for a combination that has none.
    package static func plan(_ kind: VariantKind, spec: FrameSpec, controls: ControlList) throws(Refusal) -> [PlannedCell] {
        let unsupported = Refusal(.invalid, "variants=\(kind.rawValue) is not available for control=\(spec.subject.rawValue)",
                                   parameter: "variants", allowed: VariantKind.support(controls))
        let plan: [PlannedCell]
        switch kind {
        case .scales:
            guard spec.scale == 1 else {
                throw Refusal(.invalid, "variants=scales chooses the scales itself", parameter: "scale",
                               allowed: "leave out 'scale' with variants=scales")
            }
            plan = [1.0, 2, 3].map { PlannedCell(caption: "\(Int($0))×", scale: $0) }
        case .themes, .modes:
            let captions = kind.list.flatMap { controls.control(spec.subject)?.variantCaptions($0) } ?? []
            guard !captions.isEmpty else { throw unsupported }
            plan = captions.map { PlannedCell(caption: $0, scale: spec.scale) }
        }
        let (w, h) = pixelSize(of: plan, spec: spec)
        if w * h > FrameSpec.maxPixels {
            throw Refusal(.invalid, "the variants frame is too large: \(w)×\(h) pixels", parameter: "size",
                           allowed: "all cells together up to \(FrameSpec.maxPixels) pixels (4096×4096); use a smaller size")
        }
        return plan
    }

    /// Builds the cells `plan` lays out from a copy of a scene at `time`.
    package init(_ kind: VariantKind, spec: FrameSpec, plan: [PlannedCell], scene: ScheduledScene, at time: Double) {
        self.kind = kind
        self.spec = spec
        cells = plan.map { planned in
            var copy = scene
            switch kind {
            case .scales: break
            case .themes, .modes:
                if let list = kind.list { copy.modify { $0.applyVariant(list, planned.caption, to: spec.subject, at: time) } }
            }
            return Cell(caption: planned.caption, scene: copy, scale: planned.scale)
        }
    }
}

extension VariantSet {
    /// The frame's layer tree at `time`, advancing every cell's scene to it.
    package mutating func tree(at time: Double, frameRenderer: FrameRenderer) -> LayerSnapshot {
        var x = 0.0
        var layers: [LayerSnapshot] = []
        let color = spec.background.captionColor
        for i in cells.indices {
            cells[i].scene.advance(to: time)
            let cell = cells[i]
            let (w, h) = Self.pictureSize(cell.scale, spec)
            var cellSpec = spec
            cellSpec.scale = cell.scale
            let picture = frameRenderer.tree(of: cell.scene.scene, at: time, spec: cellSpec)
            let band = Double(Self.bandHeight(cell.scale, spec))
            let caption = LayerSnapshot(name: "caption", content: .text(TextContent(
                text: cell.caption, center: Point(Double(w) / 2, Double(h) + band / 2),
                fontSize: band * 0.7, color: color)))
            layers.append(LayerSnapshot(name: "variant.\(cell.caption)", transform: .translation(x, 0),
                                        sublayers: [picture, caption]))
            x += Double(w)
        }
        return LayerSnapshot(name: "variants", sublayers: layers)
    }

    package func render(_ tree: LayerSnapshot, frameRenderer: FrameRenderer) -> RenderedImage {
        frameRenderer.renderer.render(tree, width: pixelWidth, height: pixelHeight,
                               background: spec.background.background(scale: spec.scale), debug: spec.debug)
    }
}

extension BackgroundChoice {
    /// Dark grey on light backgrounds, light grey on dark ones.
    package var captionColor: Color {
        if case .color(let c) = self, 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue < 0.5 {
            return Color(white: 0.85)
        }
        return Color(white: 0.33)
    }
}
