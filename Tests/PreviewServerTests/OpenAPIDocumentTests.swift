import Controls
import Foundation
import HTTPClient
@testable import PreviewServer
import Testing

/// The OpenAPI document against the router and the code's own limits, so neither can drift.
@Suite struct OpenAPIDocumentTests {
    static let methods = ["get", "put", "post", "delete", "patch", "head", "options"]

    static func document() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8))
        return try #require(object as? [String: Any])
    }

    /// Every (METHOD, router pattern) the document describes. A templated path stands for the
    /// router's prefix pattern it names in `x-layercast-route`.
    static func documentedRoutes(_ doc: [String: Any]) throws -> Set<String> {
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        var routes = Set<String>()
        for (path, item) in paths {
            for method in methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                let pattern = operation["x-layercast-route"] as? String ?? path
                routes.insert("\(method.uppercased()) \(pattern)")
            }
        }
        return routes
    }

    static func operation(_ doc: [String: Any], _ method: String, _ path: String) throws -> [String: Any] {
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        return try #require(paths[path]?[method] as? [String: Any], "\(method) \(path) is not documented")
    }

    /// The schema of a query parameter, following a `$ref` to a component parameter or schema.
    static func parameterSchema(_ doc: [String: Any], _ operation: [String: Any], _ name: String) throws -> [String: Any] {
        let components = try #require(doc["components"] as? [String: Any])
        let parameters = try #require(operation["parameters"] as? [[String: Any]])
        for entry in parameters {
            var parameter = entry
            if let ref = entry["$ref"] as? String {
                let key = String(try #require(ref.split(separator: "/").last))
                parameter = try #require((components["parameters"] as? [String: Any])?[key] as? [String: Any])
            }
            guard parameter["name"] as? String == name else { continue }
            var schema = try #require(parameter["schema"] as? [String: Any])
            if let ref = schema["$ref"] as? String {
                let key = String(try #require(ref.split(separator: "/").last))
                schema = try #require((components["schemas"] as? [String: Any])?[key] as? [String: Any])
            }
            return schema
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
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        var ids: [String] = []
        for item in paths.values {
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                ids.append(try #require(operation["operationId"] as? String))
                let responses = try #require(operation["responses"] as? [String: Any])
                #expect(responses.keys.contains { $0.hasPrefix("2") }, "\(method) has no success response")
            }
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids.count == PreviewServer(configuration: PreviewServerConfiguration()).routes.count)
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteExists() throws {
        let documented = try Self.documentedRoutes(Self.document())
        let served = Set(PreviewServer(configuration: PreviewServerConfiguration()).routes.map(\.description))
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
        #expect(try Self.parameterSchema(doc, png, "control")["enum"] as? [String] == FrameSubject.allCases.map(\.rawValue))
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

        for (path, format) in [("/clip.webp", APIContext.ClipFormat.webp), ("/clip.gif", .gif)] {
            let clip = try Self.operation(doc, "get", path)
            #expect(Self.range(try Self.parameterSchema(doc, clip, "seconds")) == APIContext.clipSecondsRange)
            let fps = format.fpsRange
            #expect(Self.range(try Self.parameterSchema(doc, clip, "fps")) == Double(fps.lowerBound)...Double(fps.upperBound))
        }
        #expect(try Self.parameterSchema(doc, png, "variants")["enum"] as? [String] == VariantKind.allCases.map(\.rawValue))

        let artwork = try Self.operation(doc, "put", "/player/artwork")
        let body = try #require(artwork["requestBody"] as? [String: Any])
        let png8 = try #require(((body["content"] as? [String: Any])?["image/png"] as? [String: Any])?["schema"] as? [String: Any])
        #expect(png8["maxLength"] as? Int == APIContext.maxArtworkBytes)
    }

    /// Commands are guarded: each documents 401 and 403, and GETs never do.
    @Test func stateChangingRoutesDocumentTheGuard() throws {
        let doc = try Self.document()
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        for (path, item) in paths {
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                let codes = Set(try #require(operation["responses"] as? [String: Any]).keys)
                if method == "get" {
                    #expect(!codes.contains("401") && !codes.contains("403"), "GET \(path)")
                } else {
                    #expect(codes.isSuperset(of: ["401", "403", "413", "415"]), "\(method) \(path): \(codes.sorted())")
                }
            }
        }
    }

    @Test func servedOverHTTPAsJSON() throws {
        var configuration = PreviewServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = PreviewServer(configuration: configuration)
        try server.start()
        defer { server.stop() }
        let response = try HTTPProbe.get("http://127.0.0.1:\(server.port)/openapi.json")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.body == Array(OpenAPIDocument.json.utf8))
        let parsed = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(parsed?["openapi"] as? String == "3.1.0")
    }
}
