import HamburgerButton
import LayercastKit
import SeedControls

// Layercast's four controls and the hamburger button: `serve` (the default), `render`, `probe` and
// `api`, as `layercast` has them. The page is the Layercast checkout's `Public` folder.
LayercastMain.run(controls: SeedControls.all + [HamburgerButton.self])
