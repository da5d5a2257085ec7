import Animation
import Controls

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

    package init(_ timeline: SceneTimeline, historySpan: Double) {
        from = timeline.from
        to = timeline.to
        sceneTime = timeline.now
        keptFrom = timeline.keptFrom
        self.historySpan = historySpan
        animations = timeline.entries.map { TimelineAnimation($0, at: timeline.to) }
        commands = timeline.commands.map(TimelineCommand.init)
    }
}

/// A command as the timeline shows it: its value as its route reads it (method, path and
/// parameters, a document as its JSON text under `body`), when, and its revision.
package struct TimelineCommand: Codable, Sendable {
    package let method: String
    package let path: String
    package let parameters: [Command.Argument]
    package let sceneTime: Double
    package let revision: UInt64
    /// The control it acted on; nil for one on every control. The filter's, not the reply's.
    package var control: FrameSubject? = nil

    private enum CodingKeys: String, CodingKey { case method, path, parameters, sceneTime, revision }

    package init(_ applied: AppliedCommand) {
        let name = applied.command.name.split(separator: " ", maxSplits: 1)
        method = name.first.map(String.init) ?? ""
        path = name.dropFirst().first.map(String.init) ?? applied.command.name
        parameters = applied.command.arguments + (applied.command.document.map { [Command.Argument(name: "body", value: $0)] } ?? [])
        sceneTime = applied.time
        revision = applied.revision
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

    package init(_ entry: SceneTimeline.Entry, at time: Double) {
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
        cause = entry.cause.map(TimelineCommand.init)
    }
}

extension SceneTimeline.Entry {
    package var key: String { record.key }
}

extension AnimationRecord.Outcome: SchemaEnumerable {}
extension FillMode: SchemaEnumerable {}
