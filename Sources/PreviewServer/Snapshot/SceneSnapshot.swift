import Animation
import Controls
import HTTPServer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON

/// `GET /snapshot`: the whole scene at one scene time, enough to rebuild it exactly
/// (docs/design/replication.md §Snapshots). `scene` is what restoring reads; `state`, `artwork` and
/// `animations` say the same for a reader: every control's model values and props, the artwork
/// shown, and every animation running.
struct SceneSnapshot: Codable, Sendable {
    /// What a reader of this document expects; a document of another format is refused.
    static let currentFormat = 1

    let format: Int
    let sceneTime: Double
    /// The newest command the scene includes.
    let revision: UInt64
    /// The replication log entry the scene includes last ("ms-seq"); null without `--replicate`.
    let lastEntry: String?
    /// In a snapshot a replica stores in Redis: the shared clock when the last entry took effect, the
    /// time the scene is taken at; a replica restores from it and reads the log after `lastEntry`.
    /// Null in `GET /snapshot`, which is taken at the clock's time.
    let replicaClock: ReplicaClock?
    /// The SHA-256 of the shown artwork's PNG; null for the server's own (`--artwork`, or the default).
    let artwork: String?
    let state: SceneState
    let animations: [SnapshotAnimation]
    let scene: CodedScene

    /// `scene` as it stands at `time` (advanced there); its bitmaps named through `references`.
    init(scene: Scene, time: Double, revision: UInt64, lastEntry: String?, replicaClock: ReplicaClock? = nil,
         clock: ClockState, references: ArtworkReferences) {
        format = Self.currentFormat
        sceneTime = time
        self.revision = revision
        self.lastEntry = lastEntry
        self.replicaClock = replicaClock
        let shown = references.reference(to: scene.player.artwork)
        artwork = shown == ArtworkReferences.configured ? nil : shown
        state = SceneState(scene: scene, time: time, revision: revision, clock: clock)
        animations = scene.animationRecords().filter { $0.record.outcome(at: time) == .running }
            .map(SnapshotAnimation.init)
        self.scene = CodedScene(scene: scene, references: references)
    }

    /// The document's JSON, as a reply's: sorted keys; non-finite numbers (endless repeats) as strings.
    func encoded() throws -> [UInt8] {
        Array(try SceneStateEncoding.encoder.encode(self))
    }

    /// A document read back, its bitmaps resolved through `references`.
    static func decode(_ bytes: [UInt8], references: ArtworkReferences) throws -> SceneSnapshot {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let snapshot = try BitmapCoding.$references.withValue(references) {
            try decoder.decode(SceneSnapshot.self, from: Data(bytes))
        }
        guard snapshot.format == currentFormat else { throw SnapshotFormatError(format: snapshot.format) }
        return snapshot
    }
}

/// The shared clock as a replica's snapshot carries it (docs/design/replication.md §Snapshots).
struct ReplicaClock: Codable, Sendable {
    /// Seconds since the epoch at which the last entry took effect and the scene is taken.
    let hostTime: Double
    /// The clock's timebase then, restored as it is so that the clock reads exactly the same.
    let timebase: Timebase
}

struct SnapshotFormatError: Error, CustomStringConvertible {
    let format: Int
    var description: String { "a snapshot of format \(format); this server reads format \(SceneSnapshot.currentFormat)" }
}

/// One animation running at the snapshot's time, described as `GET /timeline` describes it.
struct SnapshotAnimation: Codable, Sendable {
    let control: FrameSubject
    /// The names from the control's root layer down to the animated one.
    let layer: [String]
    let key: String
    let addedAt: Double
    let animation: TimelineAnimationBody
    /// A group's children, in the group's local time; null for other animations.
    let children: [TimelineAnimationBody]?

    init(_ item: (control: FrameSubject, layer: LayerPath, record: AnimationRecord)) {
        control = item.control
        layer = item.layer.names
        key = item.record.key
        addedAt = item.record.addedAt
        animation = TimelineAnimationBody(item.record.animation)
        let children = TimelineAnimationBody.children(of: item.record.animation)
        self.children = children.isEmpty ? nil : children
    }
}

/// The scene as restoring reads it: every layer's model values and attached animations (with the
/// stops still to report), every control's state machine and configuration, bitmaps by reference.
/// Its members are the engine's own and change with it, so the schema leaves them open and the
/// document carries `format`.
struct CodedScene: Codable, Sendable, SchemaDescribed {
    let scene: Scene
    /// What names the bitmaps when encoding; decoding uses the table `BitmapCoding.references` holds.
    private let references: ArtworkReferences?

    init(scene: Scene, references: ArtworkReferences?) {
        self.scene = scene
        self.references = references
    }

    init(from decoder: any Decoder) throws {
        scene = try Scene(from: decoder)
        references = nil
    }

    func encode(to encoder: any Encoder) throws {
        try BitmapCoding.$references.withValue(references ?? BitmapCoding.references) {
            try scene.encode(to: encoder)
        }
    }

    static func schema(in registry: SchemaRegistry) -> JSONValue {
        .object([
            ("type", "object"),
            ("description", .string("The engine's own state of every control, which a replica restores: layer trees "
                + "with model values and attached animations, state machines, configurations; bitmaps by reference "
                + "(an artwork's SHA-256, or \"\(ArtworkReferences.configured)\"). Its members follow the engine: "
                + "`format` names them.")),
        ])
    }

    static var schemaPlaceholder: CodedScene { CodedScene(scene: Scene(), references: nil) }
}

/// Names a scene's bitmaps for a snapshot: the server's own artwork (its `--artwork`, or the
/// default) as "configured", an uploaded one by its PNG's SHA-256 (the key it has in the artwork
/// library, and in Redis when replicated). A bitmap read back keeps its id, so a restored scene
/// is named the same way again.
struct ArtworkReferences: BitmapReferences {
    static let configured = "configured"
    let configuredArtwork: Bitmap
    let library: ArtworkLibrary

    init(configuration: SceneConfiguration, library: ArtworkLibrary) {
        configuredArtwork = configuration.artwork ?? DefaultArtwork.bitmap
        self.library = library
    }

    func reference(to bitmap: Bitmap) -> String? {
        bitmap.id == configuredArtwork.id ? Self.configured : library.hash(of: bitmap)
    }

    func bitmap(_ reference: String) -> Bitmap? {
        reference == Self.configured ? configuredArtwork : try? library.bitmap(reference)
    }
}

/// Why a snapshot document could not be read, in words a person sending one can act on: the
/// member at fault by its path ("scene.meter.state"), not the decoder's own description.
struct SnapshotProblem: CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            description = "it lacks '\(path(context, key))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            description = "'\(path(context))' has the wrong type"
        case DecodingError.dataCorrupted(let context):
            description = context.codingPath.isEmpty ? context.debugDescription
                : "'\(path(context))' is not usable: \(context.debugDescription)"
        default:
            description = "\(error)"
        }
    }
}
