import APIModel
import Controls
import HTTPServer
import JSON
import Scenes

/// `GET /snapshot`: the whole scene at the clock's time as a document (docs/design/replication.md §Snapshots).
extension StateRoutes {
    static let getSnapshot = Endpoint<Self>(
        APIOperation(
            .get, "/snapshot", id: "getSnapshot", tag: "state",
            summary: "The whole scene at the clock's time, as the document a replica restores from",
            description: "Every control's model values and props (as GET /state), the artwork shown (its SHA-256), every "
                + "animation running (as GET /timeline describes it), the revision, the replication log entry last "
                + "applied, and the engine's own state of the scene, from which a scene is rebuilt that shows the same "
                + "frames at every later time. Read-only.", answerSize: .atMost(4 << 20)),
        reply: SceneSnapshot.self, "The scene at one time.", headers: [.noStore]
    ) { group, _ in
        guard let replica = group.stage.replica else { return group.stage.snapshot(lastEntry: nil) }
        return replica.withAppliedEntry { group.stage.snapshot(lastEntry: $0) }
    }
}

extension CodedScene: SchemaDescribed {
    package static func schema(in registry: SchemaRegistry) -> JSONValue {
        .object([
            ("type", "object"),
            ("description", .string("The engine's own state of every control, which a replica restores: layer trees "
                + "with model values and attached animations, state machines, configurations; bitmaps by reference "
                + "(an artwork's SHA-256, or \"\(ArtworkReferences.configured)\"). Its members follow the engine: "
                + "`format` names them.")),
        ])
    }
}
