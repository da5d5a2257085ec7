import Foundation
import HTTPClient

/// Asks for /state every `interval` on its own thread (a kept-alive connection, reopened after a
/// failure) and keeps every latency; a failure counts as the 5 s timeout.
final class StatePoller: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [(at: Double, seconds: Double)] = []
    private var failures = 0
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(host: String, port: Int, interval: Double = 0.05) {
        let thread = Thread { [self] in
            let client = SimpleHTTPClient(host: host, port: port, timeout: .seconds(5))
            while lock.withLock({ running }) {
                let start = monotonicNow()
                let ok = (try? client.request("GET", "/state"))?.status == 200
                let elapsed = ok ? monotonicNow() - start : 5
                lock.withLock {
                    samples.append((start, elapsed))
                    if !ok { failures += 1 }
                }
                let wait = interval - (monotonicNow() - start)
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
            }
            client.close()
            done.signal()
        }
        thread.start()
    }

    func stop() {
        lock.withLock { running = false }
        done.wait()
    }

    /// Latencies of the requests started in [from, to].
    func latencies(from: Double, to: Double) -> [Double] {
        lock.withLock { samples.filter { $0.at >= from && $0.at <= to }.map(\.seconds) }
    }

    var failureCount: Int { lock.withLock { failures } }
}
