import Controls

/// One of the server's budgets, declared once: `layercast serve`'s flag and environment
/// variable, the `/metrics` series, the JSON of its refusals and the README's row are all read
/// from this declaration (see `ServerLimit.all`).
public struct ServerLimit: Sendable, Hashable {
    /// The `budget` label on /metrics and field in refusals: "render", "memory", "clips", "history".
    public let id: String
    /// The flag's name without its dashes.
    public let option: String
    /// What the flag's number counts, and how many of `baseUnit` one of them is.
    public let unit: String
    package let unitSize: Int
    /// The unit /metrics and refusals count in.
    public let baseUnit: String
    /// In `unit`s.
    public let defaultValue: Int
    public let range: ClosedRange<Int>
    /// What it bounds, for people.
    public let summary: String
    /// How a request's share is priced (README, refusals).
    public let formula: String
    /// Whether a request over it is refused; the history budget trims instead.
    package let refuses: Bool
    /// How long a refused client should wait before asking again (`Retry-After`).
    package let retryAfterSeconds: Int

    public static func == (a: ServerLimit, b: ServerLimit) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    public var flag: String { "--" + option }
    public var environmentVariable: String { SceneSettings.environmentVariable(option) }
    /// `layercast serve --help`.
    public var help: String {
        "\(summary) In \(unit), \(range.lowerBound)–\(range.upperBound). [env: \(environmentVariable)]"
    }

    /// A setting in `unit`s, in `baseUnit`s.
    package func base(_ value: Int) -> Int { value.multipliedReportingOverflow(by: unitSize).overflow ? Int.max : value * unitSize }
}

extension ServerLimit {
    /// Every budget, in the order the README and `--help` list them.
    public static let all: [ServerLimit] = [.render, .memory, .clips, .history]

    /// Streams cost CPU in proportion to the pixels they render per second. 120 million is about
    /// a core of rendering on the project's machine at the heaviest scene measured (the playing
    /// player, 8–10 ns a pixel); a 1440×1440 stream at 30 fps takes 62 million of it.
    public static let render = ServerLimit(
        id: "render", option: "render-budget", unit: "megapixels per second", unitSize: 1_000_000,
        baseUnit: "pixels/s", defaultValue: 120, range: 1...100_000,
        summary: "Pixels per second all streams together may render; a stream with a new feed needs its share.",
        formula: "width × height × scale² × fps of each feed (a distinct stream); more viewers of a feed add nothing",
        refuses: true, retryAfterSeconds: 5)

    /// Frames, clips, stream feeds, viewers and uploads hold buffers while they run. With the
    /// default 192 MiB, what the budget leaves out (the process itself, the renderer's covers and
    /// its one blur at a time, the artwork and its history, connection buffers) keeps the
    /// process under 512 MiB.
    public static let memory = ServerLimit(
        id: "memory", option: "memory-budget", unit: "MiB", unitSize: 1 << 20,
        baseUnit: "bytes", defaultValue: 192, range: 16...65_536,
        summary: "Bytes of surfaces, encoder buffers and upload bodies in flight at once.",
        formula: CostModel.memoryFormula, refuses: true, retryAfterSeconds: 1)

    /// A clip keeps a core busy for seconds; more at once are refused, not queued.
    public static let clips = ServerLimit(
        id: "clips", option: "max-clips", unit: "clips", unitSize: 1,
        baseUnit: "clips", defaultValue: 2, range: 1...64,
        summary: "Clips rendering at once; more are refused, not queued.",
        formula: "one per clip while it renders", refuses: true, retryAfterSeconds: 2)

    /// Earlier copies of the scene, kept so the paused clock can step back; bounded in bytes,
    /// since one artwork can weigh 64 MiB, and a copy a few KiB at rest but far more in a storm
    /// of commands (each copy holds the records and segments the commands before it added).
    public static let history = ServerLimit(
        id: "history", option: "history-budget", unit: "MiB", unitSize: 1 << 20,
        baseUnit: "bytes", defaultValue: 64, range: 1...65_536,
        summary: "Bytes the scene's history may hold besides the live scene; the oldest copies go first.",
        formula: "each command's copy of the scene by what its layers, animations and records hold (a few KiB at "
            + "rest), plus each artwork only earlier copies show, once however many refer to it (width × height × 4)",
        refuses: false, retryAfterSeconds: 0)
}

/// The budgets' settings in their flags' units; a budget not set has its default.
public struct LimitSettings: Sendable, Equatable {
    private var values: [String: Int] = [:]

    public init() {}

    public subscript(_ limit: ServerLimit) -> Int {
        get { values[limit.id] ?? limit.defaultValue }
        set { values[limit.id] = newValue }
    }

    /// In the budget's base unit (bytes, pixels per second, clips).
    package func base(_ limit: ServerLimit) -> Int { limit.base(self[limit]) }

    /// "--render-budget must be 1–100000" for each setting out of its range.
    public var problems: [String] {
        ServerLimit.all.compactMap { limit in
            limit.range.contains(self[limit]) ? nil
                : "\(limit.flag) must be \(limit.range.lowerBound)–\(limit.range.upperBound) \(limit.unit)"
        }
    }
}
