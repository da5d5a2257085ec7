import Controls
import HTTPServer
import Scenes

/// `POST /scenarios`, `GET /scenarios`, `GET /scenarios/{id}`, `POST /scenarios/{id}/play`,
/// `POST` and `DELETE /scenarios/{id}/pin`, and `POST /scenarios/record`. Frames and clips of a stored scenario are `/frame.png?scenario=` and
/// `/clip.webp?scenario=`.
struct ScenarioRoutes: CommandRoutes, FixedRoutes {
    let stage: Stage

    init(_ services: EdgeServices) { stage = services.stage }

    static let endpoints = [storeScenario, listScenarios, getScenario, playScenario, pinScenario, unpinScenario, recordScenario]

    static let storeScenario = Endpoint<Self>(
        APIOperation(
            .post, "/scenarios", id: "storeScenario", tag: "scenarios", summary: "Checks and stores a scenario",
            description: "The whole document is checked before anything is kept: each step must name a command a "
                + "scenario can run, with that command's own parameters, in time order, and must apply on a fresh scene. "
                + "A fault is a 400 whose `parameter` names the member, such as `steps[3].with.mode`. The id is the "
                + "start of the SHA-256 of the scenario's canonical text, so storing it again gives the same id. The "
                + "newest \(ScenarioStore.maxCount) scenarios within \(ScenarioStore.maxBytes >> 20) MiB are kept, the "
                + "oldest pushed out first. A 201 means it is kept: with a data folder (--data), committed to disk. "
                + "On a replica (--replicate) it is stored in Redis too, with the uploaded "
                + "artwork it names, so that every replica can show it; it changes no scene, so it does not go "
                + "through the command log.",
            command: true, throughLog: false,
            body: .document(types: ["application/json"], description: "The scenario.",
                            schema: SchemaSource { Scenario.jsonSchema($0) }, maxBytes: Scenario.Limits.maxDocumentBytes),
            // Checking runs the steps once, and a replica waits on Redis: off the server's thread.
            offload: .shared),
        reply: ScenarioSummary.self, "Stored: its id and size; `Location` is its URL.", status: 201,
        headers: [ResponseHeader(name: "Location", description: "The stored scenario: /scenarios/{id}.",
                                 pattern: "^/scenarios/" + Scenario.idPattern.dropFirst())],
        more: { [("Location", "/scenarios/" + $0.id)] }
    ) { group, input in
        try group.stage.keep(try Scenario(parsing: input.request.body, controls: group.stage.settings.controls,
                                           artworks: group.stage.artworks))
    }

    static let listScenarios = Endpoint<Self>(
        APIOperation(.get, "/scenarios", id: "listScenarios", tag: "scenarios",
                     summary: "The stored scenarios, the kept artwork, the limits, and the running recording"),
        reply: ScenarioList.self, "Oldest first.", headers: [.noStore]
    ) { group, _ in ScenarioList(group.stage) }

    static let getScenario = Endpoint<Self>(
        APIOperation(.get, "/scenarios/{id}", id: "getScenario", tag: "scenarios",
                     summary: "A stored scenario, in its canonical form", parameters: [ScenarioParameters.id],
                     answers: [.notFound("No stored scenario has this id."), .scenarioUnreachable],
                     // A replica that does not hold it asks Redis.
                     offload: .shared, answerSize: .atMost(2 * Scenario.Limits.maxDocumentBytes)),
        produces: Success(description: "The scenario: one step per line, members in a fixed order.",
                          content: .json(SchemaSource { Scenario.jsonSchema($0) }), headers: [.noStore])
    ) { group, input in
        .json(raw: try group.stage.storedScenarioBytes(try input[ScenarioParameters.id], parameter: "id"),
              headers: [("Cache-Control", "no-store")])
    }

