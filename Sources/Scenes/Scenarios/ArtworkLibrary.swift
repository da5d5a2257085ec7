import Animation
import Controls
import Rendering
import Synchronization

/// The images uploaded with a control's upload route (`ImageUpload`), kept as their PNG bytes under
/// their SHA-256, so a scenario (and the command it stands for) can name one by content: the same
/// hex digest `sha256sum cover.png` prints. An image decoded from the same bytes while the first
/// decoding is still shown (by the live scene, its history or a scenario) is that same bitmap: an
/// artwork is stored once however many copies of the scene show it, and the renderer's images of
/// it still apply.
package struct ArtworkLibrary: ArtworkSource {
    /// Where uploads are saved on disk as well (`--data`); nil: in memory only.
    private let saved: SavedWork?
    /// The routes that take uploads, as its refusals name them.
    private let routes: String

    package init(controls: ControlList, saved: SavedWork? = nil) {
        self.saved = saved
        routes = Self.uploadRoutes(controls)
    }

    package static let maxCount = UploadedImages.kept

    /// The routes of `controls` that take uploads ("PUT /player/artwork"), as messages name them.
    package static func uploadRoutes(_ controls: ControlList) -> String {
        let routes = controls.commandDeclarations.compactMap { $0.upload?.route.description }
        return routes.isEmpty ? "an upload route" : routes.joined(separator: " or ")
    }
    /// An upload may be this large; anything bigger is refused before it is read.
    package static let maxUploadBytes = 8 << 20
    /// Larger images are refused from their header, before any pixel is decoded.
    package static let maxSide = 4096
    package static let maxBytes = 32 << 20
    package let store = ContentStore<[UInt8]>(maxCount: maxCount, maxBytes: maxBytes)
    private let shown = ShownBitmaps()

    /// Keeps a PNG (already decoded once by the caller) and returns its hash, in memory only: its one
    /// caller is a replica taking artwork from Redis, which keeps it (a replica has no data folder).
    @discardableResult
    package func add(_ png: [UInt8]) -> String {
        let hash = SHA256.hex(png)
        store.put(hash, png, bytes: png.count)
        return hash
    }

    /// Takes back what a data folder saved (oldest first), without saving it again.
    package func restore(_ rows: [SavedWork.Row]) {
        for row in rows where SHA256.hex(row.bytes) == row.key {
            store.put(row.key, row.bytes, bytes: row.bytes.count)
            if row.pinned { _ = store.pin(row.key, true) }
        }
    }

    /// An upload: decodes a PNG, keeps it and returns the bitmap and its hash; the bitmap already
    /// shown when the same bytes came before.
    package func upload(_ png: [UInt8]) throws(Refusal) -> (bitmap: Bitmap, hash: String) {
        let hash = SHA256.hex(png)
        let bitmap = try shown.bitmap(hash) { () throws(Refusal) in try Self.decode(png) }
        // On disk before it is acknowledged: an upload the answer reports is one a restart keeps.
        do {
            try saved?.save(.artwork, key: hash, bytes: png)
        } catch {
            // The store's own error names files and SQL: not for the client.
            throw Refusal(.unavailable, "saving the artwork failed; try again")
        }
        store.put(hash, png, bytes: png.count)
        return (bitmap, hash)
    }

    /// The image under `hash`, decoded (or the one shown already); 404 when none is stored under it.
    package func bitmap(_ hash: String) throws(Refusal) -> Bitmap {
        guard let png = store.get(hash.lowercased()) else {
            throw Refusal(.notFound, "no uploaded artwork has SHA-256 '\(Refusal.quote(hash))'", parameter: "sha256",
                           allowed: "the SHA-256 of a PNG uploaded with \(routes) (the newest \(Self.maxCount) "
                               + "are kept), as sha256sum prints it")
        }
        return try shown.bitmap(hash.lowercased()) { () throws(Refusal) in try Self.decode(png) }
    }

    /// The hash of the PNG `bitmap` was decoded from, while it is shown (a copy keeps its id).
    package func hash(of bitmap: Bitmap) -> String? {
        shown.hash(of: bitmap)
    }

    /// A PNG of at most `ArtworkLibrary.maxSide` pixels a side, or the 413 or 400 that says why not.
    package static func decode(_ png: [UInt8]) throws(Refusal) -> Bitmap {
        let maxSide = ArtworkLibrary.maxSide
        let side = "\(maxSide)×\(maxSide) pixels"
        do {
            return try PNGDecoder.decode(png, maxWidth: maxSide, maxHeight: maxSide)
        } catch let error as PNGDecodingError {
            if case .tooLarge = error {
                throw Refusal(.tooLarge, "\(error)", parameter: "body", allowed: "at most \(side)")
            }
            throw Refusal(.invalid, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
        } catch {
            throw Refusal(.invalid, "the artwork is not a usable PNG: \(error)", parameter: "body", allowed: "a complete PNG image")
        }
    }
}

/// Decoded artwork by its PNG's hash, held weakly: what no scene copy shows any more is freed.
/// Each hash keeps its bitmap id once given, so a copy of a bitmap (a restored snapshot's) is
/// still named by its hash, and a later decoding of the same PNG is the same image to renderers.
private final class ShownBitmaps: Sendable {
    private struct Entry {
        weak var bitmap: Bitmap?
        let id: UInt64
    }

    /// Hashes whose bitmap is gone are forgotten beyond this many entries.
    private static let keptIDs = 256
    private let entries = Mutex<[String: Entry]>([:])

    /// The living bitmap under `hash`, or what `decode` makes (then remembered).
    func bitmap(_ hash: String, decode: () throws(Refusal) -> Bitmap) throws(Refusal) -> Bitmap {
        let known = entries.withLock { $0[hash] }
        if let living = known?.bitmap { return living }
        var bitmap = try decode()
        if let id = known?.id {
            bitmap = Bitmap(id: id, width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
        }
        entries.withLock { entries in
            if entries.count >= Self.keptIDs { entries = entries.filter { $0.value.bitmap != nil } }
            entries[hash] = Entry(bitmap: bitmap, id: bitmap.id)
        }
        return bitmap
    }

    func hash(of bitmap: Bitmap) -> String? {
        entries.withLock { entries in entries.first { $0.value.id == bitmap.id }?.key }
    }
}
