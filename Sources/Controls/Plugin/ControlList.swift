import Synchronization

/// The controls a server, a renderer or a test serves, as a value: checked once when made, then
/// handed to whatever serves them, as swift-argument-parser keeps its subcommands in a value and
/// Vapor keeps such data per `Application`. Every declaration derived from the controls (routes,
/// parameters, documents, the grid) is built from a list, so one process may serve two lists at
/// once, and a snapshot's scene is decoded by the list it names (docs/design/architecture.md
/// §Controls are plugins).
public struct ControlList: Sendable {
    /// In the order frames, documents and the page show them.
    public let types: [any Control.Type]
    /// How `control=all` lays them out.
    public let grid: ControlGrid
    private let made: Derived

    /// The list of `controls`, in that order, after checking them (`ControlListProblem`): two
    /// controls with one id, an id that is a route of the server's own, a command outside
    /// `/{id}/`, a prop declared twice or whose default it does not accept, a design size out of range.
    public init(_ controls: [any Control.Type]) throws(ControlListProblem) {
        try ControlListProblem.check(controls)
        self.init(unchecked: controls)
    }

    /// No controls: for what is made before a list is known and reads none (the built-in settings).
    public static let empty = ControlList(unchecked: [])

    private init(unchecked controls: [any Control.Type]) {
        types = controls
        grid = ControlGrid(controls: controls.map { $0.id },
                           designSizes: controls.map { $0.erasedMake($0.erasedDefaults, at: 0).designSize })
        made = Derived()
    }

    /// The controls' subjects, in the order a `control=all` frame shows them.
    public var subjects: [FrameSubject] { types.map { $0.id } }

    /// `all` and every control's id.
    public var allSubjects: [FrameSubject] { [.all] + subjects }

    /// The control `subject` names; nil for `all` and for an id no control of the list has.
    public func control(_ subject: FrameSubject) -> (any Control.Type)? {
        types.first { $0.id == subject }
    }

    /// Every control's commands, in the order of the list (docs/design/architecture.md §Commands are values).
    public var commandDeclarations: [CommandDeclaration] { types.flatMap { $0.commands } }

    /// Whether the two lists hold the same controls in the same order.
    public func sameControls(as other: ControlList) -> Bool { subjects == other.subjects }

    /// A declaration derived from the list (every route, every command), made once for it when
    /// first asked and kept under `key` for as long as the list is.
    public func derived<T: Sendable>(_ key: String, _ make: () -> T) -> T {
        if let kept = made.values.withLock({ $0[key] }) as? T { return kept }
        let value = make()
        // Two threads may make it at once; the first kept is the one every caller gets.
        return made.values.withLock { values in
            if let kept = values[key] as? T { return kept }
            values[key] = value
            return value
        }
    }

    /// What a list derives, shared by its copies.
    private final class Derived: Sendable {
        let values = Mutex<[String: any Sendable]>([:])
    }
}

extension CodingUserInfoKey {
    /// The `ControlList` a decoder reads a scene's controls by (`Decoder.controlList`).
    public static let controlList: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "layercast.controlList") else { preconditionFailure("a constant key") }
        return key
    }()
}

extension Decoder {
    /// The list its `userInfo` holds under `.controlList`: a scene and its configuration are decoded
    /// by the list they are served with, so a document naming other controls is refused.
    public var controlList: ControlList {
        get throws {
            guard let list = userInfo[.controlList] as? ControlList else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                        debugDescription: "a scene is decoded with the list of controls it is served with"))
            }
            return list
        }
    }
}
