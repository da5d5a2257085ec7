/// What a frame shows, by the names the HTTP API's `control` parameter uses: one control, or every
/// control in a grid.
public enum FrameSubject: String, Sendable, Hashable, CaseIterable, Codable {
    case all
    case meter
    case playButton = "play-button"
    case player
    case spinner

    /// The subjects that are one control each, in the order a `control=all` frame shows them.
    public static let controls = allCases.filter { $0 != .all }
}
