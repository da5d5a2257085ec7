import Glibc

/// Polls `condition` until it holds or `timeout` passes, for what another thread makes true. The
/// bound only keeps a broken build from hanging; no test asserts how long anything took.
public func eventually(timeout: Duration = .seconds(10), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        usleep(2_000)
    }
    return try condition()
}
