import Controls

/// The stage's saved work on disk (`DataFolder`): loaded into the memory stores at start, and each
/// scenario and upload saved before it is acknowledged.
extension Stage {
    /// Fills the artwork library and the scenario store from the data folder, oldest first, so their
    /// order (and what goes first when they are full) is as it was. A saved scenario that no longer
    /// parses (a control it names is not served) stays on disk and is left out here.
    func loadSavedWork() {
        guard let saved = dataFolder?.savedWork else { return }
        do {
            artworks.restore(try saved.rows(.artwork))
            for row in try saved.rows(.scenarios) {
                do {
                    scenarios.add(try Scenario(parsing: row.bytes, controls: settings.controls, artworks: artworks))
                    if row.pinned { _ = scenarios.store.pin(row.key, true) }
                } catch {
                    logger.warning("saved scenario \(row.key) left out: \(error.message)")
                }
            }
        } catch {
            logger.error("reading the saved work in \(dataFolder?.path ?? ""): \(error)")
        }
    }

    /// Saves a scenario to the data folder, if there is one; 503 when it cannot, and then nothing
    /// is acknowledged.
    func save(_ scenario: Scenario) throws(Refusal) {
        guard let saved = dataFolder?.savedWork else { return }
        do {
            try saved.save(.scenarios, key: scenario.id, bytes: scenario.canonicalBytes)
        } catch {
            logger.error("saving scenario \(scenario.id) failed: \(error)")
            throw Refusal(.unavailable, "saving the scenario failed; try again")
        }
    }
}
