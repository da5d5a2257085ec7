import Controls
import HTTPServer

/// `/frame.png?variants=modes|themes|scales` (and `.jpg`): several cells side by side.
extension APIContext {
    /// The frame routes: variants when asked for, else the plain frame.
    func frameOrVariants(_ request: HTTPRequest, png: Bool) -> HTTPResponse {
        guard request.query.contains(where: { $0.name == "variants" }) else { return frame(request, png: png) }
        return answer { () throws(APIError) in
            let p = ParameterValues(query: request)
            let (variants, time) = try variantSet(p)
            var set = variants
            let image = set.render(set.tree(at: time, frameRenderer: frameRenderer), frameRenderer: frameRenderer)
            // Header values stay ASCII.
            let captions = set.captions.joined(separator: ", ").replacing("×", with: "x")
            return try snapshot(image, png: png, quality: set.spec.quality, sceneTime: time, headers: [("X-Variants", captions)])
        }
    }

    /// The variants a request asks for, built from the live scene now, and the time to show them
    /// at (now + `ahead`). Cells default to 240 points, so four of them stay a reasonable image.
    func variantSet(_ p: ParameterValues) throws(APIError) -> (VariantSet, Double) {
        guard let kind = try p.choice("variants", as: VariantKind.self) else {
            throw .missing("variants", allowed: VariantKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let spec = try FrameSpec(p, defaultSize: min(configuration.size, VariantSet.defaultCellSize))
        let ahead = try p.double("ahead", in: 0...60, default: 0) ?? 0
        let (copy, now) = scene.snapshot()
        let set = try VariantSet(kind, spec: spec, scene: copy, at: now, seed: configuration.scene.seed)
        return (set, now + ahead)
    }
}
