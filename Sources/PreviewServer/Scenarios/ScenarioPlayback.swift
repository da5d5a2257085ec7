import Controls

extension Scenario {
    /// The scenario from a fresh scene, as every render plays it (frames, clips, the CLI): the steps
    /// scheduled at their times on a scene made at time 0 with the built-in settings, so the same
    /// scenario gives the same frames whatever server or machine renders it.
    func freshScene() -> ScheduledScene {
        ScheduledScene(Scene(), pending: scheduled(from: 0))
    }

    /// The steps as commands for a scene, at `start` plus their times.
    func scheduled(from start: Double) -> [ScheduledCommand] {
        steps.map { step in
            switch step.effect {
            case .scene(let command):
                ScheduledCommand(time: start + step.at) { scene, time in try? command.change(&scene, time) }
            case .clock(let changes):
                ScheduledCommand(time: start + step.at, clock: changes, change: nil)
            }
        }
    }

    /// The first step a copy of a scene refuses when the steps run on it from `start`, as the 409
    /// that names it; nil when every step applies.
    func refusal(on scene: Scene, from start: Double) -> APIError? {
        var scene = scene
        for (i, step) in steps.enumerated() {
            guard case .scene(let command) = step.effect else { continue }
            scene.advance(to: start + step.at)
            do {
                try command.change(&scene, start + step.at)
            } catch {
                return APIError(409, "steps[\(i)] (\(step.doText) at \(ParameterType.format(step.at)) s) would be refused "
                                + "by the live scene: \(error.message)", parameter: "steps[\(i)].do", allowed: error.allowed)
            }
        }
        return nil
    }
}
