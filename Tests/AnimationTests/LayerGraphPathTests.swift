import Testing
@testable import Animation

/// A layer graph's layers by path, as the timeline and `/timeline/values` name them: by name, or by
/// place where a name is missing, repeated or reads as a place (docs/design/quartz.md §Keys).
@Suite struct LayerGraphPathTests {
    /// root › (ring, ring, unnamed › mask, "mask", "sublayers[0]"), the root masked too.
    static func graph() -> (LayerGraph, [String: LayerID]) {
        var g = LayerGraph()
        var ids: [String: LayerID] = [:]
        ids["root"] = g.create(.layer)
        for (key, name) in [("ring", "ring"), ("ring2", "ring"), ("plain", nil), ("maskNamed", "mask"), ("placeNamed", "sublayers[0]")] {
            let id = g.create(.shape)
            g.update(id) { $0.name = name }
            g.insert(id, into: ids["root"] ?? LayerID(0))
            ids[key] = id
        }
        ids["plainMask"] = g.create(.layer)
        ids["rootMask"] = g.create(.layer)
        g.setMask(ids["plainMask"], of: ids["plain"] ?? LayerID(0))
        g.setMask(ids["rootMask"], of: ids["root"] ?? LayerID(0))
        return (g, ids)
    }

    @Test func eachLayerHasOnePathAndThePathFindsIt() throws {
        let (g, ids) = Self.graph()
        let paths = g.layerPaths.map { $0.names.joined(separator: "/") }
        #expect(paths == ["", "mask", "ring", "sublayers[1]", "sublayers[2]", "sublayers[2]/mask", "sublayers[3]", "sublayers[4]"])
        let found = g.layerPaths.compactMap { g.layer(at: $0) }
        #expect(Set(found) == Set(ids.values) && found.count == ids.count)
        #expect(g.layer(at: ["ring"]) == ids["ring"] && g.layer(at: ["sublayers[1]"]) == ids["ring2"])
        #expect(g.layer(at: ["nothing"]) == nil && g.layer(at: ["ring", "mask"]) == nil)
        #expect(g.label(of: try #require(ids["plainMask"])) == "root.sublayers[2].mask")
        #expect(g.label(of: try #require(ids["ring2"])) == "ring")
    }

    /// Core Animation's `transform.rotation.z` and `transform.scale` read off the 3D transform.
    @Test func keyPathsReadTheModel() throws {
        var (g, ids) = Self.graph()
        let ring = try #require(ids["ring"])
        g.update(ring) {
            $0.opacity = 0.25
            $0.geometry.transform = Transform3D.scale(2, 2, 2).concatenating(.rotation(0.3, 0, 0, 1))
        }
        g.update(try #require(ids["rootMask"])) { $0.geometry.transform = .scale(3, 3, 1) }
        func value(_ key: LayerProperty, _ path: LayerPath) -> AnimatableValue? { g.presentationValue(key, of: path, at: 7) }
        #expect(value(.opacity, ["ring"]) == .double(0.25))
        guard case .double(let angle) = value(.rotation, ["ring"]), case .double(let scale) = value(.scale, ["ring"]) else {
            Issue.record("rotation and scale are numbers")
            return
        }
        #expect(abs(angle - 0.3) < 1e-12 && abs(scale - 2) < 1e-12)
        guard case .double(let maskScale) = value(.maskScale, .root) else { Issue.record("a number"); return }
        #expect(abs(maskScale - 7.0 / 3) < 1e-12, "the mean of 3, 3 and 1")
        #expect(value(.opacity, ["nothing"]) == nil)
        #expect(g.allRecords().isEmpty)
    }
}
