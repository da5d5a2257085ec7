import ArgumentParser
import PreviewServer
import Scenes

/// `layercast api --markdown | --openapi`: the documents the API's declarations generate, so
/// `scripts/api-docs.sh` can write the README's tables and check them without a running server.
struct APICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api", abstract: "Print the API's generated README tables or OpenAPI document.")

    enum Document: String, EnumerableFlag {
        case markdown, openapi
    }

    @Flag(exclusivity: .exclusive, help: "Which document to print.")
    var document: Document = .markdown

    func run() {
        switch document {
        case .markdown: print(APIDocumentation.markdown(ServedControls.list), terminator: "")
        case .openapi: print(APIDocumentation.openAPI(PreviewServerConfiguration(controls: ServedControls.list)))
        }
    }
}
