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
            control: .player, state: MusicPlayer.State.self
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
        control: .player, state: MusicPlayer.State.self
    ) { input, _ throws(APIError) in
        let progress = Int(try input[seekProgress].rounded())
        return PreparedCommand { s, t in
            s.player.seek(to: progress, at: t)
            return s.player.state(at: t)
        }
    }

    static let artworkHash = Param.text(
        "sha256", maxLength: 64, pattern: "^[0-9a-fA-F]{64}$",
        "The SHA-256 of a PNG uploaded before with PUT /player/artwork, as sha256sum prints it (GET /scenarios lists "
            + "the kept ones).").required()

    /// An upload's value is `PUT /player/artwork/by-hash` with the image's hash: what a recording
    /// keeps, and what the log carries, with the image, to the other replicas.
    static let playerArtwork = Endpoint<APIContext>(
        command: APIOperation(
            .put, "/player/artwork", id: "playerArtwork", tag: "player", summary: "Replaces the artwork",
            description: "A PNG of at most \(maxArtworkSide)×\(maxArtworkSide) pixels. Larger dimensions are refused "
                + "from the PNG header, before any pixel is decoded (413); a larger body is refused before it is read "
                + "(413). On any error the previous artwork stays. The newest \(ArtworkLibrary.maxCount) uploads are "
                + "kept by their SHA-256 for PUT /player/artwork/by-hash (and scenarios).",
            command: true,
            body: .binary(types: ["image/png"], maxBytes: maxArtworkBytes, description: "The PNG image."),
            answers: [.other(413, "The body is over \(maxArtworkBytes >> 20) MiB, or the image is larger than "
                             + "\(maxArtworkSide)×\(maxArtworkSide) pixels.")],
            offload: .shared, cost: { input in artworkCost(PNGDecoder.declaredSize(input.request.body)) }),
        produces: playerArtworkByHash.operation.success, value: { input, artworks throws(APIError) in
            let hash = try uploadedArtwork(input.request, artworks)
            return (Command(playerArtworkByHash.operation.commandName, [Command.Argument(name: artworkHash.spec.name, value: hash)]),
                    input.request.body)
        }, nil)
    /// Decoding costs what the PNG header declares, up to the largest size the decoder accepts
    /// (anything larger is refused from the header before a pixel is decoded); an image named by
    /// its hash is priced at that largest size, since only the stored image knows its own.
    static func artworkCost(_ declared: (width: Int, height: Int)?) -> RequestCost {
        let (width, height) = declared ?? (maxArtworkSide, maxArtworkSide)
        return .upload(decodedWidth: min(width, maxArtworkSide), height: min(height, maxArtworkSide))
    }

    static let playerArtworkByHash = Endpoint<APIContext>(
        command: APIOperation(
            .put, "/player/artwork/by-hash", id: "playerArtworkByHash", tag: "player",
            summary: "Replaces the artwork with one uploaded before, named by its SHA-256",
            description: "Without sending the image again. A recording keeps an upload as this command, and a "
                + "scenario names artwork this way.",
            parameters: [artworkHash], command: true,
            answers: [.notFound("No uploaded artwork has this SHA-256 (the newest \(ArtworkLibrary.maxCount) are kept).")],
            offload: .shared, bareWord: "sha256", cost: { _ in artworkCost(nil) }),
        control: .player, state: MusicPlayer.State.self
    ) { input, artworks throws(APIError) in
        let hash = try input[artworkHash].lowercased()
        let bitmap = try artworks.bitmap(hash)
        return PreparedCommand(shows: bitmap) { s, t in
            s.player.setArtwork(bitmap, at: t)
            return s.player.state(at: t)
        }
    }

    /// Keeps the artwork in a request's body in the library, and returns its hash.
    static func uploadedArtwork(_ request: HTTPRequest, _ artworks: ArtworkLibrary) throws(APIError) -> String {
        let type = (request.header("content-type") ?? "").lowercased()
        guard type.hasPrefix("image/png") else {
            throw APIError(415, "the artwork must be sent as image/png, not '\(type.isEmpty ? "no Content-Type" : type)'",
                           parameter: "Content-Type", allowed: "image/png")
        }
        guard !request.body.isEmpty else {
            throw APIError(400, "the body is empty", parameter: "body",
                           allowed: "a PNG image of at most \(maxArtworkBytes >> 20) MiB and \(maxArtworkSide)×\(maxArtworkSide) pixels")
        }
        return try artworks.upload(request.body).hash
    }
}
