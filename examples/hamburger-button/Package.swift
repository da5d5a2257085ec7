// swift-tools-version:6.0
import PackageDescription

// The fifth control, written as a plugin outside Layercast: a library with the control, an executable
// that serves it beside Layercast's own four, and its tests (README.md).
let package = Package(
    name: "HamburgerButtonExample",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "HamburgerButton", targets: ["HamburgerButton"]),
        .executable(name: "hamburger-button", targets: ["hamburger-button"]),
    ],
    dependencies: [
        // The Layercast checkout this example lives in.
        .package(name: "Layercast", path: "../.."),
    ],
    targets: [
        // The control, on the SDK's public API only.
        .target(name: "HamburgerButton", dependencies: [.product(name: "LayercastKit", package: "Layercast")]),
        // `swift run`: Layercast's four controls and the hamburger button, with the whole command line.
        .executableTarget(name: "hamburger-button", dependencies: [
            "HamburgerButton",
            .product(name: "LayercastKit", package: "Layercast"),
            .product(name: "SeedControls", package: "Layercast"),
        ]),
        .testTarget(name: "HamburgerButtonTests", dependencies: [
            "HamburgerButton",
            .product(name: "LayercastTesting", package: "Layercast"),
            .product(name: "SeedControls", package: "Layercast"),
        ], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
