import Animation
import Controls

/// The `large_play` and `large_pause` icons of the original project (docs/design/music-player.md §Icons),
/// decoded from their PDF content streams: 69×69 pt artboards drawn in white, y down. Both share an outer
/// ring; the glyph is a triangle (play) or two bars (pause). Off-artboard leftovers in the PDFs are dropped.
public enum PlayerIcons {
    /// The artboard side; the button stretches it to its own side (96 / 69 ≈ 1.391).
    public static let artboard = 69.0
    public static let center = Point(34.5, 34.5)
    public static let ringRadius = 32.5
    public static let ringLineWidth = 3.0

    /// The ring both icons draw (stroked, not filled), from 12 o'clock.
    public static var ring: Path {
        .circle(center: center, radius: ringRadius, startAngle: -.pi / 2, clockwise: true)
    }

    /// The play triangle: a vertical left edge at x = 26.27 from y = 17.6 to 51.4, tip (50.53, 34.5).
    public static var play: Path {
        var p = Path()
        p.move(to: Point(26.27, 17.6))
        p.line(to: Point(50.53, 34.5))
        p.line(to: Point(26.27, 51.4))
        p.close()
        return p
    }

    /// The pause bars: x 25.74…31.86 and 37.14…43.26, y 23.2…47.1 (each 6.12 × 23.9).
    public static var pause: Path {
        var p = Path()
        for (x0, x1) in [(25.74, 31.86), (37.14, 43.26)] {
            p.move(to: Point(x0, 23.2))
            p.line(to: Point(x1, 23.2))
            p.line(to: Point(x1, 47.1))
            p.line(to: Point(x0, 47.1))
            p.close()
        }
        return p
    }

    /// The glyph for the action a tap performs: play while paused, pause while playing.
    public static func glyph(isPlaying: Bool) -> Path {
        isPlaying ? pause : play
    }
}
