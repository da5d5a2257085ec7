// swift-tools-version:6.0
import PackageDescription

// Dependencies point up the architecture list in DEVELOPERS.md: Animation knows nothing else,
// Controls uses Animation only, Rendering and HTTPServer know no control, PreviewServer wires them.
let package = Package(
    name: "Layercast",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "layercast", targets: ["layercast"]),
        .executable(name: "layercast-bench", targets: ["layercast-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CAVCodec", pkgConfig: "libavformat",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]),

        .target(name: "Animation"),
        .target(name: "Controls", dependencies: ["Animation"]),
        .target(name: "Rendering", dependencies: ["Animation", "CCairo", "CTurboJPEG", "CSpng", "CWebP", "CGif", "CImageQuant", "CAVCodec"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", .product(name: "Logging", package: "swift-log")]),
        .target(name: "PreviewServer", dependencies: [
            "Animation", "Controls", "Rendering", "HTTPServer",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]),
        .executableTarget(name: "layercast", dependencies: [
            "PreviewServer", "HTTPServer", "Rendering", "Controls", "Animation",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "layercast-bench", dependencies: [
            "PreviewServer", "HTTPServer", "Rendering", "Controls", "Animation",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "AnimationTests", dependencies: ["Animation"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls", "Animation"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Animation"], resources: [.copy("Golden")]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "PreviewServerTests", dependencies: [
            "PreviewServer", "Controls", "Rendering", "HTTPServer", "Animation", "CTurboJPEG",
            .product(name: "Logging", package: "swift-log"),
        ], resources: [.copy("Golden")]),
    ],
    swiftLanguageModes: [.v6]
)
