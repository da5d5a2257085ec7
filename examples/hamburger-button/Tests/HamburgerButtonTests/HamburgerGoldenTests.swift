import Foundation
import HamburgerButton
import LayercastKit
import LayercastTesting
import Testing

/// The button's frames against reviewed PNGs in `Golden/`: white strokes on the demo's green, 108
/// points square (the 54-point design at 2×), closed, 0.3 s into opening, open, and 0.3 s into
/// closing. A mismatch leaves the actual frame and a diff under `.build/golden-failures/`.
@Suite struct HamburgerGoldenTests {

    /// LayercastTesting's standard tolerance, stated: every channel within 8 levels of 255 on at
    /// least 99.5 % of the pixels. It absorbs antialiasing differences between Cairo versions; the
    /// strokes are 8 pixels wide here, so a stroke moved by a pixel changes far more than the 0.5 %
    /// (58 of 11 664 pixels) let through.
    static let golden = Golden("Golden", tolerance: .init(channelDelta: 8, matchingFraction: 0.995))

    @Test func framesThroughAToggleAndBack() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            func expectFrame(_ name: String, at time: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
                let reply = try server.at(time).get("/frame.png?control=hamburger-button&size=108&at=\(time)")
                #expect(reply.status == 200, "\(name): \(reply.text.prefix(200))", sourceLocation: sourceLocation)
                Self.golden.expect(reply.body, named: name, sourceLocation: sourceLocation)
            }
            try expectFrame("closed", at: 0.5)
            #expect(try server.at(1).post("/hamburger-button/toggle").status == 200)
            try expectFrame("opening-0.3s", at: 1.3)
            try expectFrame("open", at: 2.5)
            #expect(try server.at(3).post("/hamburger-button/toggle").status == 200)
            try expectFrame("closing-0.3s", at: 3.3)
        }
    }

    /// The tolerance is not so loose that it lets a visible change through: the X with strokes half a
    /// point wider fails against `open.png` (its failure images go to a temporary folder, not where
    /// `scripts/accept-golden.sh` would pick them up).
    @Test func theToleranceCatchesAWiderStroke() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hamburger-golden-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let strict = Golden(directory: Self.golden.directory, failureDirectory: scratch, tolerance: Self.golden.tolerance)
        try withTestServer(.router, controls: ExampleControls.list) { server in
            #expect(try server.at(1).post("/hamburger-button/open").status == 200)
            let same = try server.at(2.5).get("/frame.png?control=hamburger-button&size=108")
            let wider = try server.get("/frame.png?control=hamburger-button&size=108&props.lineWidth=4.5")
            guard case .match = try strict.check("open").check(same.body) else {
                Issue.record("the open frame does not match open.png"); return
            }
            guard case .mismatch = try strict.check("open").check(wider.body) else {
                Issue.record("strokes 4.5 points wide pass as open.png: the tolerance is too loose"); return
            }
        }
    }
}
