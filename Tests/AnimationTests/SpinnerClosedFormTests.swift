import Animation
import Foundation
import LayercastTesting
import Testing

/// The Material spinner built exactly as the post builds it (docs/design/spinner.md §Animations),
/// checked against its closed form (`SpinnerClosedForm`), which solves the timing curve without the
/// engine.
@Suite struct SpinnerClosedFormTests {
    static func spinnerLayer() throws -> ShapeLayer {
        var layer = ShapeLayer(name: "spinner")
        layer.path = .circle(center: .zero, radius: 20, startAngle: -.pi / 2)
        layer.fillColor = nil
        layer.strokeColor = Color(red: 0.8078, green: 0.2549, blue: 0.2392)
        layer.lineWidth = 4

        var end = BasicAnimation(.strokeEnd, from: .double(0), to: .double(1), duration: 2)
        end.timingFunction = .easeInEaseOut
        var endGroup = AnimationGroup([.basic(end)], duration: 2.5)
        endGroup.timing.repeatCount = .infinity

        var start = BasicAnimation(.strokeStart, from: .double(0), to: .double(1), duration: 2)
        start.timing.beginTime = 0.5
        start.timingFunction = .easeInEaseOut
        var startGroup = AnimationGroup([.basic(start)], duration: 2.5)
        startGroup.timing.repeatCount = .infinity

        var rotation = BasicAnimation(.rotation, from: .double(0), to: .double(2 * .pi), duration: 4)
        rotation.timing.repeatCount = .infinity

        try layer.add(endGroup, forKey: "strokeEnd", at: 0)
        try layer.add(startGroup, forKey: "strokeStart", at: 0)
        try layer.add(rotation, forKey: "rotation", at: 0)
        return layer
    }

    @Test func matchesTheClosedFormAt100Times() throws {
        let layer = try Self.spinnerLayer()
        for i in 0..<100 {
            let t = Double(i) * 20.0 / 99.0
            let expected = SpinnerClosedForm.values(at: t)
            let p = layer.presentation(at: t)
            #expect(abs(p.strokeEnd - expected.end) < SpinnerClosedForm.strokeTolerance, "end at \(t)")
            #expect(abs(p.strokeStart - expected.start) < SpinnerClosedForm.strokeTolerance, "start at \(t)")
            #expect(abs(p.rotation - expected.rotation) < 1e-6, "rotation at \(t)")
        }
    }

    @Test func sampleValuesFromTheSpec() throws {
        let layer = try Self.spinnerLayer()
        let p = layer.presentation(at: 1.25)
        #expect(abs((p.strokeEnd - p.strokeStart) - 0.414) < 1e-3)
        let q = layer.presentation(at: 1.0)
        #expect(abs(q.strokeStart - 0.129) < 1e-3 && abs(q.strokeEnd - 0.5) < 1e-9)
    }
}
