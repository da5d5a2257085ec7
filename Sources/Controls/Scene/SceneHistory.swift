import Animation

/// The live scene and the copies taken after each command (see `LiveScene`), bounded in bytes
/// rather than in copies: a command's copy weighs a few KiB, but an artwork can weigh 64 MiB.
/// An artwork is a shared bitmap, so it is stored once however many copies show it, and counted
/// once; it is freed when the last copy that shows it goes. The live scene's own artwork is not
/// the history's to count: it stays whatever the budget.
struct SceneHistory {
    var live: Scene
    /// Oldest first; the newest is the live scene as the last command left it.
    private(set) var checkpoints: [Scene]
    /// What each checkpoint weighs (`Scene.estimatedBytes`), and their sum.
    private var weights: [Int] = []
    private var weight = 0
    /// How many commands have been applied: 0 for the scene as made.
    var revision: UInt64 = 0
    /// Scheduled commands not yet applied, in time order; all later than `live.time`.
    var pending: [ScheduledCommand] = []
    let budget: Int
    /// Seconds of scene time kept before the clock's (`LiveScene.historySpan`).
    let span: Double
    /// The commands the checkpoints came from, in order, within the span.
    var commands: [AppliedCommand] = []
    /// Each artwork the checkpoints show: how many show it, and its bytes.
    private var artworks: [ObjectIdentifier: (copies: Int, bytes: Int)] = [:]

    init(live: Scene, budget: Int, span: Double) {
        self.live = live
        self.budget = budget
        self.span = span
        checkpoints = []
        append(live)
    }

    /// What the copies weigh without artwork.
    var copyBytes: Int { weight }

    /// What the history holds besides the live scene.
    var bytes: Int {
        let own = artworks.reduce(0) { $0 + $1.value.bytes }
        let liveArtwork = live.shownImages.reduce(0) { $0 + (artworks[ObjectIdentifier($1)]?.bytes ?? 0) }
        return weight + own - liveArtwork
    }

    /// The scene as it was (or will be, with no further commands) at `t`.
    mutating func scene(at t: Double) -> Scene {
        if t >= live.time {
            live.advance(to: t)
            return live
        }
        return copy(at: t)
    }

    /// The same, from a copy: the live scene is left where it is.
    func copy(at t: Double) -> Scene {
        var copy = t >= live.time ? live : checkpoints.last { $0.time <= t } ?? checkpoints.first ?? live
        copy.advance(to: t)
        return copy
    }

    /// The earliest time a copy shows exactly, given the clock's time `now`.
    func keptFrom(now: Double) -> Double {
        max(checkpoints.first?.time ?? live.time, now - span)
    }

    /// Steps the live scene back to `t` (the clock went back): later copies are dropped, since a
    /// command now rewrites the history from there.
    mutating func rewind(to t: Double) {
        live = scene(at: t)
        let kept = checkpoints.filter { $0.time <= t }
        commands.removeAll { $0.time > t }
        (checkpoints, weights, weight, artworks) = ([], [], 0, [:])
        for copy in kept { append(copy) }
    }

    /// A command was applied at `t` (`command`, on `control`, which it left with `warnings`): keeps a
    /// copy of the live scene, drops what has fallen out of the span and the oldest copies while over
    /// the budget (the newest always stays), and counts the revision.
    mutating func checkpoint(_ command: Command?, on control: FrameSubject?, at t: Double, warnings: [String] = []) {
        revision += 1
        if let command {
            commands.append(AppliedCommand(command: command, control: control, time: t, revision: revision, warnings: warnings))
        }
        forget(before: t - span)
        append(live)
        while checkpoints.count > 1 && bytes > budget { dropOldest(1) }
    }

    /// Drops what lies wholly before `horizon`: copies but the last one before it (the start of
    /// the span is rebuilt from it), commands older than the oldest copy but the last one of each
    /// control (the cause of an animation still running), and records of animations that ended.
    mutating func forget(before horizon: Double) {
        if let keep = checkpoints.lastIndex(where: { $0.time <= horizon }), keep > 0 { dropOldest(keep) }
        let oldest = checkpoints.first?.time ?? horizon
        if let first = commands.first, first.time < oldest {
            // Newest first: an old command stays only while it is its control's latest old one.
            var seen: Set<FrameSubject?> = []
            commands = commands.reversed().filter { c in c.time >= oldest || seen.insert(c.control).inserted }
                .reversed()
        }
        live.forgetAnimationRecords(endedBefore: horizon)
    }

    private mutating func append(_ scene: Scene) {
        checkpoints.append(scene)
        weights.append(scene.estimatedBytes)
        weight += weights[weights.count - 1]
        count(scene, by: 1)
    }

    private mutating func dropOldest(_ n: Int) {
        for old in checkpoints[..<n] { count(old, by: -1) }
        weight -= weights[..<n].reduce(0, +)
        checkpoints.removeFirst(n)
        weights.removeFirst(n)
    }

    private mutating func count(_ scene: Scene, by delta: Int) {
        for artwork in scene.shownImages {
            let key = ObjectIdentifier(artwork)
            let entry = artworks[key] ?? (0, artwork.pixels.count * 4)
            artworks[key] = entry.copies + delta > 0 ? (entry.copies + delta, entry.bytes) : nil
        }
    }
}
