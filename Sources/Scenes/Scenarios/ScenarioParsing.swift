import APIModel
import Controls
import JSON

/// Reading a scenario: every member checked, every step resolved against the commands the scene
/// declares (`SceneCommand`: the same parameters, ranges and rules as their routes), then the steps
/// run once on a fresh scene so a step the scene would refuse is found now. Any fault is an invalid
/// refusal whose `parameter` is the member's path, such as `steps[3].with.mode`; nothing runs.
extension Scenario {
    package init(parsing bytes: [UInt8], controls: ControlList, artworks: ArtworkLibrary) throws(Refusal) {
        self.controls = controls
        guard bytes.count <= Limits.maxDocumentBytes else {
            throw Refusal(.tooLarge, "the scenario is \(bytes.count) bytes", parameter: "body",
                           allowed: "at most \(Limits.maxDocumentBytes) bytes")
        }
        let document: JSONDocument
        do throws(JSONDocument.Failure) {
            document = try JSONDocument(parsing: bytes)
        } catch {
            throw Refusal(.invalid, error == .tooDeep ? "the scenario nests objects or arrays too deeply" : "the scenario is not JSON",
                           parameter: "body", allowed: Self.shape)
        }
        let top = try Members(document, at: "", allowed: ["name", "duration", "props", "steps", "from", "snapshots", "compare"])
        name = try top["name"].map { value throws(Refusal) in
            try Self.text(value, at: "name", maxLength: Limits.maxNameLength)
        }
        guard let durationValue = top["duration"] else {
            throw Refusal(.invalid, "missing 'duration'", parameter: "duration", allowed: Self.durationAllowed)
        }
        duration = try Self.seconds(durationValue, at: "duration", in: Limits.duration, allowed: Self.durationAllowed)
        from = try top["from"].map { value throws(Refusal) in try Self.start(value, controls: controls, artworks: artworks) }
        props = try top["props"].map { value throws(Refusal) in try Self.props(value, controls: controls) } ?? []
        guard let stepsValue = top["steps"] else {
            throw Refusal(.invalid, "missing 'steps'", parameter: "steps", allowed: "an array of steps (it may be empty)")
        }
        guard case .array(let items) = stepsValue else {
            throw Refusal(.invalid, "'steps' must be an array, not \(stepsValue.kindName)", parameter: "steps",
                           allowed: "an array of at most \(Limits.maxSteps) steps")
        }
        guard items.count <= Limits.maxSteps else {
            throw Refusal(.invalid, "\(items.count) steps", parameter: "steps", allowed: "at most \(Limits.maxSteps) steps")
        }
        var steps: [Step] = []
        var expectations: [Expectation] = []
        var previous: Double?
        for (i, item) in items.enumerated() {
            let at: Double
            switch try Self.step(item, index: i, duration: duration, controls: controls, artworks: artworks) {
            case .command(let step):
                at = step.at
                steps.append(step)
            case .expect(let expectation):
                at = expectation.at
                expectations.append(expectation)
            }
            if let previous, at < previous {
                throw Refusal(.invalid, "steps[\(i)] at \(ParameterType.format(at)) s comes before steps[\(i - 1)] at "
                               + "\(ParameterType.format(previous)) s", parameter: "steps[\(i)].at",
                               allowed: "steps in time order (steps at the same time run in the order given)")
            }
            previous = at
        }
        self.steps = steps
        self.expectations = expectations
        snapshots = try top["snapshots"].map { value throws(Refusal) in try Self.snapshots(value, duration: duration) }
        comparison = try top["compare"].map { value throws(Refusal) in try Comparison(parsing: value, controls: controls) }
        try dryRun()
    }

    package static let shape = "a JSON object {\"duration\": seconds, \"steps\": [{\"at\": seconds, \"do\": \"COMMAND-ID\" or \"POST /CONTROL/COMMAND\", "
        + "\"with\": {…}} or {\"at\": seconds, \"expect\": {\"PATH\": value, …}}, …]}, with an optional \"name\", \"props\", "
        + "\"from\", \"snapshots\" and \"compare\""
    package static var durationAllowed: String {
        "a number from \(ParameterType.format(Limits.duration.lowerBound)) to \(ParameterType.format(Limits.duration.upperBound)) (seconds)"
    }

    /// Runs the steps on a fresh scene, as a render will, and refuses the first one a control refuses.
    private func dryRun() throws(Refusal) {
        guard let (i, step, error) = firstRefusedStep(on: initialScene(), from: start) else { return }
        throw Refusal(.invalid, "steps[\(i)] (\(step.doText) at \(ParameterType.format(step.at)) s) would be refused: "
                      + error.message, parameter: "steps[\(i)].do", allowed: error.allowed)
    }

    // MARK: Snapshot

