import Controls
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /state`: the scene time, the revision (newest command) it includes, the clock, and every
/// control's model and presentation values at that one time, so a client can compare them with
/// what the frames show.
package struct SceneState: Codable, Sendable {
    package let sceneTime: Double
    package let revision: UInt64
    package let clock: ClockState
    package let spinner: Spinner.State
    package let meter: RecordingMeter.State
    package let player: MusicPlayer.State
    package let playButton: PlayButton.State
    /// Every control's prop values.
    package let props: ScenePropsState

    package init(scene: Scene, time: Double, revision: UInt64, clock: ClockState) {
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

package enum SceneStateEncoding {
    /// Sorted keys keep replies stable; non-finite numbers become strings instead of failing.
    package static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return e
    }
}
