import Controls
import LayercastTesting
import Testing
import SeedControls

/// The spinner's engine animations against its closed form (docs/design/spinner.md §Closed form),
/// which solves the timing curve without the engine.
@Suite struct SpinnerTests {

    @Test func matchesTheClosedFormAt100Times() {
        let spinner = Spinner(startingAt: 0)
        for i in 0..<100 {
            let t = Double(i) * 20.0 / 99.0
            expectSpinner(spinner.state(at: t).presentation, at: t)
        }
    }

    @Test func sampleValuesFromTheSpec() {
        let spinner = Spinner(startingAt: 0)
        let p = spinner.state(at: 1.25).presentation, q = spinner.state(at: 1.0).presentation
        #expect(abs((p.strokeEnd - p.strokeStart) - 0.414) < 1e-3)
        #expect(abs(q.strokeStart - 0.129) < 1e-3 && abs(q.strokeEnd - 0.5) < 1e-9)
    }
}
