import APIModel
import JSON
import Scenes

/// The JSON Schema of a reply type, recorded when the document is built.
struct SchemaSource: Sendable {
    let record: @Sendable (SchemaRegistry) -> JSONValue

    static func of<T: Decodable & Sendable>(_ type: T.Type) -> SchemaSource {
        SchemaSource { $0.schema(of: T.self) }
    }
}
