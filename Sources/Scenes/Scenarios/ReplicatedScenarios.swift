import Controls
import JSON

/// Stored scenarios on a replica (docs/design/replication.md §Stored scenarios): kept in Redis as
/// well as here, so a replica that does not hold one fetches it there, and then holds it too.
/// Without `--replicate` only this server's own store is used.
extension Stage {
    /// Keeps a checked scenario: on a replica in Redis first, with the artwork it names (503 while
    /// Redis cannot be reached, and then nothing is kept), then here.
    package func keep(_ scenario: Scenario) throws(Refusal) -> ScenarioSummary {
        if let replica {
            do {
                try replica.storeScenario(shared(scenario))
            } catch {
                logger.warning("replication: cannot store scenario \(scenario.id): \(error)")
                throw Replica.unavailableError
            }
        }
        try save(scenario)
        return scenarios.add(scenario)
    }

    /// The canonical text of a stored scenario, fetched from Redis on a replica that lacks it.
    package func storedScenarioBytes(_ id: String, parameter: String) throws(Refusal) -> [UInt8] {
        try fetchUnlessHeld(id)
        return try scenarios.bytes(id, parameter: parameter)
    }

    /// A stored scenario, ready to run, fetched from Redis on a replica that lacks it; 404 naming
    /// `parameter` for an unknown id.
    package func storedScenario(_ id: String, parameter: String = FrameParameters.scenario.spec.name) throws(Refusal) -> Scenario {
        try fetchUnlessHeld(id)
        return try scenarios.scenario(id, controls: settings.controls, artworks: artworks, parameter: parameter)
    }

    /// On a replica that does not hold scenario `id`: reads it from Redis, keeps the artwork it
    /// names in the library and the scenario in the store (their bounds apply). Nothing when Redis
    /// has none under that id (the store then answers 404); 503 while Redis cannot be reached.
    private func fetchUnlessHeld(_ id: String) throws(Refusal) {
        guard let replica, scenarios.store.get(id) == nil else { return }
        let found: SharedScenario?
        do {
            found = try replica.scenario(id)
        } catch {
            logger.warning("replication: cannot fetch scenario \(id): \(error)")
            throw Replica.unavailableError
        }
        guard let found else { return }
        for artwork in found.artworks where SHA256.hex(artwork.png) == artwork.hash {
            artworks.add(artwork.png)
        }
        do {
            let scenario = try Scenario(parsing: found.document, controls: settings.controls, artworks: artworks)
            // Redis is trusted no further than a client: what it holds must be the scenario asked for.
            if scenario.id == id { scenarios.add(scenario) }
        } catch {
            throw Refusal(.conflict, "scenario \(id) can no longer run: \(error.message)", parameter: error.parameter,
                           allowed: error.allowed)
        }
    }

    /// The scenario as Redis keeps it: its text and the PNG of every uploaded artwork it names.
    private func shared(_ scenario: Scenario) -> SharedScenario {
        let hashes = scenario.artworkHashes.filter { artworks.store.get($0) != nil }
        return SharedScenario(id: scenario.id, document: scenario.canonicalBytes,
                              artworks: hashes.compactMap { hash in artworks.store.get(hash).map { (hash, $0) } })
    }
}

extension Scenario {
    /// The SHA-256 of every uploaded artwork the scenario may show: the ones its steps name, and
    /// every hash its snapshot holds (the artwork shown, and any an animation still draws).
    package var artworkHashes: [String] {
        let showing = Set(controls.commandDeclarations.filter(\.decodesArtwork).map(\.id))
        var hashes = steps.filter { showing.contains($0.command.id) }.flatMap { step in
            step.command.arguments.compactMap { argument -> String? in
                guard case .string(let text) = argument.value, text.count == 64, text.allSatisfy(\.isHexDigit) else { return nil }
                return text.lowercased()
            }
        }
        func collect(_ value: JSONValue) {
            switch value {
            case .string(let s) where s.count == 64 && s.allSatisfy(\.isHexDigit): hashes.append(s.lowercased())
            case .array(let items): items.forEach(collect)
            case .object(let members): members.forEach { collect($0.1) }
            default: break
            }
        }
        if let from { collect(from.document) }
        var seen: Set<String> = []
        return hashes.filter { seen.insert($0).inserted }
    }
}

extension Stage {
    /// A recording's scenario: the recording command is applied on every replica, each of which
    /// keeps it here; in Redis as well when it can be reached (each stores the same text once).
    package func keepRecorded(_ scenario: Scenario) -> ScenarioSummary {
        do throws(Refusal) {
            return try keep(scenario)
        } catch {
            return scenarios.add(scenario)
        }
    }
}
