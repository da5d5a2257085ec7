import APIModel
import Controls
import JSON

/// The paths a scenario's `expect` may name: the members of the state document (`GET /state`),
/// dotted, read from that document's schema (`SceneState.schema(in:)`, the one /openapi.json
/// publishes), so a path is right exactly when /state has it. A control's id stands for its
/// document key (`play-button.mode` is `playButton.mode`); an array's items are named by index.
package enum StatePaths {
    /// A node of the state document's schema, as far as a path and an expected value need it.
    /// A struct of arrays rather than an indirect enum: the tree is kept for the life of the process
    /// list (`ControlList.derived`), and an indirect enum's boxes are referenced by pointers carrying
    /// the case in their spare bits, which LeakSanitizer cannot follow, so it reported the kept tree
    /// as leaked (scripts/test-sanitizers.sh).
    package struct Node: Sendable {
        package enum Kind: Sendable {
            case object, array, number, integer, string, boolean
            /// A member the schema leaves open (a curve, a value of several types).
            case any
        }

        package var kind: Kind
        /// An object's members, in the schema's order.
        package var members: [(key: String, node: Node)] = []
        /// An array's item schema: one node.
        package var items: [Node] = []
        /// A string's cases, when the schema enumerates them.
        package var cases: [String]?

        static func object(_ members: [(key: String, node: Node)]) -> Node { Node(kind: .object, members: members) }
        static func array(_ item: Node) -> Node { Node(kind: .array, items: [item]) }
        static func string(cases: [String]?) -> Node { Node(kind: .string, cases: cases) }
        static let any = Node(kind: .any)

        /// "a number", "one of pause, play": what an expected value there may be.
        package var allowed: String {
            switch kind {
            case .object: "a member of it: " + members.map(\.key).joined(separator: ", ")
            case .array: "an item of it, by index (items.0)"
            case .number: "a number, or {\"approx\": …, \"tolerance\": …}"
            case .integer: "an integer, or {\"approx\": …, \"tolerance\": …}"
            case .string: cases.map { "one of " + $0.joined(separator: ", ") } ?? "a string"
            case .boolean: "true or false"
            case .any: "a string, number or boolean"
            }
        }
    }

    /// The top-level members that describe the server rather than the scene, which a scenario
    /// played headlessly does not have.
    package static let serverMembers = ["clock", "revision"]

    /// The state document's schema as a tree, made once for a list of controls.
    package static func root(_ controls: ControlList) -> Node {
        controls.derived("StatePaths.root") {
            let registry = SchemaRegistry(scene: SceneConfiguration(controls))
            let schema = registry.schema(of: SceneState.self)
            return node(schema, registry.components, depth: 0)
        }
    }

    /// The document keys a path names, in order, and what it ends at: `play-button.left.rotation` →
    /// (["playButton", "left", "rotation"], .number). A path the document does not have is refused,
    /// naming the first member that is not there and what is.
    package static func resolve(_ path: String, at field: String,
                                controls: ControlList) throws(Refusal) -> (keys: [String], node: Node) {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else {
            throw Refusal(.invalid, "'\(Refusal.quote(path))' is not a path of the state document", parameter: field,
                          allowed: "dotted member names, such as meter.segmentCount or play-button.mode")
        }
        var keys: [String] = []
        var node = root(controls)
        for (i, part) in parts.enumerated() {
            let walked = keys.isEmpty ? "the state document" : "'" + keys.joined(separator: ".") + "'"
            switch node.kind {
            case .object:
                let members = node.members
                // At the top, a control's id stands for its document key.
                let key = i == 0 ? (controls.subjects.first { $0.rawValue == part }?.documentKey ?? part) : part
                if i == 0, serverMembers.contains(key) {
                    throw Refusal(.invalid, "'\(key)' is the live server's, not a scenario's", parameter: field,
                                  allowed: allowedTop(members))
                }
                guard let next = members.first(where: { $0.key == key })?.node else {
                    throw Refusal(.invalid, "\(walked) has no member '\(Refusal.quote(part))'", parameter: field,
                                  allowed: i == 0 ? allowedTop(members) : members.map(\.key).joined(separator: ", "))
                }
                keys.append(key)
                node = next
            case .array:
                guard let index = Int(part), index >= 0, String(index) == part, let items = node.items.first else {
                    throw Refusal(.invalid, "\(walked) is an array: '\(Refusal.quote(part))' is not an index", parameter: field,
                                  allowed: "an index from 0, such as \(keys.joined(separator: ".")).0")
                }
                keys.append(part)
                node = items
            case .number, .integer, .string, .boolean, .any:
                throw Refusal(.invalid, "\(walked) is a value: it has no member '\(Refusal.quote(part))'", parameter: field,
                              allowed: "the path up to \(keys.joined(separator: "."))")
            }
        }
        return (keys, node)
    }

    private static func allowedTop(_ members: [(key: String, node: Node)]) -> String {
        members.map(\.key).filter { !serverMembers.contains($0) }.joined(separator: ", ")
            + " (a control's id, such as play-button, names its member)"
    }

    /// The schema's node, its `$ref`s followed in the registry's components.
    private static func node(_ schema: JSONValue, _ components: [String: JSONValue], depth: Int) -> Node {
        guard depth < 32, case .object(let members) = schema else { return .any }
        func member(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }
        if case .string(let ref)? = member("$ref"), let name = ref.split(separator: "/").last,
           let target = components[String(name)] {
            return node(target, components, depth: depth + 1)
        }
        if case .array(let cases)? = member("enum") {
            return .string(cases: cases.compactMap { if case .string(let s) = $0 { s } else { nil } })
        }
        guard case .string(let type)? = member("type") else { return .any }
        switch type {
        case "object":
            guard case .object(let properties)? = member("properties") else { return .any }
            return .object(properties.map { ($0.0, node($0.1, components, depth: depth + 1)) })
        case "array":
            return .array(member("items").map { node($0, components, depth: depth + 1) } ?? .any)
        case "number": return Node(kind: .number)
        case "integer": return Node(kind: .integer)
        case "string": return .string(cases: nil)
        case "boolean": return Node(kind: .boolean)
        default: return .any
        }
    }
}
