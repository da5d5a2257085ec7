import APIModel
import Animation
import Controls
import JSON

/// `GET /timeline`: every animation overlapping a window of scene time, and the commands in it.
package struct TimelineReply: Codable, Sendable {
    package let from: Double
    package let to: Double
    package let sceneTime: Double
    /// The earliest scene time the history still holds; the window never starts before it.
    package let keptFrom: Double
    package let historySpan: Double
    package var animations: [TimelineAnimation]
    package var commands: [TimelineCommand]

    /// `controls` name each command's route.
    package init(_ timeline: SceneTimeline, historySpan: Double, controls: ControlList) {
        from = timeline.from
        to = timeline.to
        sceneTime = timeline.now
        keptFrom = timeline.keptFrom
        self.historySpan = historySpan
        let named = SceneCommand.named(controls)
        animations = timeline.entries.map { TimelineAnimation($0, at: timeline.to, named: named) }
        commands = timeline.commands.map { TimelineCommand($0, route: named[$0.command.id]?.route) }
    }
}

extension TimelineReply {
    /// Keeps `control`'s animations and the commands on it or on every control (all of them for `all`).
    package mutating func keep(_ control: FrameSubject) {
        guard control != .all else { return }
        animations.removeAll { $0.control != control }
        commands.removeAll { $0.control.map { $0 != control } ?? false }
    }
}

/// A command as the timeline shows it: its id, its route (method and path), its typed arguments (a
/// document as its JSON text under `body`), when, its revision, and what it asked for that its
/// control ignored (absent when nothing).
package struct TimelineCommand: Codable, Sendable {
    package let id: String
    package let method: String
    package let path: String
    package let parameters: [Command.Argument]
    package let sceneTime: Double
    package let revision: UInt64
    package var warnings: [String]? = nil
    /// The control it acted on; nil for one on every control. The filter's, not the reply's.
    package var control: FrameSubject? = nil

    private enum CodingKeys: String, CodingKey { case id, method, path, parameters, sceneTime, revision, warnings }

    package init(_ applied: AppliedCommand, route: CommandRoute?) {
        id = applied.command.id
        method = route?.method.rawValue ?? ""
        path = route?.path ?? ""
        parameters = applied.command.arguments
            + (applied.command.document.map { [Command.Argument(name: "body", value: .string($0))] } ?? [])
        sceneTime = applied.time
        revision = applied.revision
        warnings = applied.warnings.isEmpty ? nil : applied.warnings
        control = applied.control
    }
}

/// One animation on one layer: where, when, how, and what became of it.
package struct TimelineAnimation: Codable, Sendable {
    package let control: FrameSubject
    /// The names from the control's root layer down to the animated one.
    package let layer: [String]
    package let key: String
    /// The animated key paths (several for a group).
    package let keyPaths: [String]
    package let addedAt: Double
    package let outcome: AnimationRecord.Outcome
    /// When it stopped showing: its end, or the time it was replaced or removed; null when endless.
    package let end: Double?
    package let animation: TimelineAnimationBody
    /// A group's children, in the group's local time; null for other animations.
    package let children: [TimelineAnimationBody]?
    /// The command that added it or started its chain; null for the scene as made.
    package let cause: TimelineCommand?

    package init(_ entry: SceneTimeline.Entry, at time: Double, named: [String: SceneCommand]) {
        control = entry.control
        layer = entry.layer.names
        key = entry.key
        keyPaths = entry.record.animation.properties.map(\.rawValue).sorted()
        addedAt = entry.record.addedAt
        outcome = entry.record.outcome(at: time)
        end = entry.record.end.isFinite ? entry.record.end : nil
        animation = TimelineAnimationBody(entry.record.animation)
        let children = TimelineAnimationBody.children(of: entry.record.animation)
        self.children = children.isEmpty ? nil : children
        cause = entry.cause.map { TimelineCommand($0, route: named[$0.command.id]?.route) }
    }
}

extension SceneTimeline.Entry {
    package var key: String { record.key }
}

extension AnimationRecord.Outcome: SchemaEnumerable {}
extension FillMode: SchemaEnumerable {}

extension Command.Argument: SchemaDescribed {
    /// A parameter's name and its typed value (a document's text under `body`).
    package static func schema(in registry: SchemaRegistry) -> JSONValue {
        .closedObject([("name", .object([("type", "string")])),
                       ("value", .object([("type", ["string", "number", "boolean"])]))],
                      required: ["name", "value"])
    }

    package static var schemaPlaceholder: Command.Argument { Command.Argument(name: "", value: "") }
}
