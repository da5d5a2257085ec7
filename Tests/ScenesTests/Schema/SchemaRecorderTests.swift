import APIModel
import Controls
import JSON
import Scenes
import Testing
import SeedControls

/// Reply schemas come from the Swift types themselves.
@Suite struct SchemaRecorderTests {

    func component(_ registry: SchemaRegistry, _ name: String) throws -> [(String, JSONValue)] {
        guard case .object(let members)? = registry.components[name] else {
            Issue.record("no component \(name); have \(registry.components.keys.sorted())")
            return []
        }
        return members
    }

    func member(_ members: [(String, JSONValue)], _ key: String) -> JSONValue? {
        members.first { $0.0 == key }?.1
    }

    @Test func fieldsTypesAndOptionalityComeFromTheType() throws {
        let registry = SchemaRegistry(scene: .seeds)
        let ref = registry.schema(of: RecordingMeter.State.self)
        #expect(ref == .object([("$ref", "#/components/schemas/RecordingMeterState")]))
        let meter = try component(registry, "RecordingMeterState")
        guard case .object(let properties)? = member(meter, "properties") else { Issue.record("no properties"); return }
        #expect(properties.map(\.0) == ["duration", "recording", "complete", "elapsed", "remaining", "label",
                                        "segmentCount", "segments", "track", "scheduledRelease"])
        // Types from the Swift type; the range and the meaning from the server's notes on it.
        #expect(member(properties, "duration") == .object([("type", "number"), ("minimum", 1), ("maximum", 600)]))
        #expect(member(properties, "segmentCount") == .object([("type", "integer"), ("minimum", 0)]))
        #expect(member(properties, "remaining") == .object([("type", "number")]))
        #expect(member(properties, "segments") == .object([
            ("type", "array"), ("items", .object([("$ref", "#/components/schemas/RecordingMeterStateSegment")])),
            ("description", "Oldest first; together they cover the recorded part of the ring without gaps."),
        ]))
        guard case .array(let required)? = member(meter, "required") else { Issue.record("no required"); return }
        #expect(required.count == 9)
        #expect(!required.contains(.string("scheduledRelease")), "an Optional is not required")
        #expect(member(meter, "additionalProperties") == .bool(false))
        #expect(registry.components["RecordingMeterStateStroke"] != nil)
        #expect(registry.problems.isEmpty)
    }

    enum Fruit: String, Codable, DeclaredEnum { case apple, pear, quince }

    struct Pip: Codable, Sendable, SchemaAnnotated {
        var size: Double
        static let fieldNotes = ["size": FieldNote("Millimetres.", minimum: 0)]
    }

    struct Basket: Codable, Sendable {
        var fruit: Fruit
        var tags: [String]
        var pip: Pip
    }

    @Test func enumsListTheirCasesAndNotesAreMerged() throws {
        let registry = SchemaRegistry(scene: .seeds)
        _ = registry.schema(of: Basket.self)
        #expect(registry.components["SchemaRecorderTestsFruit"] == .object([("type", "string"), ("enum", ["apple", "pear", "quince"])]))
        let pip = try component(registry, "SchemaRecorderTestsPip")
        guard case .object(let properties)? = member(pip, "properties") else { Issue.record("no properties"); return }
        #expect(member(properties, "size") == .object([("type", "number"), ("description", "Millimetres."), ("minimum", 0)]))
        let reply = try component(registry, "SchemaRecorderTestsBasket")
        guard case .object(let replyProperties)? = member(reply, "properties") else { Issue.record("no properties"); return }
        #expect(member(replyProperties, "tags") == .object([("type", "array"), ("items", .object([("type", "string")]))]))
    }

    struct Misnoted: Codable, Sendable, SchemaAnnotated {
        var a: Int
        static let fieldNotes = ["b": FieldNote("No such field.")]
    }

    struct Scores: Codable, Sendable {
        var byName: [String: Int]
        var id: UInt64
    }

    @Test func aNoteOnAMissingFieldIsReported() {
        let registry = SchemaRegistry(scene: .seeds)
        _ = registry.schema(of: Misnoted.self)
        #expect(registry.problems == ["SchemaRecorderTestsMisnoted notes 'b', which it does not have"])
    }

    @Test func dictionariesAndUnsignedIntegers() throws {
        let registry = SchemaRegistry(scene: .seeds)
        _ = registry.schema(of: Scores.self)
        let scores = try component(registry, "SchemaRecorderTestsScores")
        guard case .object(let properties)? = member(scores, "properties") else { Issue.record("no properties"); return }
        #expect(member(properties, "byName") == .object([("type", "object"), ("additionalProperties", .object([("type", "integer")]))]))
        #expect(member(properties, "id") == .object([("type", "integer"), ("minimum", 0)]))
    }

    @Test func componentNamesDropModulesAndPunctuation() {
        #expect(SchemaRegistry.name(of: RecordingMeter.State.self) == "RecordingMeterState")
        #expect(SchemaRegistry.name(of: CommandReply<RecordingMeter.State>.self) == "CommandReplyRecordingMeterState")
    }
}
