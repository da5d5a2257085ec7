import Controls
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /state`: the scene time, the revision (newest command) it includes, the clock, and every
/// control's model and presentation values at that one time, each under its document key
/// (`playButton`), so a client can compare them with what the frames show.
package struct SceneState: Codable, Sendable {
    package let sceneTime: Double
    package let revision: UInt64
    package let clock: ClockState
    /// Each control's `State`, in the list's order, by its document key; a document read back
    /// keeps each as JSON.
    package let controls: [(key: String, state: any Codable & Sendable)]
    /// Every control's prop values.
    package let props: ScenePropsState

    package init(scene: Scene, time: Double, revision: UInt64, clock: ClockState) {
        sceneTime = time
        self.revision = revision
        self.clock = clock
        controls = scene.controls.map { (type(of: $0).documentKey, $0.erasedState(at: time)) }
        props = ScenePropsState(scene: scene)
    }

    private enum Keys: String, CodingKey, CaseIterable { case sceneTime, revision, clock, props }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONValue.MemberKey.self)
        try container.encode(sceneTime, forKey: JSONValue.MemberKey(Keys.sceneTime.rawValue))
        try container.encode(revision, forKey: JSONValue.MemberKey(Keys.revision.rawValue))
        try container.encode(clock, forKey: JSONValue.MemberKey(Keys.clock.rawValue))
        try container.encode(props, forKey: JSONValue.MemberKey(Keys.props.rawValue))
        for (key, state) in controls {
            try state.encode(to: container.superEncoder(forKey: JSONValue.MemberKey(key)))
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONValue.MemberKey.self)
        sceneTime = try container.decode(Double.self, forKey: JSONValue.MemberKey(Keys.sceneTime.rawValue))
        revision = try container.decode(UInt64.self, forKey: JSONValue.MemberKey(Keys.revision.rawValue))
        clock = try container.decode(ClockState.self, forKey: JSONValue.MemberKey(Keys.clock.rawValue))
        props = try container.decode(ScenePropsState.self, forKey: JSONValue.MemberKey(Keys.props.rawValue))
        // Every member besides the scene's own is a control's state, in the document's order.
        let own = Set(Keys.allCases.map(\.rawValue))
        controls = try container.allKeys.filter { !own.contains($0.stringValue) }.map { key in
            (key.stringValue, try container.decode(JSONValue.self, forKey: key))
        }
    }
}

extension Control {
    /// Its state as a value of no particular type, for a document of every control.
    package func erasedState(at time: Double) -> any Codable & Sendable { state(at: time) }
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
