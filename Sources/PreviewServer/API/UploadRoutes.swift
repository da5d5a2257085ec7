import APIModel
import Animation
import Controls
import HTTPServer
import Rendering
import Scenes

/// A command's upload route (`ImageUpload`: a PNG body instead of its hash), whose value is the
/// command it belongs to with the image's hash.
extension ControlRoutes {
    /// An upload's value is its command with the image's hash: what a recording keeps, and what the
    /// log carries, with the image, to the other replicas.
    static func upload(_ upload: ImageUpload, of declaration: CommandDeclaration) -> Endpoint<Self> {
        Endpoint<Self>(command: APIOperation(
            APIOperation.Method(upload.route.method), upload.route.path, id: upload.id,
            tag: declaration.control.rawValue, summary: upload.summary,
            description: "A PNG of at most \(ArtworkLibrary.maxSide)×\(ArtworkLibrary.maxSide) pixels. Larger dimensions are refused "
                + "from the PNG header, before any pixel is decoded (413); a larger body is refused before it is read "
                + "(413). On any error nothing changes. The newest \(ArtworkLibrary.maxCount) uploads are "
                + "kept by their SHA-256 for \(declaration.route) (\(declaration.id); and scenarios).",
            command: true,
            body: .binary(types: ["image/png"], maxBytes: ArtworkLibrary.maxUploadBytes, description: "The PNG image."),
            answers: [.other(413, "The body is over \(ArtworkLibrary.maxUploadBytes >> 20) MiB, or the image is larger than "
                             + "\(ArtworkLibrary.maxSide)×\(ArtworkLibrary.maxSide) pixels.")],
            offload: .shared, cost: { input in artworkCost(PNGDecoder.declaredSize(input.request.body)) }),
        produces: Endpoint<Self>(declaration: declaration).operation.success, value: { input, artworks throws(Refusal) in
            let hash = try uploadedArtwork(input.request, artworks)
            return (Command(declaration.id, [Command.Argument(name: upload.parameter, value: .string(hash))]), input.request.body)
        })
    }
    /// Decoding costs what the PNG header declares, up to the largest size the decoder accepts
    /// (anything larger is refused from the header before a pixel is decoded); an image named by
    /// its hash is priced at that largest size, since only the stored image knows its own.
    static func artworkCost(_ declared: (width: Int, height: Int)?) -> RequestCost {
        let (width, height) = declared ?? (ArtworkLibrary.maxSide, ArtworkLibrary.maxSide)
        return .upload(decodedWidth: min(width, ArtworkLibrary.maxSide), height: min(height, ArtworkLibrary.maxSide))
    }

    /// Keeps the artwork in a request's body in the library, and returns its hash.
    static func uploadedArtwork(_ request: HTTPRequest, _ artworks: ArtworkLibrary) throws(Refusal) -> String {
        let type = (request.header("content-type") ?? "").lowercased()
        guard type.hasPrefix("image/png") else {
            throw Refusal(.unsupportedType, "the artwork must be sent as image/png, not '\(type.isEmpty ? "no Content-Type" : type)'",
                           parameter: "Content-Type", allowed: "image/png")
        }
        guard !request.body.isEmpty else {
            throw Refusal(.invalid, "the body is empty", parameter: "body",
                           allowed: "a PNG image of at most \(ArtworkLibrary.maxUploadBytes >> 20) MiB and \(ArtworkLibrary.maxSide)×\(ArtworkLibrary.maxSide) pixels")
        }
        return try artworks.upload(request.body).hash
    }
}
