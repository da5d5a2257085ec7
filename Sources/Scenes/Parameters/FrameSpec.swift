import APIModel
import Animation
import Controls
import Rendering

/// Everything that decides a frame's pixels apart from the scene and the time: what it shows, at
/// which size, on what background, with which overlays. Streams share a producer per spec.
package struct FrameSpec: Hashable, Sendable {
    package var subject: FrameSubject
    /// Design-independent size in points; pixels are points × scale.
    package var width: Int
    package var height: Int
    package var scale: Double
    package var quality: Int
    package var background: BackgroundChoice
    package var showsLabel: Bool
    package var debug: DebugOverlay

    package var pixelWidth: Int { Int((Double(width) * scale).rounded()) }
    package var pixelHeight: Int { Int((Double(height) * scale).rounded()) }
    package var pixels: Int { pixelWidth * pixelHeight }

    /// What the controls build their trees for: the label as asked, text to suit the background.
    package var options: FrameOptions {
        FrameOptions(showsLabel: showsLabel, backdrop: background.backdrop)
    }
}

/// A background by name or hex colour.
package enum BackgroundChoice: Hashable, Sendable {
    case color(Color)
    case transparent
    case checkerboard

    package static let names = ["white", "light", "dark", "black", "transparent", "checkerboard"]

    package init?(_ text: String) {
        switch text.lowercased() {
        case "white": self = .color(.white)
        // Storybook's backgrounds: light #F8F8F8, dark #333.
        case "light": self = .color(Color(r: 0xF8, g: 0xF8, b: 0xF8))
        case "dark": self = .color(Color(r: 0x33, g: 0x33, b: 0x33))
        case "black": self = .color(.black)
        case "transparent": self = .transparent
        case "checkerboard": self = .checkerboard
        default:
            guard let c = Color(hex: text) else { return nil }
            self = .color(c)
        }
    }

    /// A colour's own lightness; the transparent and checkerboard backgrounds count as light.
    package var backdrop: Backdrop {
        guard case .color(let c) = self else { return .light }
        return Backdrop(behind: c)
    }

    package func background(scale: Double) -> Background {
        switch self {
        case .color(let c): .color(c)
        case .transparent: .transparent
        case .checkerboard: .checkerboard(light: .white, dark: Color(r: 0xE6, g: 0xE6, b: 0xE6), cell: 8 * scale)
        }
    }
}

extension FrameSpec {
    package static let sizeRange = 16...4096
    /// Keeps one frame's pixel buffer bounded whatever the size × scale asked for.
    package static let maxPixels = 4096 * 4096

    /// The frame parameters every frame, clip and stream takes. `sizeWhenAbsent` replaces the
    /// server's `--size` when `size` is not given (variants cells are smaller).
    package init(_ input: Input, sizeWhenAbsent: Int? = nil) throws(Refusal) {
        typealias P = FrameParameters
        subject = try input[P.control]
        let size: Int
        if let sizeWhenAbsent, !input.has(P.size) { size = sizeWhenAbsent } else { size = try input[P.size] }
        width = try input[P.width] ?? size
        height = try input[P.height] ?? size
        scale = try input[P.scale]
        quality = try input[P.quality]
        background = try input[P.background]
        showsLabel = try input[P.label] == .on
        debug = []
        for word in try input[P.debug] ?? [] {
            switch word {
            case .points: debug.insert(.points)
            case .bounds: debug.insert(.bounds)
            case .none: break
            }
        }
        if pixelWidth * pixelHeight > Self.maxPixels {
            throw Refusal(.invalid, "the frame is too large: \(pixelWidth)×\(pixelHeight) pixels",
                           parameter: "size", allowed: "width × height × scale² up to \(Self.maxPixels) pixels (4096×4096)")
        }
    }
}
