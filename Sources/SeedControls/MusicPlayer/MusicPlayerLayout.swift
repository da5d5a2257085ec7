import Animation
import Controls

/// The 240×240 reference layout and the motion constants that are not props (docs/design/music-player.md
/// §Layout, §Disc motion; the rest is `MusicPlayer.Configuration`).
public enum MusicPlayerLayout {
    public static let side = 240.0
    public static let center = Point(120, 120)
    /// 0.4 × the control's side, centred.
    public static let buttonSide = 96.0
    public static let buttonOrigin = Point((side - buttonSide) / 2, (side - buttonSide) / 2)
    /// The icon artboard stretched to the button.
    public static let iconScale = buttonSide / PlayerIcons.artboard

    /// Mask scale with the whole square visible: the inscribed circle's diameter 360 exceeds the
    /// diagonal 339.
    public static let squareMaskScale = 1.5
    public static let discMaskScale = 1.0

    /// Mask shrink on play, mask growth on pause, blur fade either way.
    public static let maskInDuration = 0.2
    public static let maskOutDuration = 0.5
    public static let blurFadeDuration = 1.5
}

/// The layers by path, each name declared once (names appear in snapshots and in
/// `AnimationStop.layer`), and the animation keys.
enum MusicPlayerLayers {
    static let root = "player"
    static let disc = LayerPath.root.appending("disc")
    static let background = disc.appending("disc.background")
    static let artwork = disc.appending("artwork")
    static let blurred = disc.appending("artwork.blurred")
    static let button = LayerPath.root.appending("button")
    static let icon = button.appending("icon")
    static let iconRing = icon.appending("icon.ring")
    static let iconGlyph = icon.appending("icon.glyph")
    static let ring = button.appending("progress")

    static let maskKey = "maskScale"
    static let spinKey = "rotation"
    static let blurKey = "opacity"
    static let ringKey = "strokeEnd animation"
}
