import Foundation
import Testing
import Animation
import FrameCheck
import Rendering
@testable import LayercastQuartz

/// Layercast's drawing of each formula Core Animation shares with the web, against Chromium's
/// drawing of the same formula (`Chromium/*.png`, made by scripts/chromium-references.py, which
/// holds each case's CSS or SVG). An independent oracle for the formula, not proof of Core
/// Animation's behaviour: the facts sheet's mapping is the claim (docs/design/quartz.md §Chromium
/// as an oracle).
///
/// Each case is its feature's own box, so the background does not dilute it. It passes when the
/// mean SSIM of the box's luma is at least 0.98, and at most 1 % of its pixels differ by more than
/// ΔE00 2.3 (the just-noticeable difference) apart from antialiasing, where two rasterisers place
/// an edge's coverage differently.
@Suite struct ChromiumOracleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Chromium")
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let tile = CGColor(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0xcc / 255.0, alpha: 1)

    /// Each case's layers, built as the reference's CSS says, in a root of the reference's size.
    static let cases: [String: @Sendable (CALayer) -> Void] = [
        "axial": { root in
            let g = CAGradientLayer()
            g.frame = root.bounds
            g.colors = [red, blue]
            root.addSublayer(g)
        },
        // `to bottom right` on a square runs corner to corner.
        "axial-locations": { root in
            let g = CAGradientLayer()
            g.frame = root.bounds
            g.colors = [red, green, blue]
            g.locations = [0, 0.3, 1]
            g.startPoint = CGPoint(x: 0, y: 0)
            g.endPoint = CGPoint(x: 1, y: 1)
            root.addSublayer(g)
        },
        // An ellipse of half-axes 50 and 30 about the centre.
        "radial": { root in
            let g = CAGradientLayer()
            g.frame = root.bounds
            g.type = .radial
            g.colors = [CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 1)]
            g.startPoint = CGPoint(x: 0.5, y: 0.5)
            g.endPoint = CGPoint(x: 1, y: 1)
            root.addSublayer(g)
        },
        // CSS's `from 90deg` is Core Animation's start→end along +x.
        "conic": { root in
            let g = CAGradientLayer()
            g.frame = root.bounds
            g.type = .conic
            g.colors = [red, blue]
            g.startPoint = CGPoint(x: 0.5, y: 0.5)
            g.endPoint = CGPoint(x: 1, y: 0.5)
            root.addSublayer(g)
        },
        "corner-radius": { root in
            let box = CALayer()
            box.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
            box.cornerRadius = 12
            box.backgroundColor = tile
            root.addSublayer(box)
        },
        "border": { root in
            let box = CALayer()
            box.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
            box.cornerRadius = 10
            box.borderWidth = 3
            box.borderColor = CGColor(red: 0xcc / 255.0, green: 0x33 / 255.0, blue: 0x33 / 255.0, alpha: 1)
            box.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            root.addSublayer(box)
        },
        // box-shadow's blur B is 2 · shadowRadius (σ = B / 2).
        "shadow": { root in
            let box = CALayer()
            box.frame = CGRect(x: 30, y: 30, width: 60, height: 40)
            box.backgroundColor = tile
            box.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            box.shadowOpacity = 0.5
            box.shadowOffset = CGSize(width: 0, height: 4)
            box.shadowRadius = 6
            root.addSublayer(box)
        },
        // CSS `perspective(300px) rotateY(40deg)` is Core Animation's rotation, then m34 = −1/300.
        "perspective": { root in
            let box = CALayer()
            box.frame = CGRect(x: 30, y: 20, width: 60, height: 60)
            box.backgroundColor = tile
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 300
            box.transform = CATransform3DConcat(CATransform3DMakeRotation(40 * .pi / 180, 0, 1, 0), perspective)
            root.addSublayer(box)
        },
        "dashes": { root in
            let line = CAShapeLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 20))
            path.addLine(to: CGPoint(x: 110, y: 20))
            line.path = path
            line.fillColor = nil
            line.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            line.lineWidth = 2
            line.lineDashPattern = [6, 3]
            line.lineDashPhase = 1
            line.frame = root.bounds
            root.addSublayer(line)
        },
    ]

    /// Every reference has its case here, and every case its reference.
    @Test func everyReferenceHasItsCase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".png") }
        #expect(Set(files.map { String($0.dropLast(4)) }) == Set(Self.cases.keys))
    }

    @Test(arguments: ["axial", "axial-locations", "radial", "conic", "corner-radius", "border", "shadow", "perspective", "dashes"])
    func layercastDrawsTheFormulaAsChromiumDoes(name: String) throws {
        let (ssim, deltaE) = try Self.compare(name, try #require(Self.cases[name]))
        #expect((ssim.meanSSIM ?? 0) >= 0.98, "\(name): \(ssim)")
        #expect(deltaE.passes, "\(name): \(deltaE)")
    }

    /// The criterion tells the mappings apart: a shadow blurred with σ = B (not B / 2) and the
    /// perspective with m34 = +1/d (the other handedness) fail it.
    @Test func theCriterionRefusesTheOtherMappings() throws {
        let (_, wideShadow) = try Self.compare("shadow") { root in
            Self.cases["shadow"]?(root)
            root.sublayers?.first?.shadowRadius = 12
        }
        #expect(!wideShadow.passes, "\(wideShadow)")
        let (otherHand, _) = try Self.compare("perspective") { root in
            Self.cases["perspective"]?(root)
            var perspective = CATransform3DIdentity
            perspective.m34 = 1 / 300
            root.sublayers?.first?.transform = CATransform3DConcat(CATransform3DMakeRotation(40 * .pi / 180, 0, 1, 0), perspective)
        }
        #expect((otherHand.meanSSIM ?? 1) < 0.98, "\(otherHand)")
    }

    /// Layercast's drawing of `build` on white, against the reference `name`: by SSIM, and by ΔE00.
    static func compare(_ name: String, _ build: (CALayer) -> Void) throws -> (ssim: PerceptualComparison, deltaE: PerceptualComparison) {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(name).png"))
        let reference = try PNGDecoder.decode([UInt8](data))
        var graph = LayerGraph()
        _ = LayerSession.run(&graph, handles: LayerHandles()) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: reference.width, height: reference.height)
            build(root)
        }
        let image = Renderer().render(graph.snapshot() ?? LayerSnapshot(), width: reference.width, height: reference.height,
                                      background: .color(.white))
        let pixels = (0..<image.height).flatMap { y in (0..<image.width).map { x in image.word(x: x, y: y) } }
        let actual = Bitmap(id: 0, width: image.width, height: image.height, pixels: pixels)
        return (PerceptualComparison(actual: actual, reference: reference,
                                     criterion: FrameCriterion(measure: .ssim(minimum: 0.98), maxDiffPixels: nil)),
                PerceptualComparison(actual: actual, reference: reference,
                                     criterion: FrameCriterion(maxDiffPixels: nil, maxDiffPixelRatio: 0.01)))
    }
}
