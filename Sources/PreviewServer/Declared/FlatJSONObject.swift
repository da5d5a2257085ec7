/// A JSON body of parameters: one object of strings, numbers, booleans and nulls, read with every
/// member kept in order. JSONDecoder keeps one of two members with the same name and drops the
/// other without a word, so a parameter given twice could not be refused; hence this small reader.
struct FlatJSONObject: Sendable, Equatable {
    enum Kind: String, Sendable { case string, number, bool = "boolean" }

    enum Value: Sendable, Equatable {
        case string(String)
        /// The number as written, so an integer parameter can tell 3 from 3.5.
        case number(String)
        case bool(Bool)
        case null

        var kind: Kind? {
            switch self {
            case .string: .string
            case .number: .number
            case .bool: .bool
            case .null: nil
            }
        }

        var text: String {
            switch self {
            case .string(let s), .number(let s): s
            case .bool(let b): b ? "true" : "false"
            case .null: "null"
            }
        }
    }

    enum Failure: Error, Equatable {
        /// Not JSON, or JSON but not an object.
        case notAnObject
        /// A member's value is an object or an array.
        case nested(key: String)
    }

    var members: [(key: String, value: Value)]

    static func == (a: FlatJSONObject, b: FlatJSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    init(parsing bytes: [UInt8]) throws(Failure) {
        var reader = Reader(bytes: bytes)
        members = try reader.object()
    }
}

private struct Reader {
    let bytes: [UInt8]
    var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func object() throws(FlatJSONObject.Failure) -> [(key: String, value: FlatJSONObject.Value)] {
        try expect(UInt8(ascii: "{"))
        var members: [(key: String, value: FlatJSONObject.Value)] = []
        if peek() == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                let key = try string()
                try expect(UInt8(ascii: ":"))
                members.append((key, try value(of: key)))
                if peek() == UInt8(ascii: ",") {
                    i += 1
                } else {
                    try expect(UInt8(ascii: "}"))
                    break
                }
            }
        }
        skipSpace()
        guard i == bytes.count else { throw .notAnObject }
        return members
    }

    private mutating func value(of key: String) throws(FlatJSONObject.Failure) -> FlatJSONObject.Value {
        switch peek() {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"), UInt8(ascii: "["): throw .nested(key: key)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func peek() -> UInt8? {
        skipSpace()
        return i < bytes.count ? bytes[i] : nil
    }

    private mutating func expect(_ byte: UInt8) throws(FlatJSONObject.Failure) {
        guard peek() == byte else { throw .notAnObject }
        i += 1
    }

    private mutating func literal(_ word: String) throws(FlatJSONObject.Failure) {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else { throw .notAnObject }
        i += w.count
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(FlatJSONObject.Failure) -> String {
        let start = i
        func digits(_ r: inout Reader) -> Int {
            let from = r.i
            while r.i < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.i]) { r.i += 1 }
            return r.i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let leadingZero = i < bytes.count && bytes[i] == UInt8(ascii: "0")
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { throw .notAnObject }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw .notAnObject }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw .notAnObject }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func string() throws(FlatJSONObject.Failure) -> String {
        try expect(UInt8(ascii: "\""))
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw .notAnObject }
                return text
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw .notAnObject }
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
                default: throw .notAnObject
                }
            case 0..<0x20: throw .notAnObject
            default: out.append(b)
            }
        }
        throw .notAnObject
    }

    /// The scalar after `\u`, joining a surrogate pair.
    private mutating func escapedScalar() throws(FlatJSONObject.Failure) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { throw .notAnObject }
            i += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second),
                  let scalar = Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00)) else { throw .notAnObject }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw .notAnObject }
        return scalar
    }

    private mutating func hex4() throws(FlatJSONObject.Failure) -> UInt32 {
        guard bytes.count - i >= 4 else { throw .notAnObject }
        var v: UInt32 = 0
        for b in bytes[i..<i + 4] {
            guard let d = Character(Unicode.Scalar(b)).hexDigitValue else { throw .notAnObject }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }
}
