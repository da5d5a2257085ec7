import Controls
import HTTPServer
import Scenes

/// `GET /state` and `GET /layout`.
extension APIContext {
    static let getState = Endpoint<APIContext>(
        APIOperation(.get, "/state", id: "getState", tag: "state",
                     summary: "Scene time, the clock, and every control's model and presentation values at that time"),
        reply: SceneState.self, "The scene at one time.", headers: [.noStore]
    ) { context, _ in
        let (copy, time, revision) = context.scene.snapshotWithRevision()
        return SceneState(scene: copy, time: time, revision: revision, clock: context.clockState(time: time))
    }

    static let layoutReply: LayoutReply = {
        let grid = ControlGrid.standard
        let side = FrameParameters.size.spec.integerRange ?? FrameSpec.sizeRange
        let quality = FrameParameters.quality.spec.integerRange ?? 1...100
        return LayoutReply(controls: grid.controls, arrangements: grid.arrangements, cellMargin: grid.cellMargin,
                           maxFrameSide: side.upperBound, minQuality: quality.lowerBound, maxQuality: quality.upperBound,
                           maxArtworkBytes: ArtworkLibrary.maxUploadBytes, maxArtworkSide: ArtworkLibrary.maxSide)
    }()

    static let getLayout = Endpoint<APIContext>(
        APIOperation(.get, "/layout", id: "getLayout", tag: "state",
                     summary: "How a `control=all` frame lays the controls out, and the limits of frames and artwork"),
        reply: LayoutReply.self, "The grid every `control=all` frame is drawn with and the request limits; the same "
            + "for the life of the server.", headers: [.constant("Cache-Control", "no-cache")]
    ) { _, _ in layoutReply }
}

/// What a client needs to cut a `control=all` frame into one picture per control (the grid the
/// frames are drawn with) and the limits the page checks before it asks, all from the
/// declarations the server itself checks requests against.
struct LayoutReply: Codable, Sendable {
    let controls: [FrameSubject]
    let arrangements: [ControlGrid.Arrangement]
    let cellMargin: Double
    let maxFrameSide: Int
    let minQuality: Int
    let maxQuality: Int
    let maxArtworkBytes: Int
    let maxArtworkSide: Int
}
