import HTTPServer

/// `GET /openapi.json`: the document as written, the same bytes for every request.
extension APIContext {
    static let openAPIBytes = Array(OpenAPIDocument.json.utf8)

    func openAPI() -> HTTPResponse {
        .json(raw: Self.openAPIBytes, headers: [("Cache-Control", "no-cache")])
    }
}
