import Foundation

/// Takes readings every `interval` on a thread of its own until `stop`, so that reading /proc or
/// the server never stalls the viewers' loop, and the readings span the whole run (peaks included).
final class Sampler<Reading>: @unchecked Sendable {
    private let lock = NSLock()
    private var readings: [Reading] = []
    private var running = true

    /// `read` returns what one round read (nothing when the process or the server is gone).
    init(every interval: Double, _ read: @escaping @Sendable () -> [Reading]) {
        let thread = Thread { [weak self] in
            while let self, self.lock.withLock({ self.running }) {
                let round = read()
                self.lock.withLock { self.readings += round }
                Thread.sleep(forTimeInterval: interval)
            }
        }
        thread.start()
    }

    func stop() { lock.withLock { running = false } }

    var all: [Reading] { lock.withLock { readings } }
}

extension Sampler where Reading == ProcSample {
    /// The process `pid` every `interval` seconds.
    convenience init(pid: Int32, every interval: Double = 0.25) {
        self.init(every: interval) { ProcSample.read(pid: pid).map { [$0] } ?? [] }
    }
}
