import Animation
import Rendering

/// The artwork images uploaded with `PUT /player/artwork`, kept as their PNG bytes under their
/// SHA-256, so a scenario (and `PUT /player/artwork/by-hash`) can name one by content: the same
/// hex digest `sha256sum cover.png` prints.
struct ArtworkLibrary: Sendable {
    static let maxCount = 16
    static let maxBytes = 32 << 20
    let store = ContentStore<[UInt8]>(maxCount: maxCount, maxBytes: maxBytes)

    /// Keeps a PNG (already decoded once by the caller) and returns its hash.
    @discardableResult
    func add(_ png: [UInt8]) -> String {
        let hash = SHA256.hex(png)
        store.put(hash, png, bytes: png.count)
        return hash
    }

    /// The image under `hash`, decoded; 404 when none is stored under it.
    func bitmap(_ hash: String) throws(APIError) -> Bitmap {
        guard let png = store.get(hash.lowercased()) else {
            throw APIError(404, "no uploaded artwork has SHA-256 '\(APIError.quote(hash))'", parameter: "sha256",
                           allowed: "the SHA-256 of a PNG uploaded with PUT /player/artwork (the newest \(Self.maxCount) "
                               + "are kept), as sha256sum prints it")
        }
        return try Self.decode(png)
    }

    /// A PNG of at most `APIContext.maxArtworkSide` pixels a side, or the 413 or 400 that says why not.
    static func decode(_ png: [UInt8]) throws(APIError) -> Bitmap {
        let maxSide = APIContext.maxArtworkSide
        let side = "\(maxSide)×\(maxSide) pixels"
        do {
            return try PNGDecoder.decode(png, maxWidth: maxSide, maxHeight: maxSide)
        } catch let error as PNGDecodingError {
            if case .tooLarge = error {
                throw APIError(413, "\(error)", parameter: "body", allowed: "at most \(side)")
            }
            throw APIError(400, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
        } catch {
            throw APIError(400, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
        }
    }
}
