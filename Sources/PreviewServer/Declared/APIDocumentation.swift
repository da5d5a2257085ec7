import Controls
import Scenes

/// The documents the declarations generate, for the command line (`layercast api`).
public enum APIDocumentation {
    /// The OpenAPI 3.1 document, as `GET /openapi.json` serves it under this configuration.
    public static func openAPI(_ configuration: PreviewServerConfiguration) -> String {
        OpenAPIGenerator(info: APICatalogue.info, operations: APICatalogue.operations(configuration.controls),
                         configuration: configuration).document().text
    }

    /// The README's API tables for a server of `controls`, each between its `<!-- api:TAG -->`
    /// markers, and the budgets' table.
    public static func markdown(_ controls: ControlList) -> String {
        MarkdownTables.document(APICatalogue.operations(controls), configuration: SceneConfiguration(controls)) + BudgetTable.section
    }
}
