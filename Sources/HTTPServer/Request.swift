/// A fully received request, as handlers see it.
public struct HTTPRequest: Sendable {
    public let method: String
    /// Already percent-decoded by MHD, without the query.
    public let path: String
    /// In the order sent; a bare `?flag` has the value "".
    public let query: [(name: String, value: String)]
    /// Lower-cased names; repeated headers are joined with ", ".
    public let headers: [String: String]
    public let body: [UInt8]
    public let version: String

    public init(
        method: String,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: [String: String] = [:],
        body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) {
        self.method = method
        self.path = path
        self.query = query
        var lowered: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let existing = lowered[key] { lowered[key] = existing + ", " + value } else { lowered[key] = value }
        }
        self.headers = lowered
        self.body = body
        self.version = version
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
