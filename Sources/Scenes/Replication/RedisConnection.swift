import CHiredis
import Glibc

/// One reply of Redis, as hiredis parses it.
package enum RedisReply: Sendable, Equatable {
    case string([UInt8])
    case integer(Int64)
    case array([RedisReply])
    case null
    case status(String)

    package var text: String? {
        switch self {
        case .string(let bytes): String(decoding: bytes, as: UTF8.self)
        case .status(let s): s
        case .integer(let i): String(i)
        default: nil
        }
    }

    package var elements: [RedisReply] {
        if case .array(let items) = self { return items }
        return []
    }
}

/// Why a command did not get a reply: the connection failed (the log is unreachable), or Redis
/// answered with an error.
package enum RedisFailure: Error, Sendable, Equatable {
    case unreachable(String)
    case refused(String)
}

/// A blocking connection to Redis through hiredis. Not shared between threads: the replica's
/// reader holds one for `XREAD BLOCK`, the writers another (`RedisPool`).
package final class RedisConnection {
    private var context: UnsafeMutablePointer<redisContext>?

    /// Connects within `timeout` seconds; commands then time out after `commandTimeout`.
    package init(host: String, port: Int, timeout: Double, commandTimeout: Double) throws(RedisFailure) {
        let c = redisConnectWithTimeout(host, Int32(port), Self.timeval(timeout))
        guard let c else { throw .unreachable("cannot allocate a connection") }
        if c.pointee.err != 0 {
            let message = Self.errorText(c)
            redisFree(c)
            throw .unreachable(message)
        }
        _ = redisSetTimeout(c, Self.timeval(commandTimeout))
        context = c
    }

    deinit { if let context { redisFree(context) } }

    /// Runs one command; each argument is sent as bytes, so binary values (artwork) go as they are.
    /// After a connection failure the connection is dead: every later call throws `.unreachable`.
    package func command(_ arguments: [[UInt8]]) throws(RedisFailure) -> RedisReply {
        guard let context else { throw .unreachable("connection closed") }
        let lengths = arguments.map(\.count)
        let buffers = arguments.map { bytes -> UnsafeMutablePointer<CChar> in
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { memcpy(buffer, base, bytes.count) }
            }
            return buffer
        }
        defer { buffers.forEach { $0.deallocate() } }
        var raw = buffers.map { UnsafePointer<CChar>?($0) }
        let reply = raw.withUnsafeMutableBufferPointer { argv in
            lengths.withUnsafeBufferPointer { argvlen in
                redisCommandArgv(context, Int32(arguments.count), argv.baseAddress, argvlen.baseAddress)
            }
        }
        guard let reply else {
            let message = Self.errorText(context)
            redisFree(context)
            self.context = nil
            throw .unreachable(message)
        }
        defer { freeReplyObject(reply) }
        return try Self.convert(reply.assumingMemoryBound(to: redisReply.self))
    }

    package func command(_ arguments: String...) throws(RedisFailure) -> RedisReply {
        try command(arguments.map { Array($0.utf8) })
    }

    private static func convert(_ reply: UnsafeMutablePointer<redisReply>) throws(RedisFailure) -> RedisReply {
        let r = reply.pointee
        switch r.type {
        case REDIS_REPLY_STRING:
            return .string(bytes(r.str, r.len))
        case REDIS_REPLY_STATUS:
            return .status(String(decoding: bytes(r.str, r.len), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            throw .refused(String(decoding: bytes(r.str, r.len), as: UTF8.self))
        case REDIS_REPLY_INTEGER:
            return .integer(Int64(r.integer))
        case REDIS_REPLY_ARRAY:
            var items: [RedisReply] = []
            for i in 0..<Int(r.elements) {
                guard let element = r.element?[i] else { items.append(.null); continue }
                items.append(try convert(element))
            }
            return .array(items)
        default:
            return .null
        }
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private static func errorText(_ c: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: c.pointee.errstr) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func timeval(_ seconds: Double) -> Glibc.timeval {
        Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
    }
}
