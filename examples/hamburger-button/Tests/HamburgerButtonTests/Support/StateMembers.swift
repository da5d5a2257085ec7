import HamburgerButton

/// The members of `GET /state` this package's controls add (LayercastTesting's `StateReply` has the
/// seeds' members only).
struct StateMembers: Decodable {
    var sceneTime: Double
    var hamburgerButton: HamburgerButton.State
    var blinker: Blinker.State
}
