import Animation
import Controls
import HTTPServer
import Rendering

/// `/player/play|pause|toggle|restart`, `/player/seek` and `PUT /player/artwork`.
extension APIContext {
    enum PlayerCommand: String, CaseIterable {
        case play, pause, toggle, restart

        var summary: String {
            switch self {
            case .play: "Plays: the artwork turns into a spinning disc and progress ticks"
            case .pause: "Pauses playback"
            case .toggle: "Plays when paused, pauses when playing"
            case .restart: "Starts again from 0, keeping the play state"
            }
        }
    }

    /// Artwork uploads may be this large; anything bigger is refused before it is read.
    static let maxArtworkBytes = 8 << 20
    /// Larger images are refused from their header, before any pixel is decoded.
    static let maxArtworkSide = 4096

    static func playerEndpoint(_ command: PlayerCommand) -> Endpoint<APIContext> {
        Endpoint(
            command: APIOperation(.post, "/player/\(command.rawValue)", id: "player\(command.rawValue.capitalized)",
                                  tag: "player", summary: command.summary, command: true),
            state: MusicPlayer.State.self
        ) { _, _ in
            PreparedCommand { s, t in
                switch command {
                case .play: s.player.play(at: t)
                case .pause: s.player.pause(at: t)
                case .toggle: s.player.toggle(at: t)
                case .restart: s.player.restart(at: t)
                }
                return s.player.state(at: t)
            }
        }
    }

    static let seekProgress = Param.number("progress", 0...100, unit: "percent", "The progress to jump to.").required()

    static let playerSeek = Endpoint<APIContext>(
        command: APIOperation(.post, "/player/seek", id: "playerSeek", tag: "player",
                              summary: "Jumps to `progress` percent, animated over 0.5 s",
                              description: "Rounded to a whole percent.", parameters: [seekProgress], command: true),
        state: MusicPlayer.State.self
    ) { input, _ throws(APIError) in
        let progress = Int(try input[seekProgress].rounded())
        return PreparedCommand { s, t in
            s.player.seek(to: progress, at: t)
            return s.player.state(at: t)
        }
    }

    static let artworkHash = Param.text(
        "sha256", maxLength: 64, pattern: "^[0-9a-f]{64}$", in: .query,
        "Instead of a body: the SHA-256 of a PNG uploaded before, as sha256sum prints it (GET /scenarios lists "
            + "the kept ones). Scenarios name artwork this way.")

    static let playerArtwork = Endpoint<APIContext>(
        command: APIOperation(
            .put, "/player/artwork", id: "playerArtwork", tag: "player", summary: "Replaces the artwork",
            description: "A PNG of at most \(maxArtworkSide)×\(maxArtworkSide) pixels. Larger dimensions are refused "
                + "from the PNG header, before any pixel is decoded (413); a larger body is refused before it is read "
                + "(413). On any error the previous artwork stays. The newest \(ArtworkLibrary.maxCount) uploads are "
                + "kept by their SHA-256, so `sha256=` can bring one back without sending it again.",
            parameters: [artworkHash], command: true,
            body: .binary(types: ["image/png"], maxBytes: maxArtworkBytes, description: "The PNG image."),
            answers: [.other(413, "The body is over \(maxArtworkBytes >> 20) MiB, or the image is larger than "
                             + "\(maxArtworkSide)×\(maxArtworkSide) pixels."),
                      .notFound("No uploaded artwork has the SHA-256 given in `sha256`.")],
            offload: true),
        state: MusicPlayer.State.self
    ) { input, artworks throws(APIError) in try artwork(input, artworks) }

    /// The artwork a request gives, by body or by hash; a body is kept in the library, and a
    /// recording writes its hash.
    static func artwork(_ input: Input, _ artworks: ArtworkLibrary) throws(APIError) -> PreparedCommand<MusicPlayer.State> {
        let request = input.request
        let bitmap: Bitmap
        let hash: String
        if let given = try input[artworkHash] {
            guard request.body.isEmpty else {
                throw APIError(400, "give either a PNG body or 'sha256', not both", parameter: "sha256",
                               allowed: "a PNG body, or 'sha256' with no body")
            }
            bitmap = try artworks.bitmap(given)
            hash = given.lowercased()
        } else {
            let type = (request.header("content-type") ?? "").lowercased()
            guard type.hasPrefix("image/png") else {
                throw APIError(415, "the artwork must be sent as image/png, not '\(type.isEmpty ? "no Content-Type" : type)'",
                               parameter: "Content-Type", allowed: "image/png")
            }
            guard !request.body.isEmpty else {
                throw APIError(400, "the body is empty", parameter: "body",
                               allowed: "a PNG image of at most \(maxArtworkBytes >> 20) MiB and "
                                   + "\(maxArtworkSide)×\(maxArtworkSide) pixels, or 'sha256' of one uploaded before")
            }
            bitmap = try ArtworkLibrary.decode(request.body)
            hash = artworks.add(request.body)
        }
        return PreparedCommand(recorded: [(artworkHash.spec.name, hash)]) { s, t in
            s.player.setArtwork(bitmap, at: t)
            return s.player.state(at: t)
        }
    }
}
