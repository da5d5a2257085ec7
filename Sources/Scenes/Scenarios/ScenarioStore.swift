import Controls
/// The scenarios a server keeps, by id: the newest `maxCount` within `maxBytes` of canonical text,
/// the oldest pushed out first. A stored scenario is read again each time it runs, so it always
/// runs against the artwork the server still has.
package struct ScenarioStore: Sendable {
    package static let maxCount = 64
    package static let maxBytes = 4 << 20
    /// Pinned scenarios (`Stage.pin`): a quarter of the store, as `ContentStore` bounds its pins.
    package static var maxPinnedCount: Int { ContentStore<Stored>.maxPinnedCount(of: maxCount) }

    /// The canonical text, and the summary `GET /scenarios` lists.
    package struct Stored: Sendable {
        package let bytes: [UInt8]
        package let summary: ScenarioSummary
    }

    package let store = ContentStore<Stored>(maxCount: maxCount, maxBytes: maxBytes)

    /// Stores a scenario under its id and returns its summary.
    @discardableResult
    package func add(_ scenario: Scenario) -> ScenarioSummary {
        let bytes = scenario.canonicalBytes
        var summary = ScenarioSummary(scenario)
        store.put(summary.id, Stored(bytes: bytes, summary: summary), bytes: bytes.count)
        summary.pinned = store.isPinned(summary.id)
        return summary
    }

    /// The canonical text; 404, naming `parameter`, when no scenario is stored under `id`.
    package func bytes(_ id: String, parameter: String = "id") throws(Refusal) -> [UInt8] {
        guard let bytes = store.get(id)?.bytes else {
            throw Refusal(.notFound, "no stored scenario has the id '\(Refusal.quote(id))'", parameter: parameter,
                           allowed: "the id POST /scenarios returned, for one of the newest \(Self.maxCount) (GET /scenarios lists them)")
        }
        return bytes
    }

    /// The stored scenario, ready to run; 409 when it names artwork the server no longer keeps.
    package func scenario(_ id: String, controls: ControlList, artworks: ArtworkLibrary,
                          parameter: String = "id") throws(Refusal) -> Scenario {
        let bytes = try bytes(id, parameter: parameter)
        do {
            return try Scenario(parsing: bytes, controls: controls, artworks: artworks)
        } catch {
            throw Refusal(.conflict, "scenario \(id) can no longer run: \(error.message)", parameter: error.parameter,
                           allowed: error.allowed)
        }
    }
}
