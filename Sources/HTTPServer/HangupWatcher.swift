import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// Wakes a stream connection as soon as its client hangs up. A suspended connection is out of
/// MHD's poll set, so MHD would notice a departed viewer only at the next part it sends (a frame
/// interval later, or a second on a still scene); meanwhile it counts against the budgets and
/// holds its buffers. Each stream socket is registered once, edge-triggered on EPOLLRDHUP, so a
/// healthy stream costs nothing here after its start.
final class HangupWatcher: Sendable {
    private let epollFD: Int32
    private let stopFD: Int32
    private let gates = Mutex<[UInt64: SuspendGate]>([:])
    private let nextID = Atomic<UInt64>(1)
    private let finished = DispatchSemaphore(value: 0)

    /// nil when the kernel refuses an epoll or eventfd descriptor; streams then work as before.
    init?() {
        let epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { return nil }
        let stopFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard stopFD >= 0 else {
            close(epollFD)
            return nil
        }
        // id 0 is the stop signal.
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(u64: 0))
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, stopFD, &event) == 0 else {
            close(stopFD)
            close(epollFD)
            return nil
        }
        self.epollFD = epollFD
        self.stopFD = stopFD
        // The loop blocks in epoll_wait for the server's lifetime: it gets a queue of its own.
        DispatchQueue(label: "layercast.hangup-watcher", qos: .utility).async { [self] in run() }
    }

    /// Starts watching `fd` for a hangup; returns the id to pass to `unwatch`, or nil.
    func watch(fd: Int32, gate: SuspendGate) -> UInt64? {
        guard fd >= 0 else { return nil }
        let id = nextID.add(1, ordering: .relaxed).oldValue
        gates.withLock { $0[id] = gate }
        var event = epoll_event(events: EPOLLRDHUP.rawValue | EPOLLET.rawValue, data: epoll_data_t(u64: id))
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
            gates.withLock { _ = $0.removeValue(forKey: id) }
            return nil
        }
        return id
    }

    /// Must run before MHD closes `fd` (it does: the stream's free callback comes first), so a
    /// reused descriptor number is never confused with this one.
    func unwatch(fd: Int32, id: UInt64) {
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
        gates.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Ends the thread and closes the descriptors. Call once, after MHD has stopped.
    func stop() {
        var one: UInt64 = 1
        _ = write(stopFD, &one, MemoryLayout<UInt64>.size)
        finished.wait()
        close(stopFD)
        close(epollFD)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        defer { finished.signal() }
        while true {
            let n = events.withUnsafeMutableBufferPointer { epoll_wait(epollFD, $0.baseAddress, Int32($0.count), -1) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            for i in 0..<Int(n) {
                let id = events[i].data.u64
                if id == 0 { return }
                // A wake on a connection that is not suspended is remembered by the gate, and the
                // stream then sees the closed peer before it would suspend.
                gates.withLock { $0[id] }?.hangUp()
            }
        }
    }
}
