/// The documents the declarations generate, for the command line (`layercast api`).
public enum APIDocumentation {
    /// The OpenAPI 3.1 document, as `GET /openapi.json` serves it under this configuration.
    public static func openAPI(_ configuration: PreviewServerConfiguration = PreviewServerConfiguration()) -> String {
        OpenAPIGenerator(info: APICatalogue.info, operations: APICatalogue.operations, configuration: configuration)
            .document().text
    }

    /// The README's API tables, each between its `<!-- api:TAG -->` markers, and the budgets' table.
    public static func markdown() -> String {
        MarkdownTables.document(APICatalogue.operations) + BudgetTable.section
    }
}
