#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A free TCP port on 127.0.0.1 for a child server (a test's redis-server, the bench's
/// layercast): port 0 is bound and released, so another process could take it in between, a
/// race the tests and benchmarks accept.
public enum LoopbackPort {
    public struct Unavailable: Error {}

    public static func free() throws(Unavailable) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Unavailable() }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Bool in
                bind(fd, p, length) == 0 && getsockname(fd, p, &length) == 0
            }
        }
        guard bound else { throw Unavailable() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
