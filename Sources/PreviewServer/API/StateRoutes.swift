import Controls
import HTTPServer
import Scenes

/// `GET /state`, `GET /snapshot` (`SnapshotRoute.swift`), `GET /layout` and `GET /events`
/// (Server-Sent Events of state changes).
struct StateRoutes: FixedRoutes {
    let stage: Stage
    let eventHub: EventHub

    init(_ services: EdgeServices) { (stage, eventHub) = (services.stage, services.eventHub) }

    static let endpoints = [getState, getSnapshot, getLayout, events]

    static let getState = Endpoint<Self>(
        APIOperation(.get, "/state", id: "getState", tag: "state",
                     summary: "Scene time, the clock, and every control's model and presentation values at that time",
                     description: "Now, or `ahead` seconds on as it will be with no further command, or with `at` at a time "
                         + "in the kept history, as it was then (the page's readouts while its timeline shows a past frame). "
                         + "With `scenario`, that stored scenario's scene `ahead` seconds from its start, as its frames show "
                         + "it (the page's readouts while it replays a recording). The revision is today's either way.",
                     parameters: [FrameParameters.at, FrameParameters.ahead, FrameParameters.scenario], crossOrigin: true,
                     answers: [.notFound("No stored scenario has the id given in `scenario`."),
                               .conflict("A scenario that names artwork the server no longer keeps.")],
                     // A scenario is played from its start, and a replica may fetch it from Redis.
                     rules: FrameParameters.whenRules, offload: .shared, answerSize: .atMost(512 << 10)),
        reply: SceneState.self, "The scene at one time.", headers: [.noStore]
    ) { group, input in
        let live = group.stage.scene
        let ahead = try input[FrameParameters.ahead]
        let (now, nowTime, revision) = live.snapshotWithRevision()
        // The usual ask (the scene now) takes the one copy the revision comes with.
        if ahead == 0, try input[FrameParameters.at] == nil, try input[FrameParameters.scenario] == nil {
            return SceneState(scene: now, time: nowTime, revision: revision, clock: group.stage.clockState(time: nowTime))
        }
        var copy: ScheduledScene, time: Double
        if let at = try input[FrameParameters.at] {
            guard let past = live.copy(at: at) else { throw live.outsideHistory(FrameParameters.at.spec.name, at) }
            (copy, time) = (past.scene, at)
        } else if let id = try input[FrameParameters.scenario] {
            let scenario = try group.stage.storedScenario(id)
            (copy, time) = (scenario.freshScene(), scenario.start + ahead)
        } else {
            let (scheduled, now) = live.scheduledSnapshot()
            (copy, time) = (scheduled, now + ahead)
        }
        copy.advance(to: time)
        return SceneState(scene: copy.scene, time: time, revision: revision, clock: group.stage.clockState(time: time))
    }

    static func layoutReply(_ controls: ControlList) -> LayoutReply {
        controls.derived("StateRoutes.layoutReply") { makeLayoutReply(controls) }
    }

    private static func makeLayoutReply(_ controls: ControlList) -> LayoutReply {
        let grid = controls.grid
        let side = FrameParameters.size.spec.integerRange ?? FrameSpec.sizeRange
        let quality = FrameParameters.quality.spec.integerRange ?? 1...100
        let cards = controls.types.map { control in
            let size = control.defaultDesignSize
            return LayoutReply.Card(id: control.id, title: control.title, stateKey: control.documentKey,
                                    designWidth: size.width, designHeight: size.height,
                                    commands: control.commands.map(LayoutReply.Command.init),
                                    card: control.pageCard.map { _ in ControlRoutes.cardPath(control.id) })
        }
        return LayoutReply(controls: grid.controls, cards: cards, arrangements: grid.arrangements, cellMargin: grid.cellMargin,
                           maxFrameSide: side.upperBound, minQuality: quality.lowerBound, maxQuality: quality.upperBound,
                           maxArtworkBytes: ArtworkLibrary.maxUploadBytes, maxArtworkSide: ArtworkLibrary.maxSide,
                           version: PreviewServer.version)
    }

    static let getLayout = Endpoint<Self>(
        APIOperation(.get, "/layout", id: "getLayout", tag: "state",
                     summary: "How a `control=all` frame lays the controls out, and the limits of frames and artwork"),
        reply: LayoutReply.self, "The grid every `control=all` frame is drawn with and the request limits; the same "
            + "for the life of the server.", headers: [.constant("Cache-Control", "no-cache")]
    ) { group, _ in layoutReply(group.stage.settings.controls) }

