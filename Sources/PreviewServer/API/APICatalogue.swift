/// The API as declared: every operation with its handler, in the order the document and the
/// README list them. The router, /openapi.json, the README tables and the boundary tests all read
/// this one list.
extension APIContext {
    static let endpoints: [Endpoint<APIContext>] = []

    static var operations: [APIOperation] { endpoints.map(\.operation) }

    static let info = OpenAPIGenerator.Info(
        title: "Layercast", version: "0.1.0",
        description: "Four iOS animated controls rendered on one animation clock: frames, clips and an MJPEG "
            + "stream to watch them, commands to drive them, and their state to check them.")
}
