import Gallery
import HamburgerButton
import LayercastKit
import SeedControls

// Layercast's four controls, the hamburger button and the gallery: `serve` (the default), `render`,
// `probe` and `api`, as `layercast` has them. The page is the Layercast checkout's `Public` folder.
LayercastMain.run(controls: SeedControls.all + [HamburgerButton.self] + Gallery.all)
