import Gallery
import HamburgerButton
import LayercastKit
import SeedControls

/// The controls these tests serve: Layercast's four, the hamburger button, the gallery and the
/// throwaway `Blinker`, as one list that each test hands the server, renderer or scene it makes.
enum ExampleControls {
    static let all: [any Control.Type] = SeedControls.all + [HamburgerButton.self] + Gallery.all + [Blinker.self]

    /// `all`, checked. The list is valid (the plugin tests check it), so a failure here is a
    /// mistake in this file.
    static let list: ControlList = {
        do {
            return try ControlList(all)
        } catch {
            preconditionFailure("the example's controls: \(error)")
        }
    }()
}
