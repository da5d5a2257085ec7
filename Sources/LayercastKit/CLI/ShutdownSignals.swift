import Dispatch
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Logging
import Scenes

/// SIGINT and SIGTERM stop the server cleanly and exit 0: streams are ended, not cut mid-part.
enum ShutdownSignals {
    /// The caller keeps the returned sources alive for as long as it runs.
    static func install(logger: Logger, stop: @escaping @Sendable () -> Void) -> [DispatchSourceSignal] {
        var sources: [DispatchSourceSignal] = []
        let queue = DispatchQueue(label: "layercast.signals")
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                logger.info("received \(sig == SIGINT ? "SIGINT" : "SIGTERM"), stopping")
                stop()
                exit(0)
            }
            source.resume()
            sources.append(source)
        }
        return sources
    }
}
