// swift-tools-version:6.0
import PackageDescription

// The fifth control, written as a plugin outside Layercast: a library with the control, an executable
// that serves it beside Layercast's own four, and its tests (README.md).
let package = Package(
    name: "HamburgerButtonExample",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "HamburgerButton", targets: ["HamburgerButton"]),
        .library(name: "Gallery", targets: ["Gallery"]),
        .executable(name: "hamburger-button", targets: ["hamburger-button"]),
    ],
    dependencies: [
        // The Layercast checkout this example lives in.
        .package(name: "Layercast", path: "../.."),
    ],
    targets: [
        // The control, on the SDK's public API only.
        .target(name: "HamburgerButton", dependencies: [.product(name: "LayercastKit", package: "Layercast")]),
        // Controls written as iOS code writes them (docs/write-a-control.md §Write it as iOS code).
        .target(name: "Gallery", dependencies: [
            .product(name: "LayercastKit", package: "Layercast"),
            .product(name: "LayercastQuartz", package: "Layercast"),
        ]),
        // `swift run`: Layercast's four controls, the hamburger button and the gallery, with the whole command line.
        .executableTarget(name: "hamburger-button", dependencies: [
            "HamburgerButton",
            "Gallery",
            .product(name: "LayercastKit", package: "Layercast"),
            .product(name: "SeedControls", package: "Layercast"),
        ]),
        .testTarget(name: "HamburgerButtonTests", dependencies: [
            "HamburgerButton",
            "Gallery",
            .product(name: "LayercastTesting", package: "Layercast"),
            .product(name: "SeedControls", package: "Layercast"),
        ], exclude: ["Golden", "Gallery/Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
