import Animation

/// The 240×240 reference layout and the motion constants (docs/design/music-player.md §Layout,
/// §Progress ring, §Disc motion).
public enum MusicPlayerLayout {
    public static let side = 240.0
    public static let center = Point(120, 120)
    /// 0.4 × the control's side, centred.
    public static let buttonSide = 96.0
    public static let buttonOrigin = Point((side - buttonSide) / 2, (side - buttonSide) / 2)
    /// Button side / 2 − line width = 48 − 8 = 40: the ring covers radii 36…44.
    public static let ringRadius = 40.0
    public static let ringLineWidth = 8.0
    /// The icon artboard stretched to the button.
    public static let iconScale = buttonSide / PlayerIcons.artboard

    /// UIKit's light blur as Apple's `UIImageEffects` sample implements it: blur radius 30 pt,
    /// saturation × 1.8, then white at alpha 0.3 (docs/design/music-player.md §The light blur).
    public static let lightBlur = ImageEffect(blurRadius: 30, saturation: 1.8, tint: Color(white: 1, alpha: 0.3))

    /// Mask scale with the whole square visible: the inscribed circle's diameter 360 exceeds the
    /// diagonal 339.
    public static let squareMaskScale = 1.5
    public static let discMaskScale = 1.0

    /// Mask shrink on play (linear), mask growth on pause (linear), blur fade either way (ease-in-out).
    public static let maskInDuration = 0.2
    public static let maskOutDuration = 0.5
    public static let blurFadeDuration = 1.5
    /// One turn in 6 s: 60°/s, clockwise on screen.
    public static let spinPeriod = 6.0
    /// Each tick's strokeEnd animation, and a seek's.
    public static let ringAnimationDuration = 0.5
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
