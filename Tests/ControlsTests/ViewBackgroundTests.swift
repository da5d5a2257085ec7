import Animation
import Controls
import Testing
import SeedControls

/// A control's view background (docs/design/play-button.md §Sample backdrop): the `sample` theme sits
/// on the sample app's grey view, which a frame paints over the control's whole cell.
@Suite struct ViewBackgroundTests {

    @Test func theSampleThemesViewIsLightGrayAtFourFifthsOverBlack() throws {
        let grey = try #require(PlayButton.Theme.sample.viewBackground)
        // 0.8 × 170 = 136.
        #expect(grey.hex == "#888888" && grey.alpha == 1)
        #expect(abs(grey.red - 0.8 * Color.lightGray.red) < 1e-12 && grey.red == grey.green && grey.green == grey.blue)
        #expect(PlayButton.Theme.default.viewBackground == nil)
        #expect(Backdrop(behind: grey) == .light && Backdrop(behind: Color(white: 0.2)) == .dark)
    }

    /// The fill's rectangle and colour, if `layer` is one.
    static func fill(_ layer: LayerSnapshot?) -> (path: Path, color: Color?)? {
        guard case .shape(let shape)? = layer?.content else { return nil }
        return (shape.path, shape.fillColor)
    }

    @Test func aFrameFillsTheCellUnderTheButton() throws {
        var scene = Scene.seeds()
        scene.playButton.setTheme(.sample, at: 0)
        let grey = PlayButton.Theme.sample.viewBackground

        // One control: the whole frame, under the fitted button.
        let alone = scene.frame(.playButton, at: 0, width: 120, height: 60)
        #expect(alone.name == "play-button.cell")
        #expect(alone.sublayers.map(\.name) == ["view.background", "play-button"])
        let whole = try #require(Self.fill(alone.sublayers.first))
        #expect(whole.path == .rect(Rect(x: 0, y: 0, width: 120, height: 60)) && whole.color == grey)

        // Every control: the play button's grid cell, margin included, and no other.
        let all = scene.frame(.all, at: 0, width: 480, height: 480)
        let cell = try #require(ControlList.seeds.grid.cells(width: 480, height: 480).first { $0.id == .playButton }?.cell)
        #expect(all.sublayers.filter { $0.name.hasSuffix(".cell") }.map(\.name) == ["play-button.cell"])
        let inGrid = try #require(Self.fill(all.sublayers.first { $0.name == "play-button.cell" }?.sublayers.first))
        #expect(inGrid.path == .rect(cell) && inGrid.color == grey)

        // The default theme keeps the frame's own background.
        scene.playButton.setTheme(.default, at: 0)
        #expect(scene.frame(.playButton, at: 0, width: 120, height: 60).name == "play-button")
    }
}
