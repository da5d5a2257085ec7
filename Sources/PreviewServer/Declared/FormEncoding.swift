/// application/x-www-form-urlencoded, as HTML forms and `curl -d` send parameters.
enum FormEncoding {
    /// x-www-form-urlencoded: "+" is a space and "%XX" a byte. Nil, like Foundation's
    /// removingPercentEncoding, when a "%" lacks two hex digits or the bytes are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        // One byte is never a fullwidth digit, the only other hex digits Character knows.
        func hex(_ c: UInt8) -> UInt8? { Character(Unicode.Scalar(c)).hexDigitValue.map(UInt8.init) }
        let input = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            switch input[i] {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
                i += 1
            case UInt8(ascii: "%"):
                guard i + 2 < input.count, let high = hex(input[i + 1]), let low = hex(input[i + 2]) else { return nil }
                bytes.append(high << 4 | low)
                i += 3
            default:
                bytes.append(input[i])
                i += 1
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    /// `a=1&b=2` as its pairs, still encoded; a pair without "=" has an empty value, and empty
    /// pairs (`a=1&&b=2`) are dropped.
    static func pairs(_ text: Substring) -> [(name: Substring, value: Substring)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }
}
