import Controls

/// Pinned scenarios (issue 34): a page that embeds a scenario's frames or clips names it by id for as
/// long as the page lives, so it must not be pushed out by newer scenarios. A pin holds the scenario
/// and the uploaded artwork it names, in memory, on disk (`--data`) and, on a replica, in Redis; at
/// most a quarter of each store is pinned, so there is always room for new work.
extension Stage {
    /// Pins the stored scenario `id` (and its artwork), or unpins it. 404 for an unknown id; 409 when
    /// the pins are full; 503 when the pin cannot be saved, and then nothing changes.
    package func pin(_ id: String, _ pinned: Bool) throws(Refusal) -> ScenarioSummary {
        let scenario = try storedScenario(id, parameter: "id")
        let hashes = pinned ? scenario.artworkHashes.filter { artworks.store.get($0) != nil } : artworkOnlyPinnedBy(id)
        if let replica {
            let outcome: CommandLog.PinOutcome
            do {
                outcome = try replica.pinScenario(id, pinned)
            } catch {
                logger.warning("replication: cannot pin scenario \(id): \(error)")
                throw Replica.unavailableError
            }
            if outcome == .full { throw Self.pinsFull(scenarios.store) }
        }
        // In memory first, where the limits are checked; undone if the disk refuses.
        var changed: [(store: String, key: String)] = []
        func undo() {
            for (store, key) in changed {
                _ = store == "scenario" ? scenarios.store.pin(key, !pinned) : artworks.store.pin(key, !pinned)
            }
        }
        if scenarios.store.isPinned(id) != pinned {
            guard scenarios.store.pin(id, pinned) == true else { throw Self.pinsFull(scenarios.store) }
            changed.append(("scenario", id))
        }
        for hash in hashes where artworks.store.isPinned(hash) != pinned {
            guard artworks.store.pin(hash, pinned) == true else {
                undo()
                throw Self.pinsFull(artworks.store, of: "uploaded artwork")
            }
            changed.append(("artwork", hash))
        }
        if let saved = dataFolder?.savedWork {
            do {
                for (store, key) in changed { try saved.pin(store == "scenario" ? .scenarios : .artwork, key: key, pinned) }
            } catch {
                undo()
                logger.error("saving the pin of scenario \(id) failed: \(error)")
                throw Refusal(.unavailable, "saving the pin failed; try again")
            }
        }
        var summary = ScenarioSummary(scenario)
        summary.pinned = scenarios.store.isPinned(id)
        return summary
    }

    /// The uploaded artwork that scenario `id` names and no other pinned scenario does: what
    /// unpinning it may unpin.
    private func artworkOnlyPinnedBy(_ id: String) -> [String] {
        guard let scenario = try? scenarios.scenario(id, controls: settings.controls, artworks: artworks) else { return [] }
        var others = Set<String>()
        for entry in scenarios.store.entries where entry.pinned && entry.key != id {
            if let other = try? scenarios.scenario(entry.key, controls: settings.controls, artworks: artworks) { others.formUnion(other.artworkHashes) }
        }
        return scenario.artworkHashes.filter { !others.contains($0) }
    }

    private static func pinsFull<Value>(_ store: ContentStore<Value>, of what: String = "scenarios") -> Refusal {
        Refusal(.conflict, "\(store.maxPinnedCount) \(what) within \(store.maxPinnedBytes >> 20) MiB may be pinned, and "
                + "the pins are full", parameter: "id", allowed: "unpin one first (DELETE /scenarios/{id}/pin)")
    }
}
