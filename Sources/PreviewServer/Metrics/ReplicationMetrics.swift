import CoreMetrics
import Scenes

extension ServerMetrics {
    /// A replica's log, read at every scrape: whether it is reachable, the entries applied and
    /// the lag, from an entry's acceptance on any replica to its application here.
    func readReplication(_ read: @escaping @Sendable () -> ReplicaStatus) {
        // The factory, not self: the metrics keep this action, so capturing them would be a cycle
        // that keeps a stopped replica's metrics, and through `read` its scene, alive
        // (ReplicaLifecycleTests).
        let factory = factory
        addScrapeAction {
            let status = read()
            CoreMetrics.Gauge(label: "layercast_replication_log_reachable", factory: factory).record(status.reachable ? 1 : 0)
            CoreMetrics.Gauge(label: "layercast_replication_entries_applied", factory: factory).record(status.applied)
            CoreMetrics.Gauge(label: "layercast_replication_lag_seconds", factory: factory).record(status.lagSeconds)
            // 1 once reading stopped at an entry this version cannot read (docs/design/replication.md §Faults).
            CoreMetrics.Gauge(label: "layercast_replication_stopped", factory: factory).record(status.stoppedAt == nil ? 0 : 1)
        }
    }
}
