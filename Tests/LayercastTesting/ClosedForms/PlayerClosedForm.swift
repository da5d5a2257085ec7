/// The music player's progress ring (docs/design/music-player.md §Closed form): after play at
/// progress 0, strokeEnd(t) = clamp((t − 0.5)/50, 0, 1), t in seconds since play.
public enum PlayerClosedForm {
    public static func strokeEnd(secondsSincePlay t: Double) -> Double {
        min(max((t - 0.5) / 50, 0), 1)
    }
}
