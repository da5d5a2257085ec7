import Animation
import Controls
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
package struct SceneSnapshot: Codable, Sendable {
    /// What a reader of this document expects; a document of another format is refused. 2: the
    /// scene holds its controls by id (`{"controls": {"meter": …}}`), as the list's plugins. 3: a
    /// layer control (docs/design/quartz.md §Layer controls) is its model, `{"model": {"graph":
    /// …, "states": […]}, "configuration": …}`; nothing else changed, so format 2 still reads.
    package static let currentFormat = 3
    /// The formats this server reads.
    package static let readableFormats = 2...3

    package let format: Int
    package let sceneTime: Double
    /// The newest command the scene includes.
    package let revision: UInt64
    /// The replication log entry the scene includes last ("ms-seq"); null without `--replicate`.
    package let lastEntry: String?
    /// In a snapshot a replica stores in Redis: the shared clock when the last entry took effect, the
    /// time the scene is taken at; a replica restores from it and reads the log after `lastEntry`.
    /// Null in `GET /snapshot`, which is taken at the clock's time.
    package let replicaClock: ReplicaClock?
    /// The SHA-256 of the shown artwork's PNG; null for the server's own (`--artwork`, or the default).
    package let artwork: String?
    package let state: SceneState
    package let animations: [SnapshotAnimation]
    package let scene: CodedScene

    /// `scene` as it stands at `time` (advanced there); its bitmaps named through `references`.
    package init(scene: Scene, time: Double, revision: UInt64, lastEntry: String?, replicaClock: ReplicaClock? = nil,
         clock: ClockState, references: ArtworkReferences) {
        format = Self.currentFormat
        sceneTime = time
        self.revision = revision
        self.lastEntry = lastEntry
        self.replicaClock = replicaClock
        let shown = scene.shownImages.first.flatMap(references.reference(to:))
        artwork = shown?.hasPrefix(ArtworkReferences.configured) == true ? nil : shown
        state = SceneState(scene: scene, time: time, revision: revision, clock: clock)
        animations = scene.animationRecords().filter { $0.record.outcome(at: time) == .running }
            .map(SnapshotAnimation.init)
        self.scene = CodedScene(scene: scene, references: references)
    }

    /// The document's JSON, as a reply's: sorted keys; non-finite numbers (endless repeats) as strings.
    package func encoded() throws -> [UInt8] {
        Array(try SceneStateEncoding.encoder.encode(self))
    }

    /// The document as a scenario's `from` holds it (null in the unlikely case it cannot be encoded,
    /// which the scenario's parser then refuses by name).
    package var json: JSONValue {
        guard let bytes = try? encoded(), let document = try? JSONDocument(parsing: bytes) else { return .null }
        return document.value
    }

    /// A document read back, its bitmaps resolved through `references` and its scene read as one
    /// of their controls.
    package static func decode(_ bytes: [UInt8], references: ArtworkReferences) throws -> SceneSnapshot {
        let decoder = JSONDecoder()
        decoder.userInfo[.controlList] = references.controls
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let snapshot = try BitmapCoding.$references.withValue(references) {
            try decoder.decode(SceneSnapshot.self, from: Data(bytes))
        }
        guard readableFormats.contains(snapshot.format) else { throw SnapshotFormatError(format: snapshot.format) }
        return snapshot
    }
}

/// The shared clock as a replica's snapshot carries it (docs/design/replication.md §Snapshots).
package struct ReplicaClock: Codable, Sendable {
    /// Seconds since the epoch at which the last entry took effect and the scene is taken.
    package let hostTime: Double
    /// The clock's timebase then, restored as it is so that the clock reads exactly the same.
    package let timebase: Timebase
}

package struct SnapshotFormatError: Error, CustomStringConvertible {
    package let format: Int
    package var description: String {
        "a snapshot of format \(format); this server reads formats \(SceneSnapshot.readableFormats.lowerBound) to \(SceneSnapshot.readableFormats.upperBound)"
    }
}

/// One animation running at the snapshot's time, described as `GET /timeline` describes it.
package struct SnapshotAnimation: Codable, Sendable {
    package let control: FrameSubject
    /// The names from the control's root layer down to the animated one.
    package let layer: [String]
    package let key: String
    package let addedAt: Double
    package let animation: TimelineAnimationBody
    /// A group's children, in the group's local time; null for other animations.
    package let children: [TimelineAnimationBody]?

    package init(_ item: (control: FrameSubject, layer: LayerPath, record: AnimationRecord)) {
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
package struct CodedScene: Codable, Sendable {
    package let scene: Scene
    /// What names the bitmaps when encoding; decoding uses the table `BitmapCoding.references` holds.
    private let references: ArtworkReferences?

    package init(scene: Scene, references: ArtworkReferences?) {
        self.scene = scene
        self.references = references
    }

    package init(from decoder: any Decoder) throws {
        scene = try Scene(from: decoder)
        references = nil
    }

    package func encode(to encoder: any Encoder) throws {
        try BitmapCoding.$references.withValue(references ?? BitmapCoding.references) {
            try scene.encode(to: encoder)
        }
    }

    package static var schemaPlaceholder: CodedScene { CodedScene(scene: Scene(configuration: SceneConfiguration(.empty)), references: nil) }
}

/// Names a scene's bitmaps for a snapshot: the images the controls' configurations bring (an
/// `--artwork`, or a control's own) as "configured" (the first), "configured.1" and on, an uploaded
/// one by its PNG's SHA-256 (the key it has in the artwork library, and in Redis when replicated).
/// A bitmap read back keeps its id, so a restored scene is named the same way again.
package struct ArtworkReferences: BitmapReferences {
    package static let configured = "configured"
    package let configuredImages: [Bitmap]
    package let library: ArtworkLibrary
    /// The controls a scene read with these references is made of.
    package let controls: ControlList

    package init(configuration: SceneConfiguration, library: ArtworkLibrary) {
        configuredImages = configuration.configuredImages
        controls = configuration.controls
        self.library = library
    }

    private static func name(_ index: Int) -> String { index == 0 ? configured : "\(configured).\(index)" }

    package func reference(to bitmap: Bitmap) -> String? {
        configuredImages.firstIndex { $0.id == bitmap.id }.map(Self.name) ?? library.hash(of: bitmap)
    }

    package func bitmap(_ reference: String) -> Bitmap? {
        configuredImages.indices.first { Self.name($0) == reference }.map { configuredImages[$0] } ?? (try? library.bitmap(reference))
    }
}

/// Why a snapshot document could not be read, in words a person sending one can act on: the
/// member at fault by its path ("scene.meter.state"), not the decoder's own description.
package struct SnapshotProblem: CustomStringConvertible {
    package let description: String

    package init(_ error: any Error) {
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
