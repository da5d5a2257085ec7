// swift-tools-version:6.0
import PackageDescription

// Dependencies point up the module layers in docs/design/README.md §Module layers: Animation knows nothing
// else, LayercastQuartz is Apple's names over it, Controls uses Animation, LayercastQuartz and JSON,
// Rendering and HTTPServer know no control, APIModel declares the API with no scene, Scenes (the core)
// knows no transport, PreviewServer is the HTTP edge and wires them.
let package = Package(
    name: "Layercast",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "layercast", targets: ["layercast"]),
        // The SDK a user's package depends on to serve its own controls (docs/write-a-control.md).
        .library(name: "LayercastKit", targets: ["LayercastKit"]),
        // Core Animation, Core Graphics and UIKit's names for a port: `import LayercastQuartz`.
        .library(name: "LayercastQuartz", targets: ["LayercastQuartz"]),
        // Layercast's own four controls, to serve beside a user's.
        .library(name: "SeedControls", targets: ["SeedControls"]),
        // The helpers Layercast's own tests use, for a user's tests of their controls.
        .library(name: "LayercastTesting", targets: ["LayercastTesting"]),
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
        // Text layout (wrapping, alignment, truncation) for CATextLayer, drawn through Cairo.
        .systemLibrary(name: "CPango", pkgConfig: "cairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // The replicas' command log on Redis Streams (docs/design/replication.md).
        .systemLibrary(name: "CHiredis", providers: [.apt(["libhiredis-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CAVCodec", pkgConfig: "libavformat",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]),
        // The live video's RGB to YUV conversion, SIMD (Sources/Rendering/Video/FrameConverter.swift); no pkg-config file.
        .systemLibrary(name: "CYUV", providers: [.apt(["libyuv-dev"])]),
        // The embedded store's database engine (Sources/SQLite).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        .target(name: "Animation"),
        // Core Animation, Core Graphics and UIKit as iOS code names them, over the engine's values:
        // a port replaces its Apple imports with `import LayercastQuartz` (docs/design/quartz.md).
        .target(name: "LayercastQuartz", dependencies: ["Animation"]),
        // JSON values as replies write them and documents as requests send them (every member in order).
        .target(name: "JSON"),
        // The embedded store on SQLite: safe opening, migrations, transactions, prepared statements.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // The control SDK: the `Control` protocol, props, commands as values, the scene of registered controls.
        .target(name: "Controls", dependencies: ["Animation", "JSON", "LayercastQuartz"]),
        // Layercast's own four controls, on the SDK's public API only.
        // Each seed control's page card is a module in its folder, embedded in the binary (Controls' PageCard).
        .target(name: "SeedControls", dependencies: ["Animation", "Controls"], resources: [
            .embedInCode("RecordingMeter/meter.card.js"), .embedInCode("PlayButton/play-button.card.js"),
            .embedInCode("MusicPlayer/player.card.js"), .embedInCode("Spinner/spinner.card.js"),
        ]),
        .target(name: "Rendering", dependencies: ["Animation", "CCairo", "CPango", "CTurboJPEG", "CSpng", "CWebP", "CGif", "CImageQuant", "CAVCodec", "CYUV"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "JSON", .product(name: "Logging", package: "swift-log")]),
        // A blocking HTTP/1.1 client: `layercast probe`, the bench and the tests.
        .target(name: "HTTPClient"),
        // A real redis-server as a child process, for the replication tests and `layercast-bench replicas`.
        .target(name: "LocalRedis", dependencies: ["HTTPClient"]),
        // Checking frames: golden comparison with diff images, and the MJPEG parser.
        .target(name: "FrameCheck", dependencies: ["Animation", "Rendering"]),
        // The API's declarations: parameters and their strict decoding, the settings they default to,
        // the schema recorder and request pricing. No scene and no transport (docs/design/architecture.md).
        .target(name: "APIModel", dependencies: ["Controls", "JSON"]),
        // The scene core: scenes, commands, scenarios, snapshots, the timeline, props coding, frames,
        // the headless renderer, replication and saved work. No transport (docs/design/architecture.md).
        .target(name: "Scenes", dependencies: [
            "APIModel", "Animation", "Controls", "Rendering", "JSON", "CHiredis", "SQLite",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "PreviewServer", dependencies: [
            "APIModel", "Animation", "Controls", "Rendering", "Scenes", "HTTPServer", "JSON",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]),
        // The SDK's entry point: the command line (`serve`, `render`, `probe`, `api`) for a list of controls.
        .target(name: "LayercastKit", dependencies: [
            "PreviewServer", "Scenes", "APIModel", "HTTPServer", "HTTPClient", "Rendering", "Controls", "Animation", "FrameCheck",
            "JSON", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "layercast", dependencies: ["LayercastKit", "SeedControls"]),
        // The parsers of what a client sends, for libFuzzer (`make fuzz`), or replaying their corpus.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "layercast-fuzz", dependencies: [
            "CLibFuzzer", "Controls", "SeedControls", "HTTPServer", "JSON", "PreviewServer", "Rendering", "Scenes", "APIModel",
        ]),
        .executableTarget(name: "layercast-bench", dependencies: [
            "Animation", "Controls", "SeedControls", "Rendering", "Scenes", "APIModel", "HTTPClient", "FrameCheck", "LocalRedis",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // What the tests share (in the spirit of HummingbirdTesting): servers in process or live,
        // the HTTP and stream clients, `eventually`, golden assertions, the controls' closed forms.
        .target(name: "LayercastTesting", dependencies: [
            "Animation", "Controls", "SeedControls", "Rendering", "Scenes", "APIModel", "HTTPServer", "PreviewServer", "HTTPClient",
            "FrameCheck", "LocalRedis", "JSON", "CTurboJPEG", "CGif", "CWebP", "LayercastQuartz", .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/LayercastTesting"),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "LayercastTesting"]),
        .testTarget(name: "LayercastQuartzTests", dependencies: ["LayercastQuartz", "Animation", "Rendering", "FrameCheck"],
                    exclude: ["Chromium"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls", "SeedControls", "Animation", "LayercastQuartz", "Rendering", "LayercastTesting"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Animation", "Controls", "SeedControls", "LayercastTesting"],
                    exclude: ["Golden"]),
        .testTarget(name: "FrameCheckTests", dependencies: ["FrameCheck", "Animation"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        // The scene core with no transport: commands, scenarios, recordings and replication
        // (LayercastTesting only for `eventually`, the one place a test may poll).
        .testTarget(name: "ScenesTests", dependencies: [
            "Scenes", "APIModel", "Controls", "SeedControls", "Animation", "LocalRedis", "SQLite", "Rendering", "LayercastTesting",
            "JSON", .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Fixtures"]),
        // The API's declarations with no scene and no transport: strict decoding, pricing, schemas.
        .testTarget(name: "APIModelTests", dependencies: ["APIModel", "Controls", "JSON"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPClient", "JSON", "LayercastTesting"]),
        // The command line (`render`, `test`, their reports), run as the `layercast` executable a user runs.
        .testTarget(name: "LayercastKitTests", dependencies: [
            "LayercastKit", "PreviewServer", "SeedControls", "Rendering", "Animation", "LayercastTesting",
        ]),
        .testTarget(name: "PreviewServerTests", dependencies: [
            "PreviewServer", "Scenes", "APIModel", "Controls", "SeedControls", "Rendering", "HTTPServer", "HTTPClient", "Animation",
            "FrameCheck", "LayercastTesting", "JSON", "LocalRedis",
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
