import Foundation
import Testing
import Animation
import Controls
import LayercastQuartz
import Rendering
import LayercastTesting

/// The SDK keeps a layer control as a value (docs/design/quartz.md §Layer controls): commands run
/// its methods in a session, copies do not share changes, snapshots round-trip, and a command that
/// leaves an undrawable value is refused whole.
@Suite struct LayerControlTests {
    typealias Host = LayerControlHost<MenuIcon>

    static func alpha(_ host: Host, _ x: Int, _ y: Int) -> UInt8 {
        Renderer().render(host.snapshot(at: 0), width: 44, height: 44, background: .transparent).pixel(x: x, y: y).a
    }

    static func toggle(_ host: inout Host) throws {
        var scene = Scene(configuration: SceneConfiguration(ControlList.menuIcon), time: 0)
        try #require(scene.modify(Host.self) { $0 = host } != nil)
        let declaration = try #require(Host.commands.first { $0.id == "menuIconToggle" })
        _ = try declaration.change(CommandArguments([]), artworks: NoArtworks()).apply(to: &scene, at: 1)
        host = try #require(scene[Host.self])
    }

    struct NoArtworks: ArtworkSource {
        func bitmap(_ hash: String) throws(Refusal) -> Bitmap { throw Refusal(.notFound, "no artwork here") }
    }

    @Test func theSetUpMakesItsLayersAndTheirState() {
        let host = Host(at: 0, configuration: NoProps())
        #expect(host.model.graph.nodes.count == 4 && host.model.states.count == 1)
        #expect(host.designSize == Size(44, 44))
        let state = host.state(at: 0)
        #expect(state.layers["middle"]?.frame == [10, 20, 24, 4] && state.layers["top"]?.strokeEnd == 1)
        // The unnamed root by its place; a plain layer has no stroke range.
        #expect(state.layers["root"]?.frame == [-22, -22, 44, 44] && state.layers["root"]?.strokeEnd == nil && state.layers.count == 4)
        // The middle bar's stroke covers y 20…24 around x 22.
        #expect(Self.alpha(host, 22, 22) == 255 && Self.alpha(host, 22, 18) == 0)
    }

    @Test func aCommandRunsTheControlsMethodAndTheFrameShowsIt() throws {
        var host = Host(at: 0, configuration: NoProps())
        try Self.toggle(&host)
        let state = host.state(at: 0)
        #expect(state.layers["middle"]?.opacity == 0)
        // The middle bar is gone; the cross's arms meet at the centre.
        #expect(Self.alpha(host, 12, 22) == 0 && Self.alpha(host, 22, 22) == 255)
        try Self.toggle(&host)
        #expect(host.state(at: 0).layers["middle"]?.opacity == 1 && Self.alpha(host, 12, 22) == 255)
    }

    @Test func aCopyKeepsItsOwnLayersAndState() throws {
        let original = Host(at: 0, configuration: NoProps())
        var changed = original
        try Self.toggle(&changed)
        #expect(original.state(at: 0).layers["middle"]?.opacity == 1 && changed.state(at: 0).layers["middle"]?.opacity == 0)
        // The original still runs commands on its own model.
        var again = original
        try Self.toggle(&again)
        #expect(again.model == changed.model)
        #expect(original.model != changed.model)
    }

    @Test func aSnapshotRoundTripsLayersAndControlState() throws {
        var host = Host(at: 0, configuration: NoProps())
        try Self.toggle(&host)
        let data = try JSONEncoder().encode(host)
        var decoded = try JSONDecoder().decode(Host.self, from: data)
        #expect(decoded.model == host.model)
        // The decoded control's @ControlState reads false, so toggling brings the bars back.
        try Self.toggle(&decoded)
        #expect(decoded.state(at: 0).layers["middle"]?.opacity == 1)
    }

    @Test func aCommandThatLeavesAnUndrawableValueIsRefusedWhole() throws {
        var scene = Scene(configuration: SceneConfiguration(ControlList.menuIcon), time: 0)
        let before = try #require(scene[Host.self]).model
        let declaration = try #require(Host.commands.first { $0.id == "menuIconBreak" })
        #expect {
            _ = try declaration.change(CommandArguments([]), artworks: NoArtworks()).apply(to: &scene, at: 1)
        } throws: { error in
            guard let refusal = error as? Refusal else { return false }
            return refusal.message.contains("layer 'top': position is not a finite number") && refusal.parameter == "position"
        }
        #expect(scene[Host.self]?.model == before)
    }
}

/// A control whose stored properties make a sublayer before the root: the root is still `layer`.
final class LateRoot: LayerControl {
    static let id = FrameSubject(rawValue: "late-root")
    static let title = "Late root"
    let dot = CALayer()
    let layer = CALayer()

    init() {
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
        dot.backgroundColor = UIColor.red.cgColor
        layer.addSublayer(dot)
    }
}

@Suite struct LayerControlRootTests {
    @Test func theRootIsTheControlsLayerWhicheverWasMadeFirst() {
        let host = LayerControlHost<LateRoot>(at: 0, configuration: NoProps())
        #expect(host.designSize == Size(10, 10))
        let image = Renderer().render(host.snapshot(at: 0), width: 10, height: 10, background: .transparent)
        #expect(image.pixel(x: 3, y: 3).r == 255 && image.pixel(x: 3, y: 3).a == 255 && image.pixel(x: 8, y: 8).a == 0)
    }
}
