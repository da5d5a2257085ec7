import Controls

/// The controls the command line serves, renders and tests: the list `LayercastMain.run(controls:)`
/// was given, bound for the run. A task-local value rather than a process global, so a test may
/// run the command line on another list at the same time (`ServedControls.$list.withValue`).
enum ServedControls {
    @TaskLocal static var list: ControlList = .empty
}
