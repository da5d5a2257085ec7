/// Single byte ranges (RFC 9110 §14) of an answer held in memory that offers them by carrying
/// `Accept-Ranges: bytes`: a player seeks in a clip, and Safari plays no MP4 without them. A request
/// for several ranges, or one that cannot be parsed, gets the whole answer, as the RFC allows; so
/// does one whose `If-Range` does not name the answer's `ETag`. A range that starts past the end
/// gets 416 with the length.
enum ByteRanges {
    enum Wanted: Equatable {
        /// Send the whole answer.
        case whole
        case part(ClosedRange<Int>)
        case unsatisfiable
    }

    static func serve(_ response: HTTPResponse, method: String, header: (String) -> String?) -> HTTPResponse {
        guard method == "GET", response.status == 200, response.header("Accept-Ranges") == "bytes",
              case .bytes(let bytes) = response.body, let range = header("Range") else { return response }
        if let ifRange = header("If-Range"), ifRange != response.header("ETag") { return response }
        switch wanted(range, length: bytes.count) {
        case .whole:
            return response
        case .part(let part):
            return HTTPResponse(status: 206,
                                headers: response.headers + [("Content-Range", "bytes \(part.lowerBound)-\(part.upperBound)/\(bytes.count)")],
                                body: .bytes(Array(bytes[part])))
        case .unsatisfiable:
            return .error(status: 416, message: "range not satisfiable",
                          ["parameter": .string("Range"), "allowed": .string(bytes.isEmpty ? "none: the answer is empty"
                                                                                  : "bytes=0-\(bytes.count - 1), one range")],
                          headers: [("Content-Range", "bytes */\(bytes.count)")])
        }
    }

    /// What a `Range` header asks of an answer `length` bytes long.
    static func wanted(_ header: String, length: Int) -> Wanted {
        let value = trimmed(header[...])
        guard value.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = trimmed(value.dropFirst("bytes=".count))
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            // The last n bytes.
            guard let n = number(last) else { return .whole }
            guard n > 0, length > 0 else { return .unsatisfiable }
            return .part(max(0, length - n)...(length - 1))
        }
        guard let start = number(first) else { return .whole }
        let end: Int
        if last.isEmpty {
            end = length - 1
        } else {
            guard let given = number(last), given >= start else { return .whole }
            end = min(given, length - 1)
        }
        return start < length ? .part(start...end) : .unsatisfiable
    }

    /// Decimal digits as a count; a number too large for `Int` is `Int.max` (past any end).
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(digits) ?? Int.max
    }
}

/// Without the spaces and tabs around it (a header value's optional whitespace).
private func trimmed(_ text: Substring) -> Substring {
    guard let from = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
          let to = text.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return text[text.endIndex...] }
    return text[from...to]
}
