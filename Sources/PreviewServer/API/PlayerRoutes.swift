import Animation
import Controls
import HTTPServer
import Rendering

/// `/player/play|pause|toggle|restart`, `/player/seek` and `PUT /player/artwork`.
extension APIContext {
    enum PlayerCommand {
        case play, pause, toggle, restart
    }

    /// Artwork uploads may be this large; anything bigger is refused before it is read.
    static let maxArtworkBytes = 8 << 20
    /// Larger images are refused from their header, before any pixel is decoded.
    static let maxArtworkSide = 4096

    func player(_ command: PlayerCommand) -> HTTPResponse {
        commandReply(scene.apply { s, t in
            switch command {
            case .play: s.player.play(at: t)
            case .pause: s.player.pause(at: t)
            case .toggle: s.player.toggle(at: t)
            case .restart: s.player.restart(at: t)
            }
            return s.player.state(at: t)
        })
    }

    func playerSeek(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = try ParameterValues(command: request)
            guard let progress = try p.double("progress", in: 0...100) else {
                throw .missing("progress", allowed: "a number from 0 to 100 (percent)")
            }
            return commandReply(scene.apply { s, t in
                s.player.seek(to: Int(progress.rounded()), at: t)
                return s.player.state(at: t)
            })
        }
    }

    func playerArtwork(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let type = (request.header("content-type") ?? "").lowercased()
            guard type.hasPrefix("image/png") else {
                throw APIError(415, "the artwork must be sent as image/png, not '\(type.isEmpty ? "no Content-Type" : type)'",
                               parameter: "Content-Type", allowed: "image/png")
            }
            guard !request.body.isEmpty else {
                throw APIError(400, "the body is empty", parameter: "body", allowed: "a PNG image of at most 8 MiB and \(Self.maxArtworkSide)×\(Self.maxArtworkSide) pixels")
            }
            let bitmap: Bitmap
            do {
                bitmap = try PNGDecoder.decode(request.body, maxWidth: Self.maxArtworkSide, maxHeight: Self.maxArtworkSide)
            } catch let error as PNGDecodingError {
                if case .tooLarge = error {
                    throw APIError(413, "\(error)", parameter: "body", allowed: "at most \(Self.maxArtworkSide)×\(Self.maxArtworkSide) pixels")
                }
                throw APIError(400, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
            } catch {
                throw APIError(400, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
            }
            return commandReply(scene.apply { s, t in
                s.player.setArtwork(bitmap, at: t)
                return s.player.state(at: t)
            })
        }
    }
}
