import Controls
import SeedControls
import Foundation
import HTTPClient
import Testing

/// `/state` as the tests read it: the controls' own public State types.
public struct StateReply: Decodable {
    public struct Clock: Decodable {
        public var sceneTime: Double
        public var paused: Bool
        public var speed: Double
        public var fps: Int
    }

    public var sceneTime: Double
    public var clock: Clock
    public var spinner: Spinner.State
    public var meter: RecordingMeter.State
    public var player: MusicPlayer.State
    public var playButton: PlayButton.State
}

/// What every command answers: the scene time it applied at and the control's new state.
public struct CommandReply<S: Decodable>: Decodable {
    public var sceneTime: Double
    public var state: S
}

/// The API's error body.
public struct ErrorReply: Decodable {
    public var error: String
    public var parameter: String?
    public var allowed: String?
}

/// Expects the API's refusal: `status`, and an error body with a message, naming `parameter` (nil: none), with
/// a non-empty `allowed` that contains `allowing`.
public func expectRefusal(_ response: HTTPProbeResponse, status: Int = 400, parameter: String?, allowing: String = "",
                          _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let said = "\(context) → \(response.status) \(response.text.prefix(200))"
    #expect(response.status == status, "\(said)", sourceLocation: sourceLocation)
    let error = try? decode(ErrorReply.self, from: response)
    #expect(error?.error.isEmpty == false, "\(said)", sourceLocation: sourceLocation)
    #expect(error?.parameter == parameter, "\(said)", sourceLocation: sourceLocation)
    let allowed = error?.allowed ?? ""
    #expect(!allowed.isEmpty && (allowing.isEmpty || allowed.contains(allowing)), "\(said)", sourceLocation: sourceLocation)
}

public struct DecodingFailure: Error, CustomStringConvertible {
    public let description: String
}

public func decode<T: Decodable>(_ type: T.Type, from response: HTTPProbeResponse) throws -> T {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity",
                                                                    negativeInfinity: "-Infinity", nan: "NaN")
    do {
        return try decoder.decode(type, from: Data(response.body))
    } catch {
        throw DecodingFailure(description: "HTTP \(response.status) body is not \(type): \(error)\n\(response.text)")
    }
}

/// The body as a JSON object, for keys the typed replies do not name.
public func jsonObject(_ response: HTTPProbeResponse) throws -> [String: Any] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
        throw DecodingFailure(description: "HTTP \(response.status) body is not a JSON object: \(response.text.prefix(200))")
    }
    return object
}
