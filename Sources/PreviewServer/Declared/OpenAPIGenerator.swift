import APIModel
import Controls
import HTTPServer
import JSON
import Scenes

/// Writes the OpenAPI 3.1 document from the declarations. Everything comes out in declaration
/// order or sorted, so the same declarations and configuration give the same bytes every time.
struct OpenAPIGenerator {
    struct Info: Sendable {
        var title: String
        var version: String
        var description: String
    }

    let info: Info
    let operations: [APIOperation]
    /// Defaults that come from server settings (`--size`) show this server's values.
    let configuration: PreviewServerConfiguration

    func document() -> JSONValue { generate().document }

    /// The document, and what the schema recorder could not record (empty when all is well).
    func generate() -> (document: JSONValue, problems: [String]) {
        let registry = SchemaRegistry(scene: configuration.settings.scene)
        var paths: [(String, [(String, JSONValue)])] = []
        var tags: [String] = []
        var sharedAnswers: [Answer] = []
        for operation in operations {
            if !tags.contains(operation.tag) { tags.append(operation.tag) }
            for answer in operation.allAnswers where answer.component != nil {
                if !sharedAnswers.contains(where: { $0.component == answer.component }) { sharedAnswers.append(answer) }
            }
            let entry = (operation.method.rawValue.lowercased(), self.operation(operation, registry))
            paths.update(where: { $0.0 == operation.path }, { $0.1.append(entry) }, else: (operation.path, [entry]))
        }
        var schemas = registry.components.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        schemas.insert(("Error", Self.errorSchema), at: 0)
        let document: JSONValue = .object([
            ("openapi", "3.1.0"),
            ("info", .object([("title", .string(info.title)), ("version", .string(info.version)),
                              ("description", .string(info.description))])),
            ("servers", [.object([("url", "/"), ("description", "This server.")])]),
            ("tags", .array(tags.map { .object([("name", .string($0))]) })),
            ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
            ("components", .object([
                ("schemas", .object(schemas)),
                ("responses", .object(sharedAnswers.sorted { $0.status < $1.status }.map { a in
                    (a.component ?? "", Self.answerObject(a))
                })),
                ("securitySchemes", .object([("bearer", .object([("type", "http"), ("scheme", "bearer")]))])),
            ])),
        ])
        return (document, registry.problems)
    }

