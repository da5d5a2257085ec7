import Animation

/// What a frame asks of the controls beyond the scene and the time: inputs each control reads while
/// it builds its layer tree, so that nothing has to edit a finished tree afterwards.
public struct FrameOptions: Sendable, Hashable {
    /// Whether controls draw their own text labels (`label=`; a control reads it while it builds).
    public var showsLabel: Bool
    /// What the frame is drawn over; text designed dark on white turns light on a dark backdrop.
    public var backdrop: Backdrop

    public init(showsLabel: Bool = true, backdrop: Backdrop = .light) {
        self.showsLabel = showsLabel
        self.backdrop = backdrop
    }
}

/// The lightness of what a frame is drawn over, as far as the text on it is concerned.
public enum Backdrop: Sendable, Hashable {
    case light
    /// Dark text on it would be hard to read.
    case dark

    /// Dark when dark text on `color` would be hard to read: relative luminance below 0.3.
    public init(behind color: Color) {
        self = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue < 0.3 ? .dark : .light
    }
}
