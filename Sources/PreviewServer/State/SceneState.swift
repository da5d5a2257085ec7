import Controls
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /state`: the scene time, the revision (newest command) it includes, the clock, and every
/// control's model and presentation values at that one time, so a client can compare them with
/// what the frames show.
struct SceneState: Codable, Sendable {
    let sceneTime: Double
    let revision: UInt64
    let clock: ClockState
    let spinner: Spinner.State
    let meter: RecordingMeter.State
    let player: MusicPlayer.State
    let playButton: PlayButton.State
    /// Every control's prop values.
    let props: ScenePropsState

    init(scene: Scene, time: Double, revision: UInt64, clock: ClockState) {
        sceneTime = time
        self.revision = revision
        self.clock = clock
        spinner = scene.spinner.state(at: time)
        meter = scene.meter.state(at: time)
        player = scene.player.state(at: time)
        playButton = scene.playButton.state(at: time)
        props = ScenePropsState(scene: scene)
    }
}

enum SceneStateEncoding {
    /// Sorted keys keep replies stable; non-finite numbers become strings instead of failing.
    static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return e
    }
}
