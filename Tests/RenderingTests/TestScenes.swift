import Animation
import Foundation
@testable import Rendering

/// Foundation has its own AffineTransform; the tests mean the engine's.
typealias AffineTransform = Animation.AffineTransform

/// Geometry and scene builders shared by the rendering tests.
enum Scenes {
    /// Cairo's / CGPath's 90° circle handle.
    static let kappa = 0.5522847498

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        Path([.move(Point(x, y)), .line(Point(x + w, y)), .line(Point(x + w, y + h)), .line(Point(x, y + h)), .close])
    }

    /// A rounded rectangle with circular corners, clockwise from the top edge.
    static func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius r: Double) -> Path {
        let k = kappa * r
        return Path([
            .move(Point(x + r, y)), .line(Point(x + w - r, y)),
            .cubic(Point(x + w - r + k, y), Point(x + w, y + r - k), Point(x + w, y + r)),
            .line(Point(x + w, y + h - r)),
            .cubic(Point(x + w, y + h - r + k), Point(x + w - r + k, y + h), Point(x + w - r, y + h)),
            .line(Point(x + r, y + h)),
            .cubic(Point(x + r - k, y + h), Point(x, y + h - r + k), Point(x, y + h - r)),
            .line(Point(x, y + r)),
            .cubic(Point(x, y + r - k), Point(x + r - k, y), Point(x + r, y)),
            .close,
        ])
    }

    static func point(_ c: Point, _ r: Double, _ angle: Double) -> Point {
        Point(c.x + r * cos(angle), c.y + r * sin(angle))
    }

    static func fill(_ path: Path, _ color: Color = .black, opacity: Double = 1,
                     transform: AffineTransform = .identity, rule: FillRule = .nonZero) -> LayerSnapshot {
        LayerSnapshot(transform: transform, opacity: opacity,
                      content: .shape(ShapeContent(path: path, fillColor: color, fillRule: rule)))
    }

    static func stroke(_ path: Path, _ color: Color, width: Double, cap: LineCap = .butt,
                       start: Double = 0, end: Double = 1) -> LayerSnapshot {
        LayerSnapshot(content: .shape(ShapeContent(path: path, fillColor: nil, strokeColor: color, lineWidth: width,
                                                   lineCap: cap, strokeStart: start, strokeEnd: end)))
    }

    static func group(_ sublayers: [LayerSnapshot], opacity: Double = 1, mask: Path? = nil) -> LayerSnapshot {
        LayerSnapshot(opacity: opacity, mask: mask, sublayers: sublayers)
    }

    /// A width × height bitmap whose left half is red and right half blue, opaque.
    static func redBlueBitmap(width: Int = 16, height: Int = 16, id: UInt64 = 9_000_001) -> Bitmap {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = x < width / 2 ? 0xFFFF_0000 : 0xFF00_00FF
            }
        }
        return Bitmap(id: id, width: width, height: height, pixels: pixels)
    }
}

extension RenderedImage {
    /// RGB of a pixel, for compact assertions on opaque images.
    func rgb(_ x: Int, _ y: Int) -> [Int] {
        let p = pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    func isWhite(_ x: Int, _ y: Int) -> Bool { rgb(x, y) == [255, 255, 255] }
}

/// Rounded pixel coordinate of a point.
func px(_ p: Point) -> (Int, Int) { (Int(p.x.rounded(.down)), Int(p.y.rounded(.down))) }