    private func operation(_ op: APIOperation, _ registry: SchemaRegistry) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("operationId", .string(op.id)),
            ("summary", .string(op.summary)),
            ("tags", [.string(op.tag)]),
        ]
        if let description = Self.description(op) { members.append(("description", .string(description))) }
        if op.routePattern != op.path { members.append(("x-layercast-route", .string(op.routePattern))) }
        if op.isCommand { members.append(("security", [.object([]), .object([("bearer", [])])])) }
        // How large a success can be (`APIOperation.AnswerSize`): a client can size its buffers.
        let answerBytes: JSONValue = switch op.answerSize {
        case .atMost(let bytes): .int(bytes)
        case .priced: "at most what the request's price reserves of the memory budget"
        case .unbounded: "unbounded: a stream or a file"
        }
        members.append(("x-layercast-answer-bytes", answerBytes))
        if !op.families.isEmpty {
            // OpenAPI has no parameters named by a pattern: the families are stated as an extension.
            members.append(("x-layercast-parameter-families", .array(op.families.map { f in
                .object([("prefix", .string(f.prefix)), ("names", .string(f.names)), ("description", .string(f.description))])
            })))
        }
        let inQuery = op.parameters.filter { op.parameterSet.locations(of: $0.spec) == .query || $0.spec.locations == .path }
        if !inQuery.isEmpty { members.append(("parameters", .array(inQuery.map { parameterObject($0.spec) }))) }
        if let body = requestBody(op, registry) { members.append(("requestBody", body)) }
        var answered = op.success
        if op.readableCrossOrigin { answered.headers.append(APIOperation.crossOriginHeader) }
        if op.pinnedWhen != nil { answered.headers.append(Revalidation.entityTagHeader) }
        var responses: [(String, JSONValue)] = [(String(answered.status), success(answered, registry))]
        for answer in op.allAnswers {
            let value: JSONValue = answer.component.map { .object([("$ref", .string("#/components/responses/\($0)"))]) }
                ?? Self.answerObject(answer)
            responses.append((String(answer.status), value))
        }
        members.append(("responses", .object(responses)))
        return .object(members)
    }

    /// The operation's own text, then what its declaration implies for a client.
    static func description(_ op: APIOperation) -> String? {
        var parts = op.description.map { [$0] } ?? []
        if case .parameters = op.body, !op.parameters.isEmpty {
            parts.append("Parameters may come in the query, a form body or a JSON body, each at most once.")
        }
        for family in op.families {
            parts.append("Also \(family.names) (\(family.values)): \(family.description)")
        }
        if let bareWord = op.bareWord {
            parts.append("A form body may also be the bare value of `\(bareWord)`, as in `curl -X \(op.method.rawValue) -d VALUE`.")
        }
        if !op.rules.isEmpty {
            let rules = op.rules.map(\.text).joined(separator: "; ")
            parts.append(rules.prefix(1).uppercased() + rules.dropFirst() + ".")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private func parameterObject(_ spec: ParameterSpec) -> JSONValue {
        let inPath = spec.locations == .path
        var members: [(String, JSONValue)] = [
            ("name", .string(spec.name)),
            ("in", inPath ? "path" : "query"),
            ("required", .bool(inPath || spec.requirement == .required)),
            ("description", .string(Self.parameterDescription(spec))),
            ("schema", valueSchema(spec)),
        ]
        if let example = spec.example, let value = spec.type.jsonValue(example) { members.append(("example", value)) }
        return .object(members)
    }

    static func parameterDescription(_ spec: ParameterSpec) -> String {
        var text = spec.description
        if let unit = spec.unit { text += " In \(unit)." }
        if case .setting(let flag, _) = spec.requirement { text += " Default: the server's \(flag)." }
        if let defaultText = spec.defaultText { text += " Default: \(defaultText)." }
        return text
    }

    private func valueSchema(_ spec: ParameterSpec) -> JSONValue {
        var members = spec.type.schema
        if let value = defaultValue(spec) { members.append(("default", value)) }
        return .object(members)
    }

    private func defaultValue(_ spec: ParameterSpec) -> JSONValue? {
        switch spec.requirement {
        case .required, .optional: return nil
        case .fixed(let text): return spec.type.jsonValue(text)
        case .setting:
            return spec.setting.flatMap { spec.type.jsonValue($0(configuration.settings)) }
        }
    }

    private func requestBody(_ op: APIOperation, _ registry: SchemaRegistry) -> JSONValue? {
        switch op.body {
        case .none: return nil
        case .document(let types, let description, let schema, let maxBytes):
            let recorded = schema.record(registry)
            return .object([("required", true)] + Self.limited(description, maxBytes)
                           + [("content", .object(types.map { ($0, .object([("schema", recorded)])) }))])
        case .binary(let types, let maxBytes, let description):
            // The limit is stated in words and as an extension, not as `maxLength`: generators then
            // try to draw bodies of up to that many bytes. `format: binary` makes schemathesis send
            // real sample files (a valid PNG among them).
            return .object([("required", true)] + Self.limited(description, maxBytes) + [
                ("content", .object(types.map { type in
                    (type, .object([("schema", .object([("type", "string"), ("format", "binary")]))]))
                })),
            ])
        case .parameters:
            let inBody = op.parameters.filter { !op.parameterSet.locations(of: $0.spec).intersection([.form, .json]).isEmpty }
            guard !inBody.isEmpty else { return nil }
            var schema: [(String, JSONValue)] = [
                ("type", "object"),
                ("properties", .object(inBody.map { p in
                    var property = p.spec.type.schema
                    if let value = defaultValue(p.spec) { property.append(("default", value)) }
                    property.append(("description", .string(Self.parameterDescription(p.spec))))
                    return (p.spec.name, .object(property))
                })),
            ]
            let required = inBody.filter { $0.spec.requirement == .required }.map { JSONValue.string($0.spec.name) }
            if !required.isEmpty { schema.append(("required", .array(required))) }
            for rule in op.rules {
                switch rule {
                case .atLeastOne(let names):
                    schema.append(("anyOf", .array(names.map { .object([("required", [.string($0)])]) })))
                case .notTogether(let a, let b):
                    schema.append(("not", .object([("required", [.string(a), .string(b)])])))
                }
            }
            schema.append(("additionalProperties", false))
            let bodyRequired = !required.isEmpty || op.rules.contains { if case .atLeastOne = $0 { true } else { false } }
            return .object([
                ("required", .bool(bodyRequired)),
                ("content", .object(["application/json", "application/x-www-form-urlencoded"].map {
                    ($0, .object([("schema", .object(schema))]))
                })),
            ])
        }
    }

    /// A body's description, with its byte limit in words and as an extension when it has one.
    private static func limited(_ description: String, _ maxBytes: Int?) -> [(String, JSONValue)] {
        guard let maxBytes else { return [("description", .string(description))] }
        return [("description", .string("\(description) At most \(maxBytes) bytes; a larger body is refused before it "
                                        + "is read (413).")),
                ("x-layercast-max-bytes", .int(maxBytes))]
    }

    private func success(_ success: Success, _ registry: SchemaRegistry) -> JSONValue {
        var members: [(String, JSONValue)] = [("description", .string(success.description))]
        if !success.headers.isEmpty { members.append(("headers", Self.headers(success.headers))) }
        switch success.content {
        case .none: break
        case .json(let source):
            members.append(("content", .object([("application/json", .object([("schema", source.record(registry))]))])))
        case .media(let types, let binary):
            members.append(("content", .object(types.map { type in
                let schema: JSONValue = binary
                    ? .object([("type", "string"), ("format", "binary"), ("contentMediaType", .string(type))])
                    : .object([("type", "string")])
                return (type, .object([("schema", schema)]))
            })))
        }
        return .object(members)
    }

    private static func headers(_ headers: [ResponseHeader]) -> JSONValue {
        .object(headers.map { h in
            var schema: [(String, JSONValue)] = [("type", "string")]
            if let value = h.value { schema.append(("const", .string(value))) }
            if let pattern = h.pattern { schema.append(("pattern", .string(pattern))) }
            var members: [(String, JSONValue)] = []
            if let description = h.description { members.append(("description", .string(description))) }
            members.append(("schema", .object(schema)))
            return (h.name, .object(members))
        })
    }

    private static func answerObject(_ answer: Answer) -> JSONValue {
        var members: [(String, JSONValue)] = [("description", .string(answer.description))]
        if !answer.headers.isEmpty { members.append(("headers", headers(answer.headers))) }
        if answer.hasBody {
            members.append(("content", .object([("application/json", .object([
                ("schema", .object([("$ref", "#/components/schemas/Error")])),
            ]))])))
        }
        return .object(members)
    }

    /// Every error the server produces, from a handler (`Refusal`) or from the HTTP layer.
    /// Computed, not a stored global: LeakSanitizer cannot follow pointers that Swift packs into an
    /// enum's spare bits, so a global JSONValue tree reads to it as leaked.
    static var errorSchema: JSONValue {
        .closedObject(description: .string("Every error the server produces. `parameter` names the parameter at fault "
            + "and `allowed` says what it accepts, where that helps. 404 adds `path`; 405 adds `method`, `path` and "
            + "`allowed` as a list of methods; 413 adds `limit` (bytes). A budget's refusal (400, 503) adds `budget`, "
            + "`unit`, `cost`, `limit` and, for 503, `inUse`, in the budget's unit."), [
            ("error", .object([("type", "string"), ("description", "What is wrong, for a person.")])),
            ("parameter", .object([("type", "string")])),
            ("allowed", .object([("oneOf", [.object([("type", "string")]),
                                           .object([("type", "array"), ("items", .object([("type", "string")]))])])])),
            ("path", .object([("type", "string")])),
            ("method", .object([("type", "string")])),
            ("limit", .object([("type", "integer")])),
            ("budget", .object([("type", "string"), ("enum", .array(ServerLimit.all.filter(\.refuses).map { .string($0.id) }))])),
            ("unit", .object([("type", "string")])),
            ("cost", .object([("type", "integer")])),
            ("inUse", .object([("type", "integer")])),
            ("detail", .object([("type", "string")])),
        ], required: ["error"])
    }
}
