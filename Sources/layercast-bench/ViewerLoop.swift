import Foundation

/// Drives many viewers from one thread with one poll(2) per turn, as a load generator must on a
/// 2-core machine: no thread per viewer.
final class ViewerLoop {
    private(set) var viewers: [MJPEGViewer] = []
    private var pending: [(at: Double, viewer: MJPEGViewer)] = []
    let port: Int
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)

    init(port: Int) { self.port = port }

    deinit {
        closeAll()
        buffer.deallocate()
    }

    /// Connects `viewer` at monotonic time `at` (now if earlier).
    func add(_ viewer: MJPEGViewer, at: Double) {
        viewers.append(viewer)
        pending.append((at, viewer))
        pending.sort { $0.at < $1.at }
    }

    /// Runs until `deadline`, or until `stop` returns true (checked once per turn).
    func run(until deadline: Double, stop: (Double) -> Bool = { _ in false }) {
        var fds: [pollfd] = []
        var active: [MJPEGViewer] = []
        while true {
            let now = monotonicNow()
            if now >= deadline || stop(now) { return }
            while let first = pending.first, first.at <= now {
                pending.removeFirst()
                first.viewer.start(port: port, now: now)
            }
            fds.removeAll(keepingCapacity: true)
            active.removeAll(keepingCapacity: true)
            for v in viewers where !v.isDone && v.fd >= 0 {
                let events = v.pollEvents(now: now)
                fds.append(pollfd(fd: v.fd, events: events, revents: 0))
                active.append(v)
            }
            // Wake at least every 2 ms so slow viewers' reads stay smooth and new connects start on time.
            var timeoutMS = 2.0
            if let next = pending.first { timeoutMS = min(timeoutMS, max(0, (next.at - now) * 1000)) }
            timeoutMS = min(timeoutMS, max(0, (deadline - now) * 1000))
            let ready = fds.isEmpty
                ? { usleep(UInt32(timeoutMS * 1000)); return Int32(0) }()
                : poll(&fds, nfds_t(fds.count), Int32(timeoutMS.rounded(.up)))
            guard ready > 0 else { continue }
            let after = monotonicNow()
            for (i, v) in active.enumerated() where fds[i].revents != 0 {
                v.handle(revents: fds[i].revents, buffer: buffer, now: after)
            }
        }
    }

    func closeAll() {
        let now = monotonicNow()
        for v in viewers where !v.isDone { v.close(now: now) }
    }

    /// Drops finished viewers (used by the churn loop so the list stays short).
    func removeFinished(_ keep: (MJPEGViewer) -> Void) {
        for v in viewers where v.isDone { keep(v) }
        viewers.removeAll { $0.isDone }
    }
}
