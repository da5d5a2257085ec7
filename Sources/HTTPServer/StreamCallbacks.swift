import CMicroHTTPD

/// MHD content reader for stream responses. Never returns 0 without suspending (except after a
/// run of back-to-back wakes), because 0 without suspend makes MHD busy-poll.
func streamContentReader(
    cls: UnsafeMutableRawPointer?, position: UInt64, buffer: UnsafeMutablePointer<CChar>?, max: Int
) -> Int {
    guard let cls, let buffer, max > 0 else { return MHD_CONTENT_READER_END_WITH_ERROR }
    let stream = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    let result = readStream(stream, into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
    if result == MHD_CONTENT_READER_END_OF_STREAM { stream.gate.reapAfterEnd() }
    return result
}

private func readStream(_ stream: StreamContext, into target: UnsafeMutableRawBufferPointer) -> Int {
    // Each retry consumed one pending wake; the cap only matters if another thread wakes nonstop.
    for _ in 0..<64 {
        if stream.context.isStopping { return MHD_CONTENT_READER_END_OF_STREAM }
        switch stream.producer.read(into: target, waker: stream.waker) {
        case .bytes(let count) where count > 0:
            let sent = Swift.min(count, target.count)
            stream.bytesSent.add(sent, ordering: .relaxed)
            return sent
        case .end:
            return MHD_CONTENT_READER_END_OF_STREAM
        case .bytes, .wait:
            if stream.peerHasClosed { return MHD_CONTENT_READER_END_OF_STREAM }
            switch stream.gate.suspendUnlessWoken() {
            case .suspended: return 0
            case .retry: continue
            case .stopping: return MHD_CONTENT_READER_END_OF_STREAM
            }
        }
    }
    return 0
}

func streamContentFree(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue().finish()
}