    static let pinScenario = pinning(.post, id: "pinScenario", summary: "Pins a stored scenario, so newer ones never push it out",
        description: "For a scenario a page embeds (`<layercast-player scenario=…>`, /embed, oEmbed): it and the uploaded "
            + "artwork it names stay stored, however many scenarios come after, across restarts with a data folder "
            + "(--data) and, on a replica, in Redis for every replica. At most \(ScenarioStore.maxPinnedCount) scenarios "
            + "within \(ScenarioStore.maxBytes >> 22) MiB are pinned at once; pinning one already pinned changes nothing.")

    static let unpinScenario = pinning(.delete, id: "unpinScenario", summary: "Unpins a stored scenario",
        description: "It is then kept as any other, the oldest pushed out first, and so is the artwork it names unless "
            + "another pinned scenario names it too. Unpinning one not pinned changes nothing.")

    /// `POST` pins, `DELETE` unpins: one declaration but for the method and the words.
    private static func pinning(_ method: APIOperation.Method, id: String, summary: String, description: String) -> Endpoint<Self> {
        Endpoint<Self>(
            APIOperation(method, "/scenarios/{id}/pin", id: id, tag: "scenarios", summary: summary, description: description,
                         parameters: [ScenarioParameters.id], command: true, throughLog: false,
                         answers: [.notFound("No stored scenario has this id."),
                                   .conflict("The pins are full (see `pinned` and `maxPinned` in GET /scenarios), or the "
                                             + "scenario names artwork the server no longer keeps."),
                                   .scenarioUnreachable],
                         // A replica asks Redis; with a data folder the pin is committed to disk first.
                         offload: .shared),
            reply: ScenarioSummary.self, "The scenario, with `pinned` as it now is.", headers: [.noStore]
        ) { group, input in
            try group.stage.pin(try input[ScenarioParameters.id], method == .post)
        }
    }

    static let playScenario = Endpoint<Self>(
        command: APIOperation(
            command: .playScenario, tag: "scenarios",
            summary: "Plays a stored scenario on the live scene, from now",
            description: "Each step applies at the scene time now + its `at`, exactly, in place of the steps of a "
                + "scenario playing before. On a paused clock the steps wait for scene time to reach them. `POST /clock` "
                + "steps pause, resume or change the speed of the live clock.",
            answers: [.notFound("No stored scenario has this id."),
                      .conflict("A step would be refused by the live scene (a command its control refuses in its state), the "
                                + "scenario names artwork the server no longer keeps, or it starts from a snapshot "
                                + "(`from`), which frames and clips play, not the live scene.")]),
        produces: Success(description: "When the scenario starts and ends, in scene time.",
                          content: .json(.of(PlayReply.self))))
}


/// `GET /scenarios`.
struct ScenarioList: Codable, Sendable {
    /// What one scenario may hold.
    struct Limits: Codable, Sendable {
        let maxSteps: Int
        let maxDuration: Double
        let maxDocumentBytes: Int
    }

    struct Artwork: Codable, Sendable {
        let sha256: String
        let bytes: Int
    }

    struct Recording: Codable, Sendable {
        let since: Double
        let steps: Int
    }

    let scenarios: [ScenarioSummary]
    let artworks: [Artwork]
    let limits: Limits
    /// Scenarios kept, against the store's limits.
    let stored: StoreUsage
    /// Artwork kept, against the library's limits.
    let storedArtworks: StoreUsage
    let recording: Recording?

    init(_ stage: Stage) {
        scenarios = stage.scenarios.store.entries.map { entry in
            var summary = entry.value.summary
            summary.pinned = entry.pinned
            return summary
        }
        artworks = stage.artworks.store.entries.map { Artwork(sha256: $0.key, bytes: $0.bytes) }
        limits = Limits(maxSteps: Scenario.Limits.maxSteps, maxDuration: Scenario.Limits.duration.upperBound,
                        maxDocumentBytes: Scenario.Limits.maxDocumentBytes)
        stored = stage.scenarios.store.usage
        storedArtworks = stage.artworks.store.usage
        recording = stage.recorder.current.map { Recording(since: $0.since, steps: $0.steps.count) }
    }
}