    /// `from`: the document `GET /snapshot` answers, as it is. The scene it holds is read now, its
    /// bitmaps named as a scenario's scene names them: "configured" is the built-in artwork (a
    /// scenario renders with the built-in settings), an uploaded one must be kept here.
    private static func start(_ value: JSONDocument, controls: ControlList, artworks: ArtworkLibrary) throws(Refusal) -> Start {
        let allowed = "the document GET /snapshot answers, as it is"
        guard case .object = value else {
            throw Refusal(.invalid, "'from' must be a snapshot, not \(value.kindName)", parameter: "from", allowed: allowed)
        }
        if case .string(let hash)? = value.members?.first(where: { $0.key == "artwork" })?.value,
           (try? artworks.bitmap(hash)) == nil {
            throw Refusal(.invalid, "the snapshot shows artwork '\(Refusal.quote(hash))', which the server does not keep",
                           parameter: "from.artwork",
                           allowed: "a snapshot whose artwork is uploaded (\(ArtworkLibrary.uploadRoutes(controls)), the newest "
                               + "\(ArtworkLibrary.maxCount) are kept)")
        }
        let document = value.value
        let snapshot: SceneSnapshot
        do {
            snapshot = try SceneSnapshot.decode(document.serialized, references: ArtworkReferences(
                configuration: SceneConfiguration(controls), library: artworks))
        } catch {
            throw Refusal(.invalid, "'from' is not a snapshot this server can restore: \(SnapshotProblem(error))",
                           parameter: "from", allowed: allowed)
        }
        // The scene stands at the snapshot's time; a document that says otherwise cannot start a scenario.
        guard snapshot.scene.scene.time <= snapshot.sceneTime else {
            throw Refusal(.invalid, "the snapshot's scene is later than its 'sceneTime'", parameter: "from.sceneTime",
                           allowed: "the sceneTime GET /snapshot gave with the scene")
        }
        return Start(document: document, scene: snapshot.scene.scene, time: snapshot.sceneTime)
    }

    // MARK: Steps

    /// A step runs a command (`do`) or checks the state (`expect`).
    private enum ReadStep {
        case command(Step)
        case expect(Expectation)
    }

    private static func step(_ value: JSONDocument, index i: Int, duration: Double, controls: ControlList,
                             artworks: ArtworkLibrary) throws(Refusal) -> ReadStep {
        let path = "steps[\(i)]"
        let members = try Members(value, at: path, allowed: ["at", "do", "with", "expect"])
        guard let atValue = members["at"] else {
            throw Refusal(.invalid, "\(path): missing 'at'", parameter: "\(path).at", allowed: "seconds from the start")
        }
        let at = try seconds(atValue, at: "\(path).at", in: 0...duration,
                             allowed: "a number from 0 to the duration, \(ParameterType.format(duration)) (seconds)")
        if let expect = members["expect"] {
            guard members["do"] == nil, members["with"] == nil else {
                throw Refusal(.invalid, "\(path) has both 'expect' and '\(members["do"] == nil ? "with" : "do")'",
                               parameter: "\(path).expect", allowed: "a step that runs a command (do, with) or checks the state (expect)")
            }
            return .expect(try Expectation(at: at, expect: expect, path: path, controls: controls))
        }
        guard let doValue = members["do"] else {
            throw Refusal(.invalid, "\(path): missing 'do'", parameter: "\(path).do", allowed: runnableList(controls))
        }
        let doText = try text(doValue, at: "\(path).do", maxLength: 100)
        guard let command = SceneCommand.named(doText, in: controls), let prepare = command.prepare else {
            throw Refusal(.invalid, "\(path): '\(Refusal.quote(doText))' is not a command a scenario can run",
                           parameter: "\(path).do", allowed: runnableList(controls))
        }
        let operation = command.parameters
        let withValue = members["with"] ?? .object([])
        _ = try Members(withValue, at: "\(path).with", allowed: nil)
        func located(_ error: Refusal) -> Refusal {
            let field = error.parameter.map { "\(path).with.\($0.hasPrefix("props.") ? String($0.dropFirst(6)) : $0)" }
                ?? "\(path).with"
            return Refusal(.invalid, "\(path): \(error.message)", parameter: field, allowed: error.allowed)
        }
        do {
            let value: Command
            if command.readsDocument {
                // A step names what the route reads from its body: `with` is that document.
                value = Command(command.id, document: withValue.value.text)
            } else {
                let input = try Input(step: try scalars(withValue, of: operation), for: operation, settings: SceneSettings(controls))
                value = Command(command.id, input.arguments(of: operation))
            }
            return .command(Step(at: at, command: value, route: command.route, control: command.control,
                                 effect: try prepare(value, artworks)))
        } catch {
            throw located(error)
        }
    }

    /// A `with` of parameters: each a string, number or boolean.
    private static func scalars(_ with: JSONDocument,
                                of operation: ParameterSet) throws(Refusal) -> [(key: String, value: FlatJSONObject.Value)] {
        var out: [(key: String, value: FlatJSONObject.Value)] = []
        for (name, value) in with.members ?? [] {
            switch value {
            case .string(let s): out.append((name, .string(s)))
            case .number(let n): out.append((name, .number(n)))
            case .bool(let b): out.append((name, .bool(b)))
            case .null: out.append((name, .null))
            case .object, .array:
                throw Refusal(.invalid, "'\(Refusal.quote(name))' must be a string, number or boolean, not \(value.kindName)",
                               parameter: name, allowed: Refusal.parameterList(operation))
            }
        }
        return out
    }

