import Foundation

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
        var fd: Int32
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
            guard let fd = connect(from: "127.\(n >> 16 & 0xFF).\(n >> 8 & 0xFF).\(n & 0xFF)", port: target.port) else {
                outcome.wrong.append("connect failed")
                continue
            }
            let opened = monotonicNow()
            _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            drippers.append(Dripper(fd: fd, openedAt: opened))
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
            close(d.fd)
        }
        let stillOpen = drippers.filter { $0.closedAt == nil }.count
        if stillOpen > 0 { outcome.wrong.append("\(stillOpen) still open at the end") }
        outcome.note = "\(drippers.count) connected, \(drippers.count - stillOpen) cut"
        return outcome
    }

    private func connect(from source: String, port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var local = sockaddr_in(), remote = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = UInt16(port).bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &local) { l in
            withUnsafePointer(to: &remote) { r in
                l.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
                    && r.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
        }
        if ok { return fd }
        close(fd)
        return nil
    }
}

/// Raises this process's soft open-file limit toward `count`, as far as the hard limit allows.
func raiseOpenFileLimit(to count: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
    limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
