import CMicroHTTPD
import Glibc

/// Turns a routed request into an MHD response on the MHD thread.
enum Responder {
    static func respond(state: RequestState, connection: OpaquePointer, context: ServerContext) -> MHD_Result {
        if state.answered { return .YES }
        // The answer already went out on the socket (a body refused mid-upload): close.
        if state.answeredDirectly { return .NO }

        // Back from deferred work (MHD calls the access handler again after resume).
        if let gate = state.offloadGate {
            state.offloadGate = nil
            defer { gate.markGone() }
            // No answer means stop() resumed us before the handler finished: just close.
            guard let response = gate.takeResult() else { return .NO }
            return queue(response, state: state, connection: connection, context: context)
        }

        let response: HTTPResponse
        switch state.match {
        case .notFound: response = Router.notFoundResponse(path: state.path)
        case .methodNotAllowed(let allowed):
            response = Router.methodNotAllowedResponse(method: state.method, path: state.path, allowed: allowed)
        case .options(let allowed, let crossOrigin):
            response = crossOrigin
                ? CrossOrigin.preflight(Router.optionsResponse(allowed: allowed),
                                        requestedMethod: lookupHeader("Access-Control-Request-Method", connection: connection))
                : Router.optionsResponse(allowed: allowed)
        case .route(let route):
            let request = makeRequest(state: state, connection: connection)
            state.body = []
            response = route.handler(request)
        }
        return queue(response, state: state, connection: connection, context: context)
    }

    static func payloadTooLarge(_ state: RequestState) -> HTTPResponse {
        .error(status: 413, message: "request body too large", ["limit": .int(state.maxBodyBytes)],
               headers: [("Connection", "close")])
    }

    /// One request header (MHD compares names without case; of a repeated header, the first).
    static func lookupHeader(_ name: String, connection: OpaquePointer) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    static func makeRequest(state: RequestState, connection: OpaquePointer) -> HTTPRequest {
        var headers: [String: String] = [:]
        for (name, value) in connectionValues(connection, kind: .HEADER_KIND) {
            let key = name.lowercased()
            if let existing = headers[key] { headers[key] = existing + ", " + value } else { headers[key] = value }
        }
        let query = connectionValues(connection, kind: .GET_ARGUMENT_KIND).map { (name: $0.0, value: $0.1) }
        return HTTPRequest(method: state.method, path: state.path, query: query, headers: headers,
                           body: state.body, version: state.version)
    }

    /// Suspends the connection, runs the work on its lane, and resumes to queue the answer.
    private static func offload(
        _ deferred: DeferredWork, state: RequestState, connection: OpaquePointer, context: ServerContext
    ) -> MHD_Result {
        let gate = SuspendGate(connection: connection, kind: .offload, context: context)
        context.register(gate)
        guard case .suspended = gate.suspendUnlessWoken() else {
            gate.markGone()
            return queue(.error(status: 503, message: "server is stopping"), state: state, connection: connection,
                         context: context)
        }
        state.offloadGate = gate
        let start = deferred.start
        let run: @Sendable () -> Void = { start { gate.deliver($0) } }
        switch deferred.lane {
        case .shared:
            context.offloadQueue.async {
                DedicatedThread.lowerCurrentThread(to: DedicatedThread.sharedWorkNiceness)
                run()
            }
        case .ownThread:
            if !DedicatedThread.start(niceness: DedicatedThread.longWorkNiceness, run) { context.offloadQueue.async(execute: run) }
        case .handedOff:
            run()
        }
        return .YES
    }

    static func queue(
        _ response: HTTPResponse, state: RequestState, connection: OpaquePointer, context: ServerContext
    ) -> MHD_Result {
        if case .deferred(let deferred) = response.body {
            return offload(deferred, state: state, connection: connection, context: context)
        }
        let response = Router.finished(response, match: state.match, method: state.method) { name in
            lookupHeader(name, connection: connection)
        }
        state.answered = true
        state.status = response.status
        if let held = response.heldUntilSent { state.held.append(held) }
        let isHead = state.method == "HEAD"
        var headers = response.headers

        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bufferResponse(bytes)
            state.bytesSent = isHead ? 0 : bytes.count
        case .file(let path, _):
            guard let (fileResponse, size) = fileResponse(path: path) else {
                return queue(Router.notFoundResponse(path: state.path), state: state, connection: connection,
                             context: context)
            }
            mhdResponse = fileResponse
            state.bytesSent = isHead ? 0 : size
        case .deferred:
            // Handled above.
            return .NO
        case .stream(let producer):
            if isHead {
                // A HEAD never reads the stream: release the producer now and send the headers only.
                producer.closed()
                mhdResponse = bufferResponse([])
                headers.append(("Connection", "close"))
            } else {
                mhdResponse = streamResponse(producer, state: state, connection: connection, context: context)
            }
        }
        guard let mhdResponse else {
            context.logger.error("could not create a response for \(state.method) \(state.path)")
            return .NO
        }
        for (name, value) in headers {
            // MHD refuses headers it manages itself (e.g. Content-Length); that is fine.
            _ = MHD_add_response_header(mhdResponse, name, value)
        }
        let result = MHD_queue_response(connection, UInt32(clamping: response.status), mhdResponse)
        // The connection holds its own reference; this one is no longer needed.
        MHD_destroy_response(mhdResponse)
        return result
    }

    private static func bufferResponse(_ bytes: [UInt8]) -> OpaquePointer? {
        if bytes.isEmpty {
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        return bytes.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
    }

    /// The size comes from fstat, not from the caller, so a changed file cannot desync Content-Length.
    private static func fileResponse(path: String) -> (OpaquePointer, Int)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        let size = Int(info.st_size)
        // MHD owns (and closes) the descriptor from here on.
        guard let response = MHD_create_response_from_fd(size, fd) else {
            close(fd)
            return nil
        }
        return (response, size)
    }

    private static func streamResponse(
        _ producer: any StreamProducer, state: RequestState, connection: OpaquePointer, context: ServerContext
    ) -> OpaquePointer? {
        let gate = SuspendGate(connection: connection, kind: .stream, context: context)
        context.register(gate)
        let stream = StreamContext(producer: producer, gate: gate, context: context,
                                   socketFD: lc_mhd_connection_fd(connection))
        let retained = Unmanaged.passRetained(stream)
        guard let response = MHD_create_response_from_callback(
            UInt64.max, 32 * 1024, streamContentReader, retained.toOpaque(), streamContentFree)
        else {
            retained.release()
            stream.finish()
            return nil
        }
        // Plain bytes until close for every client: naive MJPEG readers cannot handle chunking.
        _ = lc_mhd_set_response_flags(response, lc_mhd_http10_strict_flags())
        if let lowWatermark = context.configuration.streamSendLowWatermark {
            setSendLowWatermark(fd: stream.socketFD, bytes: lowWatermark, context: context)
        }
        state.stream = stream
        return response
    }

    private static func setSendLowWatermark(fd: Int32, bytes: Int, context: ServerContext) {
        guard fd >= 0 else { return }
        var value = Int32(clamping: bytes)
        let rc = setsockopt(fd, Int32(IPPROTO_TCP), lc_tcp_notsent_lowat_option(), &value,
                            socklen_t(MemoryLayout<Int32>.size))
        if rc != 0 {
            context.logger.debug("TCP_NOTSENT_LOWAT not set (errno \(errno))")
        }
    }
}