    /// The commands a step may name, by id (or by route, as before ids): every command on the scene
    /// (an upload is named by its hash: playerArtworkByHash), and the clock.
    package static func runnableList(_ controls: ControlList) -> String {
        SceneCommand.steps(controls).map(\.id).joined(separator: ", ") + " (or each one's route, such as 'POST /clock')"
    }

    // MARK: Snapshots

    /// `snapshots`: the times whose frames are the baselines, each within the duration, rising.
    private static func snapshots(_ value: JSONDocument, duration: Double) throws(Refusal) -> [Double] {
        let allowed = "1 to \(Limits.maxSnapshots) rising times from 0 to the duration, \(ParameterType.format(duration)) (seconds)"
        guard case .array(let items) = value, (1...Limits.maxSnapshots).contains(items.count) else {
            throw Refusal(.invalid, "'snapshots' must be an array of times", parameter: "snapshots", allowed: allowed)
        }
        var times: [Double] = []
        for (i, item) in items.enumerated() {
            let time = try seconds(item, at: "snapshots[\(i)]", in: 0...duration, allowed: allowed)
            if let last = times.last, time <= last {
                throw Refusal(.invalid, "snapshots[\(i)] at \(ParameterType.format(time)) s is not after snapshots[\(i - 1)]",
                               parameter: "snapshots[\(i)]", allowed: allowed)
            }
            times.append(time)
        }
        return times
    }

    // MARK: Props

    /// Props per control, as a merge patch over the control's defaults (`PATCH /controls/CONTROL/props`
    /// reads the same): a fault names `props.CONTROL.NAME`.
    private static func props(_ value: JSONDocument, controls: ControlList) throws(Refusal) -> [Props] {
        let members = try Members(value, at: "props", allowed: controls.subjects.map(\.rawValue))
        var props: [Props] = []
        for (name, patch) in members.members {
            let control = FrameSubject(rawValue: name)
            guard controls.control(control) != nil else { continue }
            _ = try Members(patch, at: "props.\(name)", allowed: nil)
            let table = PropTable(control, SceneConfiguration(controls))
            do {
                _ = try table.merging(patch, into: table.defaults)
            } catch {
                let field = error.parameter.map { $0.hasPrefix("props.") ? "props.\(name)." + $0.dropFirst(6) : $0 }
                throw Refusal(.invalid, error.message, parameter: field ?? "props.\(name)", allowed: error.allowed)
            }
            // The canonical form keeps what was given, each value as the table writes it.
            let given: [(String, JSONValue)] = (patch.members ?? []).compactMap { key, value in
                guard case .null = value else {
                    return table.declaration(key).flatMap { d in d.kind.value(json: value).map { (key, d.kind.json($0)) } }
                }
                return nil
            }
            if !given.isEmpty { props.append(Props(control: control, patch: .object(given))) }
        }
        return props
    }

    // MARK: Values

    private static func text(_ value: JSONDocument, at path: String, maxLength: Int) throws(Refusal) -> String {
        guard case .string(let text) = value, text.count <= maxLength else {
            throw Refusal(.invalid, "'\(path)' must be a string of at most \(maxLength) characters, not \(value.kindName)",
                           parameter: path, allowed: "a string of at most \(maxLength) characters")
        }
        return text
    }

    private static func seconds(_ value: JSONDocument, at path: String, in range: ClosedRange<Double>,
                                allowed: String) throws(Refusal) -> Double {
        guard case .number(let text) = value else {
            throw Refusal(.invalid, "'\(path)' must be a number, not \(value.kindName)", parameter: path, allowed: allowed)
        }
        guard ParameterType.number(range).accepts(text) != nil, let seconds = Double(text) else {
            throw Refusal.badParameter(path, text, allowed: allowed)
        }
        return seconds
    }
}

extension JSONDocument {
    /// For errors: "an object", "a number".
    package var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// An object's members, each name at most once and, when `allowed` is given, each one of those.
private struct Members {
    let members: [(key: String, value: JSONDocument)]

    init(_ value: JSONDocument, at path: String, allowed: [String]?) throws(Refusal) {
        let prefix = path.isEmpty ? "" : path + "."
        guard case .object(let members) = value else {
            throw Refusal(.invalid, "\(path.isEmpty ? "the scenario" : "'\(path)'") must be a JSON object, not \(value.kindName)",
                           parameter: path.isEmpty ? "body" : path, allowed: path.isEmpty ? Scenario.shape : "a JSON object")
        }
        var seen: Set<String> = []
        for (key, _) in members {
            guard seen.insert(key).inserted else {
                throw Refusal(.invalid, "'\(prefix)\(Refusal.quote(key))' is given more than once", parameter: prefix + key,
                               allowed: "each member once")
            }
            if let allowed, !allowed.contains(key) {
                throw Refusal(.invalid, "unknown member '\(prefix)\(Refusal.quote(key))'", parameter: prefix + key,
                               allowed: allowed.joined(separator: ", "))
            }
        }
        self.members = members
    }

    subscript(_ key: String) -> JSONDocument? {
        members.first { $0.key == key }?.value
    }
}
