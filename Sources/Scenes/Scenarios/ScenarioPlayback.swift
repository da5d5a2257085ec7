import APIModel
import Controls
import JSON

extension Scenario {
    /// The scene a render starts from, at `start`: made at time 0 with the built-in settings, or
    /// the one the scenario's snapshot holds; with the scenario's props. So the same scenario gives
    /// the same frames whatever server or machine renders it.
    package func initialScene() -> Scene {
        var scene = from?.scene ?? Scene(configuration: SceneConfiguration(controls))
        applyProps(to: &scene, at: start)
        return scene
    }

    /// The scenario from its starting scene, as every render plays it (frames, clips, the CLI):
    /// its time t is scene time `start` + t.
    package func freshScene() -> ScheduledScene {
        ScheduledScene(initialScene(), pending: scheduled(from: start, withProps: false))
    }

    /// The steps as commands for a scene, at `start` plus their times; the props first, at `start`,
    /// when `withProps` (the live scene has its own).
    package func scheduled(from start: Double, withProps: Bool = true) -> [ScheduledCommand] {
        let props = withProps && !self.props.isEmpty
            ? [ScheduledCommand(time: start) { scene, time in applyProps(to: &scene, at: time) }] : []
        return props + steps.map { step in
            // The timeline names a step's effects after the step's command, as it names a request's.
            switch step.effect {
            case .scene(let prepared):
                ScheduledCommand(time: start + step.at, command: step.command, control: step.control) { scene, time in
                    try? prepared.change(&scene, time)
                }
            case .clock(let changes):
                ScheduledCommand(time: start + step.at, clock: changes, command: step.command, change: nil)
            }
        }
    }

    /// Merges the scenario's props into the scene's; a control that refuses (the meter's duration
    /// while it has segments) keeps its own.
    package func applyProps(to scene: inout Scene, at time: Double) {
        _ = try? propsRefusal(on: &scene, at: time)
    }

    private func propsRefusal(on scene: inout Scene, at time: Double) throws(Refusal) {
        for p in props {
            let table = PropTable(p.control, scene.configuration)
            let values = try table.merging(JSONDocument(p.patch), into: scene.props(of: p.control))
            do throws(PropRefusal) {
                try scene.setProps(values, of: p.control, at: time)
            } catch {
                throw Refusal(prop: error, control: p.control)
            }
        }
    }

    /// The first step (or prop) a copy of a scene refuses when the scenario runs on it from `start`,
    /// as the 409 that names it; nil when everything applies.
    package func refusal(on scene: Scene, from start: Double) -> Refusal? {
        var scene = scene
        do {
            try propsRefusal(on: &scene, at: start)
        } catch {
            return Refusal(.conflict, "the scenario's props would be refused by the live scene: \(error.message)",
                            parameter: error.parameter.map { "props." + $0.dropFirst("props.".count) }, allowed: error.allowed)
        }
        guard let (i, step, error) = firstRefusedStep(on: scene, from: start) else { return nil }
        return Refusal(.conflict, "steps[\(i)] (\(step.doText) at \(ParameterType.format(step.at)) s) would be refused "
                       + "by the live scene: \(error.message)", parameter: "steps[\(i)].do", allowed: error.allowed)
    }

    /// The first step a scene refuses when the steps run on it from `start`, with its index and why.
    func firstRefusedStep(on scene: Scene, from start: Double) -> (index: Int, step: Step, refusal: Refusal)? {
        var scene = scene
        for (i, step) in steps.enumerated() {
            guard case .scene(let command) = step.effect else { continue }
            scene.advance(to: start + step.at)
            do {
                try command.change(&scene, start + step.at)
            } catch {
                return (i, step, error)
            }
        }
        return nil
    }
}
