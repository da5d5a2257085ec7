import HTTPServer
import Controls
import Scenes

/// On a replica, a command that goes through the log is handed to it as its value instead of its
/// handler: the answer comes once the shared log has brought it back and it is applied here
/// (docs/design/replication.md §Commands), without a thread waiting for it.
struct ReplicaRelay: EndpointMiddleware {
    /// The header a replicated command's answer names its log entry in.
    static let entryHeader = "Layercast-Log-Entry"

    let replica: Replica
    let artworks: ArtworkLibrary

    func handle(_ call: EndpointCall, next: @escaping EndpointResponder) throws -> HTTPResponse {
        guard call.operation.goesThroughLog, let value = call.endpoint.commandValue else { return try next(call) }
        let (input, artworks, replica) = (call.input, artworks, replica)
        let constant = call.operation.success.constantHeaders
        return .handedOff { deliver in
            replica.submit({ () throws(Refusal) in try value(input, artworks) }) { answer in
                var response = HTTPResponse(answer)
                if response.status < 300 { response.headers += constant }
                deliver(response)
            }
        }
    }
}

extension HTTPResponse {
    /// A replicated command's answer, its reply or its refusal, naming the log entry it was applied as.
    init(_ answer: LoggedAnswer) {
        switch answer.outcome {
        case .success(let reply): self = .json(raw: reply)
        case .failure(let refusal): self = refusal.response
        }
        if let entry = answer.entry { headers.append((ReplicaRelay.entryHeader, entry)) }
    }
}
