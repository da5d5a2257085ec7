import Foundation
import HTTPServer
import JSON
import Testing
@testable import PreviewServer
import SeedControls

/// The generated document: deterministic, complete for what is declared, and valid OpenAPI 3.1.
@Suite struct OpenAPIGeneratorTests {

    func document(_ configuration: PreviewServerConfiguration = PreviewServerConfiguration.seeds) -> JSONValue {
        OpenAPIGenerator(info: SampleAPI.info, operations: SampleAPI.operations, configuration: configuration).document()
    }

    func object(_ configuration: PreviewServerConfiguration = PreviewServerConfiguration.seeds) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(document(configuration).serialized)) as? [String: Any])
    }

    func at(_ object: Any?, _ path: String) -> Any? {
        path.split(separator: "/").reduce(object) { node, key in
            if let array = node as? [Any], let i = Int(key) { return i < array.count ? array[i] : nil }
            return (node as? [String: Any])?[String(key)]
        }
    }

    func operation(_ doc: [String: Any], _ path: String, _ method: String) -> [String: Any]? {
        ((doc["paths"] as? [String: Any])?[path] as? [String: Any])?[method] as? [String: Any]
    }

    /// The schema of one media type under a `content` object.
    func schema(_ content: Any?, _ type: String) -> [String: Any]? {
        ((content as? [String: Any])?[type] as? [String: Any])?["schema"] as? [String: Any]
    }

    @Test func theSameBytesEveryTime() {
        #expect(document().serialized == document().serialized)
    }

    @Test func queryParametersCarryTheirConstraintsAndDefaults() throws {
        let doc = try object()
        let parameters = try #require(operation(doc, "/clip.webp", "get")?["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["size", "fps", "seconds", "debug", "background"])
        let size = try #require(parameters.first)
        #expect(size["in"] as? String == "query")
        #expect(at(size, "schema/minimum") as? Int == 16)
        #expect(at(size, "schema/maximum") as? Int == 4096)
        #expect(at(size, "schema/default") as? Int == 480)
        #expect(size["example"] as? Int == 64)
        #expect(size["description"] as? String == "Width and height. In points. Default: the server's --size.")
        #expect(at(parameters[2], "schema/default") as? Int == 3)
        #expect(at(parameters[3], "schema/pattern") as? String == "^(points|bounds|none)(,(points|bounds|none))*$")
        #expect(at(parameters[4], "schema/pattern") as? String == "^(#?[0-9A-Fa-f]{6}|[wW][hH][iI][tT][eE]|[dD][aA][rR][kK])$")
        var small = PreviewServerConfiguration.seeds
        small.settings.size = 240
        #expect(at(operation(try object(small), "/clip.webp", "get"), "parameters/0/schema/default") as? Int == 240,
                "a setting's default is this server's")
    }

    @Test func commandsDescribeTheirParametersAsABody() throws {
        let doc = try object()
        let pick = try #require(operation(doc, "/fruit/pick", "post"))
        #expect(pick["parameters"] == nil)
        let body = try #require(schema(at(pick, "requestBody/content"), "application/json"))
        #expect(body["required"] as? [String] == ["fruit"])
        #expect(body["additionalProperties"] as? Bool == false)
        #expect(at(body, "properties/count/maximum") as? Int == 12)
        #expect(at(body, "properties/ripe/default") as? Bool == true)
        #expect((at(pick, "responses") as? [String: Any]).map { $0.keys.sorted() } == ["200", "400", "401", "403", "409", "413", "415", "503"])
        #expect(at(pick, "responses/400/$ref") as? String == "#/components/responses/BadParameter")
        // Every command may meet a replica whose shared log is unreachable.
        #expect(at(pick, "responses/503/$ref") as? String == "#/components/responses/ReplicationUnavailable")
        #expect(at(pick, "responses/200/headers/Cache-Control/schema/const") as? String == "no-store")

        let clock = try #require(at(operation(doc, "/clock", "post"), "requestBody") as? [String: Any])
        #expect(clock["required"] as? Bool == true)
        let clockSchema = try #require(schema(clock["content"], "application/x-www-form-urlencoded"))
        #expect((clockSchema["anyOf"] as? [[String: Any]])?.count == 3)
        #expect(at(clockSchema, "not/required") as? [String] == ["step", "frames"])
    }

    @Test func bodiesAnswersAndReplySchemas() throws {
        let doc = try object()
        let upload = operation(doc, "/upload", "put")
        #expect(schema(at(upload, "requestBody/content"), "image/png")?["format"] as? String == "binary")
        #expect(at(upload, "requestBody/x-layercast-max-bytes") as? Int == 8 << 20)
        // A priced operation: its own 503 comes first; its 400 also covers a request over a budget.
        #expect(at(operation(doc, "/clip.webp", "get"), "responses/503/description") as? String == "Clips are being rendered already.")
        #expect(at(operation(doc, "/clip.webp", "get"), "responses/400/$ref") as? String
            == "#/components/responses/BadParameterOrOverBudget")
        let reply = schema(at(operation(doc, "/fruit/pick", "post"), "responses/200/content"), "application/json")
        #expect(reply?["$ref"] as? String == "#/components/schemas/SampleAPIReply")
        #expect(at(doc, "components/schemas/SampleAPIReply/required") as? [String] == ["fruit", "ripe", "count", "tags", "pip"])
        #expect(operation(doc, "/{file}", "get")?["x-layercast-route"] as? String == "/*")
        #expect(at(operation(doc, "/{file}", "get"), "parameters/0/in") as? String == "path")
    }

    /// openapi-spec-validator is what the fuzz run's schemathesis relies on the document to pass.
    @Test func passesOpenAPISpecValidator() throws {
        try expectValidOpenAPI(document().serialized, name: "sample-openapi")
    }
}
