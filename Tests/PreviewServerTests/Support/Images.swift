import Animation
import CTurboJPEG
import Foundation
import Rendering

struct ImageDecodingError: Error, CustomStringConvertible {
    let description: String
}

/// A decoded frame as straight 8-bit RGBA, rows packed, whatever codec it came in.
struct RGBAImage {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]), Int(bytes[i + 3]))
    }

    /// PNG through the server's own decoder (libspng), un-premultiplied.
    static func png(_ data: [UInt8]) throws -> RGBAImage {
        let bitmap = try PNGDecoder.decode(data, maxWidth: 8192, maxHeight: 8192)
        var bytes = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        for (i, word) in bitmap.pixels.enumerated() {
            let a = word >> 24
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
            bytes[i * 4] = straight((word >> 16) & 0xFF)
            bytes[i * 4 + 1] = straight((word >> 8) & 0xFF)
            bytes[i * 4 + 2] = straight(word & 0xFF)
            bytes[i * 4 + 3] = UInt8(a)
        }
        return RGBAImage(width: bitmap.width, height: bitmap.height, bytes: bytes)
    }

    /// JPEG through TurboJPEG, as RGBA with alpha 255.
    static func jpeg(_ data: [UInt8]) throws -> RGBAImage {
        guard let handle = tjInitDecompress() else { throw ImageDecodingError(description: "tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else {
            throw ImageDecodingError(description: "not a JPEG: \(String(cString: tjGetErrorStr2(handle)))")
        }
        var bytes = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = data.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
                              Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        guard status == 0 else {
            throw ImageDecodingError(description: "JPEG decode failed: \(String(cString: tjGetErrorStr2(handle)))")
        }
        return RGBAImage(width: Int(width), height: Int(height), bytes: bytes)
    }
}

/// Colour classes for reading which parts of a frame a control covers.
enum Colors {
    /// The spinner's #CE413D, allowing for JPEG's chroma loss.
    static func isSpinnerRed(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool {
        p.r > 150 && p.g < 130 && p.b < 130
    }

    static func isWhite(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool {
        p.r > 225 && p.g > 225 && p.b > 225
    }
}

/// Where the spinner's ring is in a frame of `control=spinner`: the 64 pt design square fitted into
/// the frame (aspect fit, centred), the ring of radius 22 and line width 4 round the centre.
struct SpinnerGeometry {
    let centerX: Double
    let centerY: Double
    let radius: Double
    let lineWidth: Double

    init(width: Int, height: Int) {
        let scale = Double(min(width, height)) / 64
        centerX = Double(width) / 2
        centerY = Double(height) / 2
        radius = 22 * scale
        lineWidth = 4 * scale
    }

    /// The pixel on the ring's centre line at path fraction `f` with the layer turned by `rotation`:
    /// θ = −π/2 + 2πf + rotation, clockwise on screen (y down).
    func point(fraction f: Double, rotation: Double) -> (x: Int, y: Int) {
        let theta = -Double.pi / 2 + 2 * .pi * f + rotation
        return (Int((centerX + radius * cos(theta)).rounded(.down)), Int((centerY + radius * sin(theta)).rounded(.down)))
    }

    /// Checks `samples` points round the ring: inside [start, end] (by more than `margin`) must be red,
    /// outside must be white. Returns a description of each mismatch.
    func mismatches(in image: RGBAImage, start: Double, end: Double, rotation: Double,
                    margin: Double, samples: Int = 120) -> [String] {
        var problems: [String] = []
        for k in 0..<samples {
            let f = (Double(k) + 0.5) / Double(samples)
            let inside = f > start + margin && f < end - margin
            let outside = f < start - margin || f > end + margin
            guard inside || outside else { continue }
            let (x, y) = point(fraction: f, rotation: rotation)
            let p = image.pixel(x, y)
            if inside && !Colors.isSpinnerRed(p) { problems.append("f=\(f) at (\(x),\(y)) should be red, is \(p)") }
            if outside && !Colors.isWhite(p) { problems.append("f=\(f) at (\(x),\(y)) should be white, is \(p)") }
        }
        return problems
    }
}

/// Whole-frame comparison against reviewed references in `Golden/`.
///
/// Tolerance: every channel within 8 on at least 99.5 % of pixels. That absorbs antialiasing and
/// rasteriser differences between library versions, but not a moved, resized or recoloured shape.
/// After an intended visual change: `LAYERCAST_REGENERATE_GOLDEN=1 swift test --filter PreviewServerTests.GoldenFrameTests`,
/// then look at every rewritten file before committing it.
enum Golden {
    static let maxChannelDiff = 8
    static let minMatchingFraction = 0.995

    static var regenerating: Bool {
        ProcessInfo.processInfo.environment["LAYERCAST_REGENERATE_GOLDEN"] == "1"
    }

    /// The reference in the source tree (written when regenerating).
    static func sourceURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent("\(name).png")
    }

    static func reference(_ name: String) -> [UInt8]? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden") else { return nil }
        return try? Array(Data(contentsOf: url))
    }

    struct Comparison {
        var sizeMatches: Bool
        var matchingFraction: Double
        var worstDiff: Int
        var passes: Bool { sizeMatches && matchingFraction >= Golden.minMatchingFraction }
    }

    static func compare(_ image: RGBAImage, _ reference: RGBAImage) -> Comparison {
        guard image.width == reference.width, image.height == reference.height else {
            return Comparison(sizeMatches: false, matchingFraction: 0, worstDiff: 255)
        }
        var matching = 0, worst = 0
        for i in 0..<(image.width * image.height) {
            var diff = 0
            for c in 0..<4 {
                diff = max(diff, abs(Int(image.bytes[i * 4 + c]) - Int(reference.bytes[i * 4 + c])))
            }
            worst = max(worst, diff)
            if diff <= maxChannelDiff { matching += 1 }
        }
        return Comparison(sizeMatches: true, matchingFraction: Double(matching) / Double(image.width * image.height),
                          worstDiff: worst)
    }
}

/// A small opaque PNG for uploads: four coloured quadrants.
func makeTestPNG(width: Int, height: Int) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let colours: [UInt32] = [0xFFFF_3B30, 0xFF34_C759, 0xFF00_7AFF, 0xFFFF_CC00]
    for y in 0..<height {
        for x in 0..<width {
            let word = colours[(y * 2 / height) * 2 + x * 2 / width]
            withUnsafeBytes(of: word) { raw in
                for c in 0..<4 { pixels[(y * width + x) * 4 + c] = raw[c] }
            }
        }
    }
    return try PNGEncoder.encode(RenderedImage(width: width, height: height, stride: width * 4, pixels: pixels))
}
