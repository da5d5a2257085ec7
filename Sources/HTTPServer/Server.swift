import CMicroHTTPD
import Glibc
import Logging
import Synchronization

public enum HTTPServerError: Error, CustomStringConvertible {
    case invalidHost(String)
    case alreadyRunning
    case startFailed(host: String, port: UInt16)

    public var description: String {
        switch self {
        case .invalidHost(let host): return "invalid listen address \(host) (use an IP literal or localhost)"
        case .alreadyRunning: return "server already running"
        case .startFailed(let host, let port):
            return "could not start the HTTP server on \(host):\(port) (port in use, or no permission?)"
        }
    }
}

/// A libmicrohttpd daemon (one epoll thread) serving a `Router`.
public final class HTTPServer: Sendable {
    public typealias Configuration = HTTPServerConfiguration

    public let configuration: Configuration
    public let router: Router
    public let counters = HTTPServerCounters()
    private let logger: Logger

    private struct Running {
        var daemon: OpaquePointer
        var context: ServerContext
        var address: UnsafeMutableRawPointer
    }

    private let running = Mutex<Running?>(nil)
    private let boundPort = Atomic<Int>(0)
    private let streamsAtLastStop = Atomic<Int>(0)

    public init(configuration: Configuration = Configuration(), router: Router,
                logger: Logger = Logger(label: "layercast.http")) {
        self.configuration = configuration
        self.router = router
        self.logger = logger
    }

    deinit {
        stop()
    }

    /// The bound port (the real one when configured with 0); 0 while stopped.
    public var port: Int { boundPort.load(ordering: .acquiring) }

    public var isRunning: Bool { running.withLock { $0 != nil } }

    /// How many stream connections were open when `stop()` last ran.
    public var streamsOpenAtLastStop: Int { streamsAtLastStop.load(ordering: .relaxed) }

    public func start() throws {
        try running.withLock { running in
            guard running == nil else { throw HTTPServerError.alreadyRunning }
            let (address, isIPv6) = try SocketAddress.make(host: configuration.host, port: configuration.port)
            DescriptorLimit.raise(toAtLeast: configuration.connectionLimit + DescriptorLimit.reserve, logger: logger)
            let context = ServerContext(router: router, configuration: configuration, logger: logger,
                                        counters: counters)
            let contextPointer = Unmanaged.passRetained(context).toOpaque()

            var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
                | MHD_USE_ERROR_LOG.rawValue
            if isIPv6 { flags |= MHD_USE_IPv6.rawValue }

            let logFn: MHD_LogCallback = mhdLogCallback
            let completedFn: MHD_RequestCompletedCallback = requestCompletedCallback
            let connectionFn: MHD_NotifyConnectionCallback = connectionNotifyCallback
            let requestLineFn: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?)
                -> UnsafeMutableRawPointer? = requestLineCallback
            let accessFn: MHD_AccessHandlerCallback = accessHandlerCallback
            let unescapeFn: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int
                = unescapeCallback
            let timeout = configuration.connectionTimeout.components
            let timeoutSeconds = max(0, Int(timeout.seconds) + (timeout.attoseconds > 0 ? 1 : 0))
            // The logger must come first, or MHD sends early messages to stderr.
            let options: [MHD_OptionItem] = [
                MHD_OptionItem(option: .EXTERNAL_LOGGER, value: unsafeBitCast(logFn, to: Int.self),
                               ptr_value: contextPointer),
                MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: timeoutSeconds, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.connectionLimit), ptr_value: nil),
                MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: max(0, configuration.maxConnectionsPerIP),
                               ptr_value: nil),
                MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(completedFn, to: Int.self),
                               ptr_value: contextPointer),
                MHD_OptionItem(option: .URI_LOG_CALLBACK, value: unsafeBitCast(requestLineFn, to: Int.self), ptr_value: nil),
                MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(connectionFn, to: Int.self),
                               ptr_value: contextPointer),
                MHD_OptionItem(option: .UNESCAPE_CALLBACK, value: unsafeBitCast(unescapeFn, to: Int.self),
                               ptr_value: nil),
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: address),
                MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
            ]
            let daemon = options.withUnsafeBufferPointer { buffer in
                lc_mhd_start_daemon(flags, configuration.port, accessFn, contextPointer, buffer.baseAddress)
            }
            guard let daemon else {
                context.tracker.stop()
                Unmanaged<ServerContext>.fromOpaque(contextPointer).release()
                address.deallocate()
                throw HTTPServerError.startFailed(host: configuration.host, port: configuration.port)
            }
            var port = Int(lc_mhd_bind_port(daemon))
            if port == 0 { port = SocketAddress.localPort(of: lc_mhd_listen_fd(daemon)) ?? 0 }
            boundPort.store(port, ordering: .releasing)
            running = Running(daemon: daemon, context: context, address: address)
            logger.info("HTTP server listening on \(configuration.host):\(port)")
        }
    }

    /// Stops accepting, ends every stream (producers get `closed()`), and stops the daemon.
    /// Returns how many stream connections were open at that moment.
    @discardableResult
    public func stop() -> Int {
        running.withLock { running -> Int in
            guard let current = running else { return 0 }
            running = nil
            let context = current.context
            // Set before touching the gates, so nothing can suspend again once we resumed it.
            context.beginStopping()
            let openStreams = counters.openStreams.load(ordering: .relaxed)
            let listenFD = MHD_quiesce_daemon(current.daemon)
            context.tracker.waitForAnsweredPages(upTo: .seconds(1))
            // MHD panics in MHD_stop_daemon if any connection is still suspended.
            for gate in context.liveGates { gate.resumeForShutdown() }
            MHD_stop_daemon(current.daemon)
            if listenFD >= 0 { close(listenFD) }
            context.hangups?.stop()
            context.tracker.stop()
            for gate in context.liveGates { gate.markGone() }
            Unmanaged<ServerContext>.fromOpaque(context.unmanagedPointer).release()
            current.address.deallocate()
            boundPort.store(0, ordering: .releasing)
            streamsAtLastStop.store(openStreams, ordering: .relaxed)
            logger.info("HTTP server stopped (\(openStreams) open streams closed)")
            return openStreams
        }
    }
}
