import HTTPServer

import Controls

/// `GET /state` and `GET /layout`.
extension APIContext {
    func state() -> HTTPResponse {
        let (copy, time, revision) = scene.snapshotWithRevision()
        return .json(encoding: SceneState(scene: copy, time: time, revision: revision, clock: clockState(time: time)),
                     encoder: SceneStateEncoding.encoder, headers: [("Cache-Control", "no-store")])
    }

    /// What a client needs to cut a `control=all` frame into one picture per control: the grid
    /// the frames are drawn with, and the largest frame side a request may ask for.
    struct LayoutReply: Encodable {
        let controls: [FrameSubject]
        let arrangements: [ControlGrid.Arrangement]
        let cellMargin: Double
        let maxFrameSide: Int
    }

    static let layoutBytes: [UInt8] = {
        let grid = ControlGrid.standard
        let layout = LayoutReply(controls: grid.controls, arrangements: grid.arrangements, cellMargin: grid.cellMargin,
                                 maxFrameSide: FrameSpec.sizeRange.upperBound)
        return (try? SceneStateEncoding.encoder.encode(layout)).map(Array.init) ?? Array("{}".utf8)
    }()

    func layout() -> HTTPResponse {
        .json(raw: Self.layoutBytes, headers: [("Cache-Control", "no-cache")])
    }
}
