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
    /// Checks `controls` (refusing a mistaken list, naming the control and the field) and runs the
    /// command line on them; never returns.
    public static func run(controls: [any Control.Type]) -> Never {
        let list: ControlList
        do {
            list = try ControlList(controls)
        } catch {
            let line = "error: the controls cannot be served: \(error)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        run(controls: list)
    }

    /// Runs the command line on a checked list of controls; never returns.
    public static func run(controls: ControlList) -> Never {
        ServedControls.$list.withValue(controls) { Layercast.run() }
        exit(0)
    }

    /// The API's tables in Markdown for a server of `controls`, as `api --markdown` prints them: a
    /// user's tests can check their control's rows.
    public static func apiTables(_ controls: ControlList) -> String { APIDocumentation.markdown(controls) }

    /// The OpenAPI 3.1 document for a server of `controls`, as `GET /openapi.json` serves it.
    public static func openAPIDocument(_ controls: ControlList) -> String {
        APIDocumentation.openAPI(PreviewServerConfiguration(controls: controls))
    }
}
