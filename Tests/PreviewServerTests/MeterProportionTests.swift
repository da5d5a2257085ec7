import LayercastTesting
import Testing
import SeedControls

/// The meter drawn at the original's proportions (docs/design/recording-meter.md §Geometry): the
/// 320 pt design scaled uniformly, so the ring's radius is 140/320 and its line 7/320 of the
/// frame's shorter side, centred. Measured on rendered pixels, not on the layer tree.
@Suite struct MeterProportionTests {

    /// The grey track's coverage along one ray from the centre: its sum is the line's width in
    /// pixels, and its coverage-weighted mean distance the ring's radius.
    struct RingProfile {
        var width: Double
        var radius: Double
    }

    /// Coverage of the light-grey (170) track over white: 0 on white, 1 on the track.
    static func coverage(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Double {
        Double(255 - p.g) / Double(255 - 170)
    }

    enum Ray: CaseIterable { case right, left, down, up }

    /// Along the centre row or column of a frame with even sides, whose centre (cx, cy) is a pixel
    /// corner: step k takes the two pixels either side of the centre line whose centres lie k + ½
    /// from the centre.
    static func profile(_ image: RGBAImage, along ray: Ray) -> RingProfile {
        let (cx, cy) = (image.width / 2, image.height / 2)
        var sum = 0.0, moment = 0.0
        for k in 0..<min(cx, cy) {
            let pair: [(Int, Int)] = switch ray {
            case .right: [(cx + k, cy - 1), (cx + k, cy)]
            case .left: [(cx - 1 - k, cy - 1), (cx - 1 - k, cy)]
            case .down: [(cx - 1, cy + k), (cx, cy + k)]
            case .up: [(cx - 1, cy - 1 - k), (cx, cy - 1 - k)]
            }
            let c = pair.map { coverage(image.pixel($0.0, $0.1)) }.reduce(0, +) / 2
            sum += c
            moment += c * (Double(k) + 0.5)
        }
        return RingProfile(width: sum, radius: sum > 0 ? moment / sum : 0)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var width: Int
        var height: Int
        var testDescription: String { "\(width)×\(height)" }
    }

    @Test(arguments: [Case(width: 480, height: 480), Case(width: 320, height: 320), Case(width: 640, height: 320)])
    func theRingHasTheOriginalsProportions(_ c: Case) throws {
        try withTestServer(.router) { s in
            s.at(0)
            // An empty meter: the whole ring is the grey track.
            let image = try RGBAImage.png(s.get("/frame.png?control=meter&width=\(c.width)&height=\(c.height)&label=off").body)
            let side = Double(min(c.width, c.height))
            for ray in Ray.allCases {
                let ring = Self.profile(image, along: ray)
                // At 480: radius 210 and line 10.5 px (the former 480 pt design gave 220 and 7).
                #expect(abs(ring.radius - side * 140 / 320) < 0.1, "radius, \(ray): \(ring.radius)")
                #expect(abs(ring.width - side * 7 / 320) < 0.15, "line width, \(ray): \(ring.width)")
            }
        }
    }
}
