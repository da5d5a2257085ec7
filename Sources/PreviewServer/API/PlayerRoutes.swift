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
        ) { context, _ in
            context.command { s, t in
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
    ) { context, input in
        let progress = Int(try input[seekProgress].rounded())
        return context.command { s, t in
            s.player.seek(to: progress, at: t)
            return s.player.state(at: t)
        }
    }

    static let playerArtwork = Endpoint<APIContext>(
        command: APIOperation(
            .put, "/player/artwork", id: "playerArtwork", tag: "player", summary: "Replaces the artwork",
            description: "A PNG of at most \(maxArtworkSide)×\(maxArtworkSide) pixels. Larger dimensions are refused "
                + "from the PNG header, before any pixel is decoded (413); a larger body is refused before it is read "
                + "(413). On any error the previous artwork stays.",
            command: true,
            body: .binary(types: ["image/png"], maxBytes: maxArtworkBytes, description: "The PNG image."),
            answers: [.other(413, "The body is over \(maxArtworkBytes >> 20) MiB, or the image is larger than "
                             + "\(maxArtworkSide)×\(maxArtworkSide) pixels.")],
            offload: .shared, cost: { input in artworkCost(input.request.body) }),
        state: MusicPlayer.State.self
    ) { context, input in try context.setArtwork(input.request) }

    /// Decoding costs what the PNG header declares, up to the largest size the decoder accepts
    /// (anything larger is refused from the header before a pixel is decoded).
    static func artworkCost(_ body: [UInt8]) -> RequestCost {
        let (width, height) = PNGDecoder.declaredSize(body) ?? (0, 0)
        return .upload(decodedWidth: min(width, maxArtworkSide), height: min(height, maxArtworkSide))
    }

    func setArtwork(_ request: HTTPRequest) throws(APIError) -> CommandReply<MusicPlayer.State> {
        let type = (request.header("content-type") ?? "").lowercased()
        guard type.hasPrefix("image/png") else {
            throw APIError(415, "the artwork must be sent as image/png, not '\(type.isEmpty ? "no Content-Type" : type)'",
                           parameter: "Content-Type", allowed: "image/png")
        }
        let side = "\(Self.maxArtworkSide)×\(Self.maxArtworkSide) pixels"
        guard !request.body.isEmpty else {
            throw APIError(400, "the body is empty", parameter: "body",
                           allowed: "a PNG image of at most \(Self.maxArtworkBytes >> 20) MiB and \(side)")
        }
        let bitmap: Bitmap
        do {
            bitmap = try PNGDecoder.decode(request.body, maxWidth: Self.maxArtworkSide, maxHeight: Self.maxArtworkSide)
        } catch let error as PNGDecodingError {
            if case .tooLarge = error {
                throw APIError(413, "\(error)", parameter: "body", allowed: "at most \(side)")
            }
            throw APIError(400, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
        } catch {
            throw APIError(400, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
        }
        let artwork = artworks.intern(bitmap)
        // Here, off the streams' ticks: their next frames then draw the new cover from the cache.
        frameRenderer.renderer.prepareCachedImages(of: artwork, like: scene.snapshot().scene.player.artwork)
        return command { s, t in
            s.player.setArtwork(artwork, at: t)
            return s.player.state(at: t)
        }
    }
}
