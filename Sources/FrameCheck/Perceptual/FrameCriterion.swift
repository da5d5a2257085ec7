/// A rectangle of pixels: x, y of its top-left corner, width and height. It may reach outside an image;
/// only its part inside counts.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part inside a `width` × `height` image, nil when there is none.
    public func clipped(width imageWidth: Int, height imageHeight: Int) -> PixelRect? {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(imageWidth, x + max(0, width)), y1 = min(imageHeight, y + max(0, height))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}

/// When a frame matches its reference (the frame checks of `layercast test`, issue 35).
///
/// A pixel *differs* when it is outside every mask and its measure crosses the limit — ΔE00 above
/// `threshold`, or, for SSIM, its colour changed and its window's SSIM is under `minimum` — and, with
/// `ignoresAntialiasing`, it is not antialiasing (`Antialiasing`) in either image. The frame passes when
/// the differing pixels are at most `maxDiffPixels` and at most `maxDiffPixelRatio` of all its pixels
/// (each limit only when set; with neither set, no pixel may differ).
public struct FrameCriterion: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Measure: Sendable, Hashable, Codable, CustomStringConvertible {
        /// CIEDE2000 per pixel, on the pixels composited over `background`.
        case deltaE(threshold: Double)
        /// SSIM (`SSIMMap`) per pixel's window, on BT.601 luma of the composited pixels.
        case ssim(minimum: Double)

        public var description: String {
            switch self {
            case .deltaE(let threshold): "ΔE00 above \(threshold)"
            case .ssim(let minimum): "SSIM under \(minimum)"
            }
        }
    }

    /// About the smallest colour difference a viewer notices (the just-noticeable difference usually cited).
    public static let defaultDeltaEThreshold = 2.3
    public static let defaultSSIMMinimum = 0.95

    public var measure: Measure
    public var ignoresAntialiasing: Bool
    public var maxDiffPixels: Int?
    public var maxDiffPixelRatio: Double?
    /// Rectangles left out of the comparison (a control's cell, a clock).
    public var masks: [PixelRect]
    /// What translucent pixels are composited over before they are measured.
    public var background: RGB8

    public init(measure: Measure = .deltaE(threshold: defaultDeltaEThreshold), ignoresAntialiasing: Bool = true,
                maxDiffPixels: Int? = 0, maxDiffPixelRatio: Double? = nil, masks: [PixelRect] = [],
                background: RGB8 = .white) {
        self.measure = measure
        self.ignoresAntialiasing = ignoresAntialiasing
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffPixelRatio = maxDiffPixelRatio
        self.masks = masks
        self.background = background
    }

    /// ΔE00 over 2.3 differs, antialiasing ignored, no pixel may differ, no masks, over white.
    public static let standard = FrameCriterion()

    /// Whether `differing` pixels of `total` are within the limits.
    public func allows(differing: Int, of total: Int) -> Bool {
        if maxDiffPixels == nil && maxDiffPixelRatio == nil { return differing == 0 }
        if let limit = maxDiffPixels, differing > limit { return false }
        if let ratio = maxDiffPixelRatio, Double(differing) / Double(max(total, 1)) > ratio { return false }
        return true
    }

    public var description: String {
        var limits: [String] = []
        if let maxDiffPixels { limits.append("at most \(maxDiffPixels) pixel\(maxDiffPixels == 1 ? "" : "s")") }
        if let maxDiffPixelRatio { limits.append("at most \(percent(maxDiffPixelRatio)) of pixels") }
        var text = "a pixel with \(measure) differs; \(limits.isEmpty ? "no pixel" : limits.joined(separator: " and ")) may differ"
        text += ignoresAntialiasing ? "; antialiasing ignored" : "; antialiasing counts"
        if !masks.isEmpty { text += "; masks \(masks.map(\.description).joined(separator: ", "))" }
        if background != .white { text += "; over \(background)" }
        return text
    }

    private enum CodingKeys: String, CodingKey {
        case measure, ignoresAntialiasing, maxDiffPixels, maxDiffPixelRatio, masks, background
    }

    /// Every key optional: what a scenario file leaves out keeps its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FrameCriterion()
        measure = try c.decodeIfPresent(Measure.self, forKey: .measure) ?? defaults.measure
        ignoresAntialiasing = try c.decodeIfPresent(Bool.self, forKey: .ignoresAntialiasing) ?? defaults.ignoresAntialiasing
        maxDiffPixels = c.contains(.maxDiffPixels) ? try c.decodeIfPresent(Int.self, forKey: .maxDiffPixels) : defaults.maxDiffPixels
        maxDiffPixelRatio = try c.decodeIfPresent(Double.self, forKey: .maxDiffPixelRatio) ?? defaults.maxDiffPixelRatio
        masks = try c.decodeIfPresent([PixelRect].self, forKey: .masks) ?? defaults.masks
        background = try c.decodeIfPresent(RGB8.self, forKey: .background) ?? defaults.background
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(measure, forKey: .measure)
        try c.encode(ignoresAntialiasing, forKey: .ignoresAntialiasing)
        try c.encode(maxDiffPixels, forKey: .maxDiffPixels)
        try c.encode(maxDiffPixelRatio, forKey: .maxDiffPixelRatio)
        try c.encode(masks, forKey: .masks)
        try c.encode(background, forKey: .background)
    }
}
