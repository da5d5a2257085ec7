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

    /// The render cache (`Revalidation`), at each scrape: `layercast_render_cache_entries`, `…_bytes`,
    /// `…_max_bytes`, `…_hits`, `…_misses` and `…_evicted`, the last three counted since the start.
    func renderCache(_ usage: RenderCacheUsage) {
        for (suffix, value) in [("entries", usage.entries), ("bytes", usage.bytes), ("max_bytes", usage.maxBytes),
                                ("hits", usage.hits), ("misses", usage.misses), ("evicted", usage.evicted)] {
            CoreMetrics.Gauge(label: "layercast_render_cache_\(suffix)", factory: factory).record(value)
        }
    }
}
