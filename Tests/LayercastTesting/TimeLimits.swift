import Testing

extension Trait where Self == TimeLimitTrait {
    /// For a suite that waits on I/O that could hang (a server, sockets, Redis, ffmpeg, a child
    /// process): a hung test fails by its own name within this, instead of taking the whole run's
    /// time. Generous, since Swift Testing counts whole minutes and each test of such a suite takes
    /// seconds, under a minute with TSan on a loaded two-core machine. It cannot end a test blocked
    /// in a C call (a read on a socket); the process-level watchdog does that.
    public static var ioTimeLimit: Self { .timeLimit(.minutes(5)) }
}
