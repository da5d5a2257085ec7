import Testing
@testable import Animation

/// Each layer's records of the animations added to it (docs/design/engine.md §Timeline): kept past
/// completion and replacement, with when and why they stopped, and bounded.
@Suite struct AnimationRecordTests {
    static func fade(_ duration: Double) -> BasicAnimation {
        BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: duration)
    }

    @Test func outcomesFollowReplacementRemovalAndTheEnd() throws {
        var layer = ShapeLayer(name: "button")
        var child = ShapeLayer(name: "dot")
        try child.add(Self.fade(1), forKey: "in", at: 0)
        layer.sublayers = [child]
        try layer.add(Self.fade(4), forKey: "fade", at: 0)
        try layer.add(Self.fade(1), forKey: "fade", at: 1)          // replaces the first mid-flight
        try layer.add(Self.fade(0.5), forKey: "blink", at: 2)
        layer.removeAnimation(forKey: "blink", at: 2.25)             // removed mid-flight
        try layer.add(Self.fade(0.5), forKey: "late", at: 3)
        layer.removeAnimation(forKey: "late", at: 5)                 // removed after its end: finished
        // Stops taken or not, the records are the same.
        while layer.nextStop(upTo: 10) != nil {}

        let records = layer.allRecords()
        #expect(records.map { $0.record.key } == ["fade", "fade", "blink", "late", "in"])
        #expect(records.last?.path == ["dot"])
        let outcomes = records.map { $0.record.outcome(at: 10).rawValue }
        #expect(outcomes == ["replaced", "finished", "removed", "finished", "finished"])
        #expect(records.map(\.record.end) == [1, 2, 2.25, 3.5, 1])
        #expect(records.map(\.record.addedAt) == [0, 1, 2, 3, 0])
        // Before its replacement the first one was running.
        #expect(records[0].record.outcome(at: 0.5) == .running)

        layer.forgetRecords(endedBefore: 2.1)
        #expect(layer.allRecords().map(\.record.key) == ["blink", "late"])
    }

    @Test func aLayerKeepsItsNewestRecordsOnly() throws {
        var layer = ShapeLayer(name: "busy")
        for i in 0..<(AnimationRecord.maxPerLayer + 10) {
            try layer.add(Self.fade(0.1), forKey: "fade", at: Double(i) * 0.01)
        }
        #expect(layer.records.count == AnimationRecord.maxPerLayer)
        #expect(layer.records.first?.addedAt == 0.1 && layer.records.last?.interruption == nil)
    }
}
