import Foundation
import LayercastTesting
import Rendering

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

    /// `mismatches` of a frame of `control=spinner` at scene time `t` against the closed form.
    static func mismatches(in image: RGBAImage, at t: Double, margin: Double, samples: Int = 120) -> [String] {
        let v = SpinnerClosedForm.values(at: t)
        return SpinnerGeometry(width: image.width, height: image.height)
            .mismatches(in: image, start: v.start, end: v.end, rotation: v.rotation, margin: margin, samples: samples)
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
            // The spinner's #CE413D, allowing for JPEG's chroma loss; white around it.
            let red = p.r > 150 && p.g < 130 && p.b < 130, white = p.r > 225 && p.g > 225 && p.b > 225
            if inside && !red { problems.append("f=\(f) at (\(x),\(y)) should be red, is \(p)") }
            if outside && !white { problems.append("f=\(f) at (\(x),\(y)) should be white, is \(p)") }
        }
        return problems
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
