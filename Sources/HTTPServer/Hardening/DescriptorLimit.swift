import Glibc
import Logging

/// Every connection holds a descriptor, so a soft `RLIMIT_NOFILE` below the connection limit
/// (1,024 is a common default) would make accept fail long before MHD's limit is reached.
enum DescriptorLimit {
    /// Descriptors besides connections: the listening socket, epoll and eventfds, files being
    /// served, stderr.
    static let reserve = 64

    /// Raises the soft limit toward `wanted`, as far as the hard limit allows; never lowers it.
    static func raise(toAtLeast wanted: Int, logger: Logger) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let target = rlim_t(wanted)
        guard limit.rlim_cur < target else { return }
        limit.rlim_cur = min(target, limit.rlim_max)
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 || limit.rlim_cur < target {
            logger.warning("open-file limit is \(limit.rlim_cur), below the \(wanted) descriptors the connection limit needs")
        }
    }
}
