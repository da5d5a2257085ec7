import Animation
import Foundation

/// A control's own values beside its layers (`showsMenu`, a count), kept in the control's model
/// instead of the object, so that a copy of the scene carries them and a snapshot stores them. The
/// one edit a port makes to its stored properties: `var showsMenu = false` becomes
/// `@ControlState var showsMenu = false` (docs/design/quartz.md §Control state).
@propertyWrapper
public struct ControlState<Value: Codable & Sendable & Equatable> {
    private let slot: Int

    /// Allocates the value's place in the open session's model: stored properties are initialised
    /// in the control's set-up, which runs in a session, in the same order every time.
    public init(wrappedValue: Value) {
        slot = LayerSession.require("@ControlState").model.states.create(wrappedValue)
    }

    public var wrappedValue: Value {
        get {
            guard let value = LayerSession.require("a @ControlState value").model.states.value(Value.self, at: slot) else {
                preconditionFailure("@ControlState slot \(slot) holds no \(Value.self): the control's set-up made its values in another order")
            }
            return value
        }
        nonmutating set { LayerSession.require("a @ControlState value").model.states.set(newValue, at: slot) }
    }
}

/// The control-state values of one control, by slot, in the order they were made.
public struct ControlStates: Sendable, Equatable, Codable {
    /// A value as set, or as decoded from a snapshot until the wrapper that knows its type reads it.
    private enum Stored: Sendable {
        case value(any Codable & Sendable)
        case coded(Data)

        func data() -> Data {
            switch self {
            case .coded(let data): data
            case .value(let value): (try? JSONEncoder.sorted.encode(AnyEncodable(value))) ?? Data()
            }
        }
    }

    private var slots: [Stored] = []

    public init() {}

    mutating func create<Value: Codable & Sendable>(_ value: Value) -> Int {
        slots.append(.value(value))
        return slots.count - 1
    }

    func value<Value: Codable & Sendable>(_ type: Value.Type, at slot: Int) -> Value? {
        guard slots.indices.contains(slot) else { return nil }
        switch slots[slot] {
        case .value(let value): return value as? Value
        case .coded(let data): return try? JSONDecoder().decode(Value.self, from: data)
        }
    }

    mutating func set<Value: Codable & Sendable>(_ value: Value, at slot: Int) {
        guard slots.indices.contains(slot) else { return }
        slots[slot] = .value(value)
    }

    public var count: Int { slots.count }

    public static func == (a: ControlStates, b: ControlStates) -> Bool {
        a.slots.count == b.slots.count && zip(a.slots, b.slots).allSatisfy { $0.data() == $1.data() }
    }

    public init(from decoder: any Decoder) throws {
        slots = try [Data](from: decoder).map { .coded($0) }
    }

    public func encode(to encoder: any Encoder) throws {
        try slots.map { $0.data() }.encode(to: encoder)
    }
}

/// Encodes any Codable value through its own `encode(to:)`.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

extension JSONEncoder {
    /// Sorted keys, so equal values encode to equal bytes.
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

/// What one control's layer code works on: its layers and its control-state values.
public struct LayerModel: Sendable, Equatable, Codable {
    public var graph = LayerGraph()
    public var states = ControlStates()

    public init() {}
}
