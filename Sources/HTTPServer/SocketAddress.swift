import Glibc

/// Builds the sockaddr for MHD_OPTION_SOCK_ADDR; only IP literals and "localhost",
/// so a typo fails loudly instead of binding somewhere unexpected.
enum SocketAddress {
    static func make(host: String, port: UInt16) throws -> (UnsafeMutableRawPointer, isIPv6: Bool) {
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<sockaddr_storage>.size, alignment: MemoryLayout<sockaddr_storage>.alignment)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<sockaddr_storage>.size)
        let literal = host == "localhost" ? "127.0.0.1" : host

        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = v4
            storage.storeBytes(of: address, as: sockaddr_in.self)
            return (storage, false)
        }
        var v6 = in6_addr()
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        if inet_pton(AF_INET6, bare, &v6) == 1 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = v6
            storage.storeBytes(of: address, as: sockaddr_in6.self)
            return (storage, true)
        }
        storage.deallocate()
        throw HTTPServerError.invalidHost(host)
    }

    static func localPort(of fd: Int32) -> Int? {
        guard fd >= 0 else { return nil }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard rc == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            return nil
        }
    }
}
