import Foundation
import HTTPClient
import HTTPServer

/// The router mode's transport: a request target and body become an `HTTPRequest` the way the
/// HTTP layer builds it (path and query values percent-decoded, `+` in the query a space), and the
/// handler's `HTTPResponse` becomes the response a client would read.
public enum InProcess {
    public struct StreamNeedsLiveMode: Error, CustomStringConvertible {
        public let description = "a streamed response needs a live server (TestServer(.live))"
    }

    public static func respond(_ handler: (HTTPRequest) -> HTTPResponse, _ method: String, _ target: String,
                               headers: [(String, String)] = [], body: [UInt8] = []) throws -> HTTPProbeResponse {
        let (rawPath, rawQuery) = target.firstIndex(of: "?").map { (target[..<$0], target[target.index(after: $0)...]) }
            ?? (Substring(target), "")
        let query = rawQuery.split(separator: "&").map { pair -> (name: String, value: String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ s: Substring) -> String { s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s) }
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
        let request = HTTPRequest(method: method, path: String(rawPath).removingPercentEncoding ?? String(rawPath), query: query,
                                  headers: Dictionary(headers, uniquingKeysWith: { first, _ in first }), body: body)
        let response = handler(request).resolved
        var status = response.status, bytes: [UInt8]
        switch response.body {
        case .bytes(let b): bytes = b
        case .file(let path, _):
            // As the HTTP layer does, a file that cannot be opened becomes a 404.
            let contents = FileManager.default.contents(atPath: path)
            if contents == nil { status = 404 }
            bytes = Array(contents ?? Data())
        case .stream: throw StreamNeedsLiveMode()
        case .deferred: preconditionFailure("resolved above")
        }
        if method == "HEAD" { bytes = [] }
        return HTTPProbeResponse(status: status, reason: "", version: "HTTP/1.1", headers: response.headers, body: bytes)
    }
}