    static let events = Endpoint<Self>(
        APIOperation(.get, "/events", id: "events", tag: "state",
                     summary: "Server-Sent Events: the state on every change a person would notice, a heartbeat every 15 s",
                     description: "An `event: state` with the whole /state JSON each time something a person would "
                         + "notice changes or a command is applied (the revision rises), and a comment line every 15 s. "
                         + "The response never ends by itself.", answerSize: .unbounded),
        produces: Success(description: "An endless event stream.", content: .media(["text/event-stream"], binary: false),
                          headers: [.constant("Cache-Control", "no-cache")])
    ) { group, _ in
        .stream(group.eventHub.subscribe(), contentType: "text/event-stream", headers: [
            ("Cache-Control", "no-cache"),
            ("X-Accel-Buffering", "no"),
        ])
    }

    /// What an event carries, and the part of it that must change for a new event to go out:
    /// the discrete state a person notices, not the ever-moving time and presentation values.
    static func eventSource(scene: LiveScene, fps: Int) -> EventHub.Source {
        {
            let (copy, time, revision) = scene.snapshotWithRevision()
            let clock = ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: fps)
            let key = (copy.controls.map(\.noticeableState) + [String(clock.paused), String(clock.speed), String(revision)])
                .joined(separator: "|")
            return (key, {
                let state = SceneState(scene: copy, time: time, revision: revision, clock: clock)
                return (try? SceneStateEncoding.encoder.encode(state)).map { Array($0) } ?? Array("{}".utf8)
            })
        }
    }
}

/// What a client needs to cut a `control=all` frame into one picture per control (the grid the
/// frames are drawn with) and the limits the page checks before it asks, all from the
/// declarations the server itself checks requests against.
struct LayoutReply: Codable, Sendable {
    /// One per served control, in cell order: what its card shows before any state comes.
    struct Card: Codable, Sendable {
        let id: FrameSubject
        let title: String
        /// Its member in `/state` ("playButton").
        let stateKey: String
        let designWidth: Double
        let designHeight: Double
        /// What the generic card offers: a button, or a form, per command.
        let commands: [Command]
        /// Where its own card's module is (`GET /{id}/card.js`); none, and the page builds the generic card.
        let card: String?
    }

    /// A command as a form: its id, its route, the route that takes its image as a PNG body (when
    /// it has one), and each parameter's field. A card sends a command by its id (Public/js/main.js).
    struct Command: Codable, Sendable {
        let id: String
        let method: String
        let path: String
        let upload: Upload?
        let summary: String
        let parameters: [Field]

        init(_ declaration: CommandDeclaration) {
            id = declaration.id
            method = declaration.route.method.rawValue
            path = declaration.route.path
            upload = declaration.upload.map { Upload(method: $0.route.method.rawValue, path: $0.route.path) }
            summary = declaration.summary
            parameters = declaration.parameters.map(Field.init)
        }
    }

    /// The route that takes a command's image as a PNG body.
    struct Upload: Codable, Sendable {
        let method: String
        let path: String
    }

    /// One parameter as a form field: `number` and `integer` with their range, `boolean`, `choice`
    /// with its words, `text` with its length.
    struct Field: Codable, Sendable {
        let name: String
        let type: String
        let description: String
        let unit: String?
        let minimum: Double?
        let maximum: Double?
        let choices: [String]?
        let maxLength: Int?
        /// The value when none is given, as text; absent when it must be given.
        let defaultValue: String?

        init(_ parameter: CommandParameter) {
            name = parameter.name
            description = parameter.description
            unit = parameter.unit
            defaultValue = parameter.defaultText
            // The type, minimum, maximum, choices and maxLength of each kind.
            let form: (String, Double?, Double?, [String]?, Int?) = switch parameter.kind {
            case .number(let range): ("number", range.lowerBound, range.upperBound, nil, nil)
            case .integer(let range): ("integer", Double(range.lowerBound), Double(range.upperBound), nil, nil)
            case .flag: ("boolean", nil, nil, nil, nil)
            case .choice(let words): ("choice", nil, nil, words, nil)
            case .text(let length, _): ("text", nil, nil, nil, length)
            }
            (type, minimum, maximum, choices, maxLength) = form
        }
    }

    /// The controls' ids in cell order.
    let controls: [FrameSubject]
    let cards: [Card]
    let arrangements: [ControlGrid.Arrangement]
    let cellMargin: Double
    let maxFrameSide: Int
    let minQuality: Int
    let maxQuality: Int
    let maxArtworkBytes: Int
    let maxArtworkSide: Int
    /// The server's version: `v=` with it pins a stored scenario's frames and clips (`Revalidation`),
    /// as the studio's embed code writes it.
    let version: String
}
