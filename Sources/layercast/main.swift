import LayercastKit
import SeedControls

// Layercast's own four controls; the commands live in LayercastKit (Sources/LayercastKit/CLI).
LayercastMain.run(controls: SeedControls.all)
