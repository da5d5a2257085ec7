import HamburgerButton
import LayercastKit
import SeedControls

/// The controls this test process serves: Layercast's four, the hamburger button, and the throwaway
/// `Blinker`. A process registers one list (`ControlSystem.bootstrap` refuses another), and a
/// `TestServer` made before any registration would register the seeds alone, so every suite calls
/// `bootstrap()` in its `init()`, and every parameterized test's arguments go through `arguments(_:)`,
/// which Swift Testing evaluates before any suite is made.
enum ExampleControls {
    static let all: [any Control.Type] = SeedControls.all + [HamburgerButton.self, Blinker.self]

    /// Registers `all`; again is a no-op.
    static func bootstrap() throws {
        try ControlSystem.bootstrap(all)
    }

    /// `values`, after registering `all`: for `@Test(arguments:)`. The list is valid (the plugin
    /// tests check it), so a failure here is a mistake in this file.
    static func arguments<C: Collection & Sendable>(_ values: C) -> C {
        do {
            try bootstrap()
        } catch {
            preconditionFailure("the example's controls: \(error)")
        }
        return values
    }
}
