import Animation
import HTTPServer

extension APIContext {
    /// Applies a log entry as its operation's own route would have: the request rebuilt from the
    /// entry, decoded against the declaration, and handled with the shared clock reading the
    /// entry's effect time, so every replica applies it at the same scene time.
    func applyLogged(_ entry: LogEntry, body: [UInt8], at host: Double) -> HTTPResponse {
        guard let endpoint = endpoints.first(where: { $0.operation.id == entry.operation }) else {
            logger.error("replication: entry \(entry.id) names an operation this server does not have: \(entry.operation)")
            return .error(status: 500, message: "the log entry names an unknown operation")
        }
        let operation = endpoint.operation
        let request = HTTPRequest(method: operation.method.rawValue, path: entry.path,
                                  query: entry.query.map { ($0.name, $0.value) },
                                  headers: entry.contentType.map { ["content-type": $0] } ?? [:], body: body)
        do {
            let input = try Input(decoding: request, for: operation, configuration: configuration)
            return try SharedClock.$changeTime.withValue(host) { try endpoint.handle(self, input).resolved }
        } catch {
            return HTTPResponse(answering: error)
        }
    }
}

/// `start()` could not join the scene: its log cannot be reached.
public struct ReplicationUnavailable: Error, CustomStringConvertible {
    public let target: ReplicationTarget
    let reason: RedisFailure

    public var description: String { "cannot reach the replication log at \(target): \(reason)" }
}
