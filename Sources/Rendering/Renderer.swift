import Animation
import CCairo

/// Draws layer snapshots into ARGB32 images with Cairo.
///
/// One renderer can serve several threads at once: every call builds its own surface and
/// context, and the only shared state (the blur cache) is behind a mutex.
public final class Renderer: Sendable {
    /// Larger requests are clamped: 8192² ARGB32 is already 256 MB.
    public static let maxDimension = 8192

    private let blurCache: BlurCache
    private let cullsCoveredLayers: Bool
    private let samplesBlurredImagesCheaply: Bool

    /// - Parameters:
    ///   - blurCacheEntries: how many blurred images are kept (least recently used out).
    ///   - blurCacheBytes: memory budget for those images.
    ///   - cullsCoveredLayers: leave out layers an opaque sibling above hides (see `Occlusion`);
    ///     false draws every layer, to compare or measure.
    ///   - samplesBlurredImagesCheaply: draw strongly blurred images with the nearest pixel rather
    ///     than the bilinear filter (see `ImageDrawing`); false, to compare or measure.
    public init(blurCacheEntries: Int = 8, blurCacheBytes: Int = 64 << 20, cullsCoveredLayers: Bool = true,
                samplesBlurredImagesCheaply: Bool = true) {
        blurCache = BlurCache(maxEntries: blurCacheEntries, maxBytes: blurCacheBytes)
        self.cullsCoveredLayers = cullsCoveredLayers
        self.samplesBlurredImagesCheaply = samplesBlurredImagesCheaply
    }

    /// How many blurs were actually computed rather than served from the cache.
    public var blurRuns: Int { blurCache.blurRuns }

    /// Prepares the cached images of `bitmap` that draws of `previous` use now, for a bitmap
    /// about to take its place (a new artwork): its first frames then find them ready.
    public func prepareCachedImages(of bitmap: Bitmap, like previous: Bitmap) {
        blurCache.prepare(bitmap, like: previous)
    }

    /// Drops the cached images no draw has used for `seconds`; returns the bytes dropped.
    public func dropCachedImages(unusedFor seconds: Double) -> Int {
        blurCache.drop(unusedFor: seconds)
    }

    /// Renders `root` (whose transform maps into pixel space) over `background`.
    /// Sizes are clamped to 1…`maxDimension`. `recycling` is the pixels of an earlier image of the
    /// same size that nothing else holds (a stream's previous frame): drawn into again rather
    /// than a new buffer taken and given back on every frame. When `previous` is the snapshot
    /// those pixels show, drawn with the same background and debug options, only the pixels that
    /// can differ are drawn again (`Damage`); the frame is the same as a full render's.
    public func render(_ root: LayerSnapshot, width: Int, height: Int, background: Background,
                       debug: DebugOverlay = [], recycling: consuming [UInt8]? = nil,
                       previous: LayerSnapshot? = nil) -> RenderedImage {
        let w = min(max(width, 1), Self.maxDimension)
        let h = min(max(height, 1), Self.maxDimension)
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
        // Cairo draws straight into the array that becomes the image, so there is no copy-out.
        var pixels = (consume recycling) ?? []
        let reused = pixels.count == stride * h
        // The debug overlay draws text whose extent is not bounded here: it is always drawn whole.
        let damage = reused && debug.isEmpty ? previous.flatMap { Damage.boxes(from: $0, to: root, width: w, height: h) } : nil
        if damage?.isEmpty == true { return RenderedImage(width: w, height: h, stride: stride, pixels: pixels) }
        if !reused {
            pixels = [UInt8](repeating: 0, count: stride * h)
        } else if damage == nil && !background.isOpaque {
            pixels.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        }
        draw(into: &pixels, width: w, height: h, stride: stride) { cr in
            if let damage {
                for box in damage {
                    cairo_rectangle(cr, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
                }
                cairo_clip(cr)
                if !background.isOpaque {
                    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                    cairo_paint(cr)
                    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                }
            }
            // An opaque background replaces every pixel it is painted on, so a recycled surface
            // needs no clearing first.
            background.paint(cr, width: w, height: h)
            LayerDrawing(cr: cr, blurCache: blurCache, cullsCoveredLayers: cullsCoveredLayers,
                         samplesBlurredImagesCheaply: samplesBlurredImagesCheaply, canvasWidth: w, canvasHeight: h).draw(root)
            if !debug.isEmpty {
                DebugDrawing(cr: cr, options: debug).draw(root, parent: .identity)
            }
        }
        return RenderedImage(width: w, height: h, stride: stride, pixels: pixels)
    }
}
