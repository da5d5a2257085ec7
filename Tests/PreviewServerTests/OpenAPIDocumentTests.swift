import Controls
import Foundation
import HTTPServer
import JSON
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// The generated OpenAPI document against the router and the code's own limits.
@Suite(.ioTimeLimit) struct OpenAPIDocumentTests {

    static let methods = ["get", "put", "post", "delete", "patch", "head", "options"]

    static func generated() -> (document: JSONValue, problems: [String]) {
        OpenAPIGenerator(info: APICatalogue.info, operations: APICatalogue.operations(.seeds),
                         configuration: PreviewServerConfiguration.seeds).generate()
    }

    static func document() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(generated().document.serialized))
        return try #require(object as? [String: Any])
    }

    /// Every operation in the document, with its path and method.
    static func operations(_ doc: [String: Any]) throws -> [(path: String, method: String, operation: [String: Any])] {
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        return paths.flatMap { path, item in
            methods.compactMap { method in (item[method] as? [String: Any]).map { (path, method, $0) } }
        }
    }

    /// Every (METHOD, router pattern) the document describes. A templated path stands for the
    /// router's prefix pattern it names in `x-layercast-route`.
    static func documentedRoutes(_ doc: [String: Any]) throws -> Set<String> {
        Set(try operations(doc).map { "\($0.method.uppercased()) \($0.operation["x-layercast-route"] as? String ?? $0.path)" })
    }

    static func operation(_ doc: [String: Any], _ method: String, _ path: String) throws -> [String: Any] {
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        return try #require(paths[path]?[method] as? [String: Any], "\(method) \(path) is not documented")
    }

    /// The schema of a parameter: in the query, or a property of the form and JSON body.
    static func parameterSchema(_ doc: [String: Any], _ operation: [String: Any], _ name: String) throws -> [String: Any] {
        for parameter in operation["parameters"] as? [[String: Any]] ?? [] where parameter["name"] as? String == name {
            return try #require(parameter["schema"] as? [String: Any])
        }
        let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: Any]
        let json = ((content?["application/json"] as? [String: Any])?["schema"] as? [String: Any])
        let form = ((content?["application/x-www-form-urlencoded"] as? [String: Any])?["schema"] as? [String: Any])
        if let property = (json?["properties"] as? [String: Any])?[name] as? [String: Any] {
            #expect(NSDictionary(dictionary: json ?? [:]) == NSDictionary(dictionary: form ?? [:]), "form and JSON differ")
            return property
        }
        Issue.record("parameter \(name) is not documented")
        return [:]
    }

    static func range(_ schema: [String: Any]) -> ClosedRange<Double>? {
        guard let lo = (schema["minimum"] as? NSNumber)?.doubleValue, let hi = (schema["maximum"] as? NSNumber)?.doubleValue else {
            return nil
        }
        return lo...hi
    }

    @Test func isOpenAPI31WithUniqueOperationIDs() throws {
        let doc = try Self.document()
        #expect(doc["openapi"] as? String == "3.1.0")
        var ids: [String] = []
        for (path, method, operation) in try Self.operations(doc) {
            ids.append(try #require(operation["operationId"] as? String))
            let responses = try #require(operation["responses"] as? [String: Any])
            #expect(responses.keys.contains { $0.hasPrefix("2") }, "\(method) \(path) has no success response")
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids.count == PreviewServer(configuration: PreviewServerConfiguration.seeds).routes.count)
        #expect(ids.count >= 32, "every route there was before the API was declared, and /layout")
    }

    @Test func everyReplyTypeIsRecordedAndTheBytesNeverChange() {
        let (document, problems) = Self.generated()
        #expect(problems == [])
        #expect(document.serialized == Self.generated().document.serialized)
    }

    /// openapi-spec-validator is what schemathesis relies on the document to pass.
    @Test func passesOpenAPISpecValidator() throws {
        try expectValidOpenAPI(Self.generated().document.serialized, name: "openapi")
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteExists() throws {
        let documented = try Self.documentedRoutes(Self.document())
        let served = Set(PreviewServer(configuration: PreviewServerConfiguration.seeds).routes.map(\.description))
        #expect(served.subtracting(documented).sorted() == [], "routes missing from openapi.json")
        #expect(documented.subtracting(served).sorted() == [], "documented routes the router does not have")
        #expect(served.contains("GET /openapi.json"))
    }

    @Test func everyReferenceResolves() throws {
        let doc = try Self.document()
        var refs: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let ref = object["$ref"] as? String { refs.append(ref) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(doc)
        #expect(refs.count > 50)
        for ref in Set(refs) {
            var node: Any? = doc
            for key in ref.dropFirst(2).split(separator: "/") {
                node = (node as? [String: Any])?[String(key)]
            }
            #expect(node != nil, "unresolved \(ref)")
        }
    }

    /// The numbers a client reads from the document are the ones the code enforces.
    @Test func rangesMatchTheCode() throws {
        let doc = try Self.document()
        let png = try Self.operation(doc, "get", "/frame.png")
        let size = try Self.parameterSchema(doc, png, "size")
        #expect(Self.range(size) == Double(FrameSpec.sizeRange.lowerBound)...Double(FrameSpec.sizeRange.upperBound))
        #expect(Self.range(try Self.parameterSchema(doc, png, "scale")) == 1...3)
        #expect(Self.range(try Self.parameterSchema(doc, png, "quality")) == 1...100)
        #expect(try Self.parameterSchema(doc, png, "control")["enum"] as? [String] == ControlList.seeds.allSubjects.map(\.rawValue))
        let stream = try Self.operation(doc, "get", "/stream.mjpg")
        #expect(Self.range(try Self.parameterSchema(doc, stream, "fps")) == 1...60)

        let hold = try Self.operation(doc, "post", "/meter/hold")
        let holdRange = try #require(Self.range(try Self.parameterSchema(doc, hold, "seconds")))
        #expect(holdRange == RecordingMeter.holdRange)
        let config = try Self.operation(doc, "put", "/meter/config")
        #expect(Self.range(try Self.parameterSchema(doc, config, "duration")) == RecordingMeter.durationRange)

        let mode = try Self.operation(doc, "post", "/play-button/mode")
        #expect(try Self.parameterSchema(doc, mode, "mode")["enum"] as? [String] == PlayButton.Mode.allCases.map(\.rawValue))
        let theme = try Self.operation(doc, "put", "/play-button/theme")
        #expect(try Self.parameterSchema(doc, theme, "theme")["enum"] as? [String] == PlayButton.Theme.all.map(\.name))
        let paths = try Self.operation(doc, "get", "/play-button/paths")
        #expect(try Self.parameterSchema(doc, paths, "shape")["enum"] as? [String] == PlayButton.Shape.allCases.map(\.rawValue))

        for (path, fps) in [("/clip.webp", 1.0...60), ("/clip.gif", 1...50)] {
            let clip = try Self.operation(doc, "get", path)
            #expect(Self.range(try Self.parameterSchema(doc, clip, "seconds")) == 0.1...20)
            #expect(Self.range(try Self.parameterSchema(doc, clip, "fps")) == fps)
        }
        #expect(try Self.parameterSchema(doc, png, "variants")["enum"] as? [String] == VariantKind.allCases.map(\.rawValue))

        let artwork = try Self.operation(doc, "put", "/player/artwork")
        let body = try #require(artwork["requestBody"] as? [String: Any])
        #expect(body["x-layercast-max-bytes"] as? Int == ArtworkLibrary.maxUploadBytes)
    }

    /// Commands are guarded: each documents 401 and 403, and GETs never do; a command that reads a
    /// body documents 413 and 415 (DELETE reads none).
    @Test func stateChangingRoutesDocumentTheGuard() throws {
        for (path, method, operation) in try Self.operations(Self.document()) {
            let codes = Set(try #require(operation["responses"] as? [String: Any]).keys)
            if method == "get" {
                #expect(!codes.contains("401") && !codes.contains("403"), "GET \(path)")
            } else {
                let body: Set<String> = method == "delete" ? [] : ["413", "415"]
                #expect(codes.isSuperset(of: body.union(["401", "403"])), "\(method) \(path): \(codes.sorted())")
            }
        }
    }

    @Test func servedOverHTTPAsJSON() throws {
        try withTestServer { s in
            let response = try s.get("/openapi.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.body == Self.generated().document.serialized)
        }
    }
}
