
/// A JSON text as read, every member kept in order (duplicates too: JSONDecoder keeps one of two
/// members with the same name and drops the other without a word) and every number as written (so
/// an integer can be told from 3.5).
package indirect enum JSONDocument: Sendable, Equatable {
    case object([(key: String, value: JSONDocument)])
    case array([JSONDocument])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    package enum Failure: Error, Equatable {
        /// Not one JSON value.
        case malformed
        /// Objects and arrays nested deeper than `maxDepth`.
        case tooDeep
    }

    package static let maxDepth = 32

    package init(parsing bytes: [UInt8]) throws(Failure) {
        var reader = Reader(bytes: bytes)
        self = try reader.document()
    }

    package static func == (a: JSONDocument, b: JSONDocument) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): x == y
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        default: false
        }
    }

    /// The members of an object; nil for anything else.
    package var members: [(key: String, value: JSONDocument)]? {
        if case .object(let m) = self { return m }
        return nil
    }

    /// A value a reply would write, as a request would send it.
    package init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .number(String(i))
        case .double(let d): self = d.isFinite ? .number(String(d)) : .null
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(JSONDocument.init))
        case .object(let members): self = .object(members.map { ($0.0, JSONDocument($0.1)) })
        }
    }

    /// The value as a reply writes it: whole numbers as integers.
    package var value: JSONValue {
        switch self {
        case .object(let m): .object(m.map { ($0.key, $0.value.value) })
        case .array(let items): .array(items.map(\.value))
        case .string(let s): .string(s)
        case .number(let n): Int(n).map(JSONValue.int) ?? Double(n).map(JSONValue.number) ?? .null
        case .bool(let b): .bool(b)
        case .null: .null
        }
    }
}

private struct Reader {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// One whole document: a value and nothing after it but spaces.
    mutating func document() throws(JSONDocument.Failure) -> JSONDocument {
        let v = try value()
        skipSpace()
        guard i == bytes.count else { throw .malformed }
        return v
    }

    private mutating func value() throws(JSONDocument.Failure) -> JSONDocument {
        switch peek() {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"): return .object(try nested { (r: inout Reader) throws(JSONDocument.Failure) in try r.members() })
        case UInt8(ascii: "["): return .array(try nested { (r: inout Reader) throws(JSONDocument.Failure) in try r.items() })
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    /// Objects and arrays nest at most `JSONDocument.maxDepth` deep, so a hostile body cannot
    /// exhaust the stack.
    private mutating func nested<T>(
        _ read: (inout Reader) throws(JSONDocument.Failure) -> T
    ) throws(JSONDocument.Failure) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONDocument.maxDepth else { throw .tooDeep }
        i += 1
        return try read(&self)
    }

    private mutating func members() throws(JSONDocument.Failure) -> [(key: String, value: JSONDocument)] {
        var members: [(key: String, value: JSONDocument)] = []
        if peek() == UInt8(ascii: "}") {
            i += 1
            return members
        }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            members.append((key, try value()))
            if peek() == UInt8(ascii: ",") {
                i += 1
            } else {
                try expect(UInt8(ascii: "}"))
                return members
            }
        }
    }

    private mutating func items() throws(JSONDocument.Failure) -> [JSONDocument] {
        var items: [JSONDocument] = []
        if peek() == UInt8(ascii: "]") {
            i += 1
            return items
        }
        while true {
            items.append(try value())
            if peek() == UInt8(ascii: ",") {
                i += 1
            } else {
                try expect(UInt8(ascii: "]"))
                return items
            }
        }
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func peek() -> UInt8? {
        skipSpace()
        return i < bytes.count ? bytes[i] : nil
    }

    private mutating func expect(_ byte: UInt8) throws(JSONDocument.Failure) {
        guard peek() == byte else { throw .malformed }
        i += 1
    }

    private mutating func literal(_ word: String) throws(JSONDocument.Failure) {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else { throw .malformed }
        i += w.count
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(JSONDocument.Failure) -> String {
        let start = i
        func digits(_ r: inout Reader) -> Int {
            let from = r.i
            while r.i < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.i]) { r.i += 1 }
            return r.i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let leadingZero = i < bytes.count && bytes[i] == UInt8(ascii: "0")
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { throw .malformed }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw .malformed }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw .malformed }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func string() throws(JSONDocument.Failure) -> String {
        try expect(UInt8(ascii: "\""))
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw .malformed }
                return text
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw .malformed }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out += Array(String(try escapedScalar()).utf8)
                default: throw .malformed
                }
            case 0..<0x20: throw .malformed
            default: out.append(b)
            }
        }
        throw .malformed
    }

    /// The scalar after `\u`, joining a surrogate pair.
    private mutating func escapedScalar() throws(JSONDocument.Failure) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { throw .malformed }
            i += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second),
                  let scalar = Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00)) else { throw .malformed }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw .malformed }
        return scalar
    }

    private mutating func hex4() throws(JSONDocument.Failure) -> UInt32 {
        guard bytes.count - i >= 4 else { throw .malformed }
        var v: UInt32 = 0
        for b in bytes[i..<i + 4] {
            guard let d = Character(Unicode.Scalar(b)).hexDigitValue else { throw .malformed }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }
}
