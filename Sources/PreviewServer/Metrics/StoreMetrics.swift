import CoreMetrics
import Scenes

extension ServerMetrics {
    /// What the server keeps for scenarios, against its limits, brought up to date at each scrape:
    /// `layercast_scenarios_stored`, `…_stored_bytes`, `…_max`, `…_max_bytes`, `…_evicted`, and the
    /// same for `layercast_artworks`.
    func stores(scenarios: ScenarioStore, artworks: ArtworkLibrary) {
        for (name, usage) in [("scenarios", scenarios.store.usage), ("artworks", artworks.store.usage)] {
            for (suffix, value) in [("stored", usage.count), ("stored_bytes", usage.bytes), ("max", usage.maxCount),
                                    ("max_bytes", usage.maxBytes), ("evicted", usage.evicted)] {
                CoreMetrics.Gauge(label: "layercast_\(name)_\(suffix)", factory: factory).record(value)
            }
        }
    }
}
