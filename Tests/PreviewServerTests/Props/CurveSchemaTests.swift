import Animation
import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// A curve prop's schema gives the control points of its named curves (`x-curves`), so the page's
/// curve editor plots and offers them from the server's numbers.
@Suite struct CurveSchemaTests {

    @Test func everyCurvePropGivesTheNamedCurvesControlPoints() throws {
        try withTestServer(.router) { s in
            let reply = try jsonObject(s.get("/controls/play-button/props"))
            let schema = try #require(reply["schema"] as? [String: Any])
            let properties = try #require(schema["properties"] as? [String: [String: Any]])
            let curve = try #require(properties["morphCurve"])
            let named = try #require(curve["x-curves"] as? [String: [Double]])
            #expect(Set(named.keys) == Set(TimingCurve.Name.allCases.map(\.rawValue)))
            // Core Animation's numbers (docs/design/engine.md), not a copy of the code under test.
            #expect(named["easeInEaseOut"] == [0.42, 0, 0.58, 1])
            #expect(named["default"] == [0.25, 0.1, 0.25, 1])
            #expect(named["linear"] == [0, 0, 1, 1])
            // The names are exactly the string form's choices.
            let forms = try #require(curve["oneOf"] as? [[String: Any]])
            #expect(Set(forms.compactMap { $0["enum"] as? [String] }.flatMap { $0 }) == Set(named.keys))
        }
    }
}
