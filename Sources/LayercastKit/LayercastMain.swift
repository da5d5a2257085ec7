#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
@_exported import Animation
@_exported import Controls
import PreviewServer

/// The entry point of an executable that serves controls: `serve` (the default, with `--port` and
/// every other option), `render`, `probe` and `api`, exactly as `layercast` has them, for the
/// controls given (docs/write-a-control.md).
///
/// ```swift
/// import LayercastKit
/// import SeedControls
///
/// LayercastMain.run(controls: SeedControls.all + [HamburgerButton.self])
/// ```
public enum LayercastMain {
    /// Registers `controls` (refusing a mistaken list, naming the control and the field) and runs
    /// the command line; never returns.
    public static func run(controls: [any Control.Type]) -> Never {
        do {
            try ControlSystem.bootstrap(controls)
        } catch {
            let line = "error: the controls cannot be served: \(error)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        Layercast.run()
        exit(0)
    }

    /// The API's tables in Markdown for the registered controls, as `api --markdown` prints them:
    /// a user's tests can check their control's rows.
    public static func apiTables() -> String { APIDocumentation.markdown() }

    /// The OpenAPI 3.1 document for the registered controls, as `GET /openapi.json` serves it.
    public static func openAPIDocument() -> String { APIDocumentation.openAPI() }
}
