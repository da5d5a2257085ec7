import Animation
import Controls

/// The player as a Layercast control: its id, title, `--artwork` and variants.
extension MusicPlayer {
    public static let id = FrameSubject(rawValue: "player")
    public static let title = "Music player"
    /// Its studio card, `player.card.js` beside this file.
    public static var pageCard: PageCard? { PageCard(source: PackageResources.player_card_js) }

    /// With the configuration's artwork (`--artwork`), or the default one.
    public init(at time: Double, configuration: Configuration) {
        self.init(artwork: configuration.artwork, at: time, configuration: configuration)
    }

    public static let options: [ControlOption] = [
        .image("artwork", \Configuration.artwork, help: "A PNG file the music player shows instead of its own artwork."),
    ]

    public var shownImages: [Bitmap] { [artwork] }

    public static func configuredImages(_ configuration: Configuration) -> [Bitmap] {
        [configuration.artwork ?? DefaultArtwork.bitmap]
    }

    /// Paused and playing, each settled: rebuilt from 2 s earlier (longer than the slowest
    /// transition, the 1.5 s blur) at the same progress.
    public static var variants: ControlVariants<MusicPlayer> {
        ControlVariants(modes: ["paused", "playing"].map { mode in
            .init(mode) { player, time in
                let settle = 2.0
                var p = MusicPlayer(artwork: player.artwork, at: time - settle, configuration: player.configuration)
                p.seek(to: player.progress, at: time - settle)
                if mode == "playing" { p.play(at: time - settle) }
                p.advance(to: time)
                player = p
            }
        })
    }
}

extension MusicPlayer {
    public var noticeableState: String { "\(isPlaying)|\(progress)|\(artwork.id)" }
}

extension MusicPlayer.State: FieldNoted {
    public static let fieldNotes = [
        "blurOpacity": FieldNote("0 sharp, 1 fully blurred."),
        "maskScale": FieldNote("1.5 square, 1.0 disc."),
        "nextTick": FieldNote("When the next progress tick is due; absent while the ticker is stopped."),
    ]
}

extension MusicPlayer.State.Progress: FieldNoted {
    public static var fieldNotes: [String: FieldNote] {
        [
            "model": FieldNote("The ticker's integer progress.", minimum: 0, maximum: 100),
            "presentation": FieldNote("The ring's presented strokeEnd × 100.", minimum: 0, maximum: 100),
        ]
    }
}

extension MusicPlayer.State.Artwork: FieldNoted {
    public static var fieldNotes: [String: FieldNote] {
        let side = FieldNote(minimum: 1, maximum: Double(UploadedImages.maxSide))
        return ["width": side, "height": side]
    }
}

extension FrameSubject {
    public static let player = MusicPlayer.id
}

extension Scene {
    /// The scene's player; a scene built without it is a programming error.
    public var player: MusicPlayer {
        get {
            guard let control = self[MusicPlayer.self] else { preconditionFailure("this scene has no player") }
            return control
        }
        set { self[MusicPlayer.self] = newValue }
    }
}
