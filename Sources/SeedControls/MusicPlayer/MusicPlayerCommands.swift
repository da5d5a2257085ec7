import Animation
import Controls

/// The music player's commands: play, pause, toggle, restart, seek, and artwork uploaded before.
extension MusicPlayer {
    /// How many uploaded artworks a server keeps by their SHA-256, for `PUT /player/artwork/by-hash`.
    public static var keptUploads: Int { UploadedImages.kept }

    static let progress = CommandParameter("progress", .number(0...100), unit: "percent", "The progress to jump to.")
    static let sha256 = CommandParameter(
        "sha256", .text(maxLength: 64, pattern: "^[0-9a-fA-F]{64}$"),
        "The SHA-256 of a PNG uploaded before with PUT /player/artwork, as sha256sum prints it (GET /scenarios lists "
            + "the kept ones).")

    public static let commands: [CommandDeclaration] = [
        command("playerPlay", summary: "Plays: the artwork turns into a spinning disc and progress ticks") { $0.play(at: $1) },
        command("playerPause", summary: "Pauses playback") { $0.pause(at: $1) },
        command("playerToggle", summary: "Plays when paused, pauses when playing") { $0.toggle(at: $1) },
        command("playerRestart", summary: "Starts again from 0, keeping the play state") { $0.restart(at: $1) },
        CommandDeclaration("playerSeek", on: MusicPlayer.self,
                           summary: "Jumps to `progress` percent, animated over 0.5 s", description: "Rounded to a whole percent.",
                           parameters: [progress]) { a, _ throws(Refusal) in
            let progress = Int(try a.number(progress).rounded())
            return ControlChange { p, t in p.seek(to: progress, at: t) }
        },
        artworkByHash,
    ]

    /// The artwork uploaded before with this SHA-256: what a recording keeps of an upload, and what the log
    /// carries, with the image, to the other replicas.
    public static let artworkByHash: CommandDeclaration = {
        var declaration = CommandDeclaration(
            "playerArtworkByHash", on: MusicPlayer.self, method: .put, path: "artwork/by-hash",
            summary: "Replaces the artwork with one uploaded before, named by its SHA-256",
            description: "Without sending the image again. A recording keeps an upload as this command, and a "
                + "scenario names artwork this way.",
            parameters: [sha256],
            refusals: [.notFound("No uploaded artwork has this SHA-256 (the newest \(keptUploads) are kept).")],
            decodesArtwork: true
        ) { a, artworks throws(Refusal) in
            let bitmap = try artworks.bitmap(try a.text(sha256).lowercased())
            return ControlChange(shows: bitmap) { p, t in p.setArtwork(bitmap, at: t) }
        }
        declaration.upload = ImageUpload(CommandRoute(.put, "/player/artwork"), id: "playerArtwork", summary: "Replaces the artwork",
                                         parameter: sha256.name)
        return declaration
    }()

    /// The value of `artworkByHash` for a SHA-256.
    public static func artworkByHash(_ hash: String) -> Command {
        Command(artworkByHash.id, [Command.Argument(name: sha256.name, value: .string(hash))])
    }

    private static func command(_ id: String, summary: String,
                                _ change: @escaping @Sendable (inout MusicPlayer, Double) -> Void) -> CommandDeclaration {
        CommandDeclaration(id, on: MusicPlayer.self, summary: summary) { _, _ in
            ControlChange { p, t in change(&p, t) }
        }
    }
}
