import SeedControls

// The benches measure Layercast's own four controls.
SeedControls.bootstrap()
LayercastBench.main()
