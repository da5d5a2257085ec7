import APIModel
@testable import PreviewServer
import Scenes

/// The boundary tests every declared constraint implies: a range's minimum and maximum must pass
/// validation (any answer but 400), one step beyond each must be refused with a 400 naming the
/// parameter, and so must a value outside an enumeration, a boolean or a colour.
struct BoundaryCase: Sendable, CustomStringConvertible {
    var method: APIOperation.Method
    var path: String
    var parameter: String
    var value: String
    /// Validation accepts the value; otherwise it must refuse it with a 400 naming `parameter`.
    var accepted: Bool
    /// The whole query: the value under test and what the other parameters need (their
    /// examples, so a test of `size` does not render a long clip at full size).
    var query: [(name: String, value: String)]

    var description: String {
        "\(method.rawValue) \(path)?\(parameter)=\(value) → \(accepted ? "accepted" : "400")"
    }

    /// The query as a string, percent-encoding what a URL cannot hold.
    var queryString: String {
        query.map { "\($0.name)=\(Self.escaped($0.value))" }.joined(separator: "&")
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII, c.isLetter || c.isNumber || "-._~,".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

enum BoundaryCases {
    /// Every case of every constrained parameter of every operation, in declaration order.
    static func all(_ operations: [APIOperation]) -> [BoundaryCase] {
        operations.flatMap { op in
            op.parameters.filter { $0.spec.locations != .path }.flatMap { p in
                values(p.spec.type).map { value, accepted in
                    BoundaryCase(method: op.method, path: op.path, parameter: p.spec.name, value: value,
                                 accepted: accepted, query: others(op, besides: p.spec.name) + [(p.spec.name, value)])
                }
            }
        }
    }

    /// The values to try for a type, and whether validation should accept each.
    static func values(_ type: ParameterType) -> [(String, Bool)] {
        switch type.resolved(for: .seeds) {
        case .integer(let r):
            var out = [(String(r.lowerBound), true), (String(r.upperBound), true)]
            if r.lowerBound > Int.min { out.append((String(r.lowerBound - 1), false)) }
            if r.upperBound < Int.max { out.append((String(r.upperBound + 1), false)) }
            return out
        case .number(let r):
            // A hundredth beyond, rounded so the text is what a person would type.
            func text(_ v: Double) -> String { ParameterType.format((v * 1e6).rounded() / 1e6) }
            return [(text(r.lowerBound), true), (text(r.upperBound), true),
                    (text(r.lowerBound - 0.01), false), (text(r.upperBound + 0.01), false)]
        case .enumeration(let words), .list(let words):
            return [(outside(words), false)]
        case .boolean:
            return [("maybe", false)]
        case .string(let maxLength, _):
            return [(String(repeating: "x", count: maxLength + 1), false)]
        case .color(_, let alpha):
            return [("#12345g", false)] + (alpha ? [("#1234567", false), ("#12345678", true)] : [])
        case .colorList(let maxCount):
            return [(Array(repeating: "#000000", count: maxCount).joined(separator: ","), true),
                    (Array(repeating: "#000000", count: maxCount + 1).joined(separator: ","), false), ("#12345g", false)]
        case .curve:
            return [("0,-1,1,2", true), ("1,2,0,-1", true), ("-0.01,0,1,1", false), ("0,0,1.01,1", false),
                    ("0,-1.01,1,1", false), ("0,0,1,2.01", false), ("0,0,1", false), ("bouncy", false)]
        case .controls: return []  // resolved to an enumeration above
        }
    }

    /// A word none of `words` is.
    private static func outside(_ words: [String]) -> String {
        var candidate = "not-a-value"
        while words.contains(candidate) { candidate += "-either" }
        return candidate
    }

    /// Values for the other parameters: every required one and every one with an example, except
    /// one that may not be given together with the parameter under test and those in the path.
    static func others(_ op: APIOperation, besides name: String) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        for p in op.parameters where p.spec.name != name && p.spec.locations != .path {
            let spec = p.spec
            let excluded = op.rules.contains { rule in
                if case .notTogether(let a, let b) = rule { return (a == name && b == spec.name) || (b == name && a == spec.name) }
                return false
            }
            if excluded { continue }
            if let example = spec.example {
                out.append((spec.name, example))
            } else if spec.requirement == .required, let value = sample(spec.type) {
                out.append((spec.name, value))
            }
        }
        return out
    }

    /// Some valid value of a type.
    static func sample(_ type: ParameterType) -> String? {
        switch type.resolved(for: .seeds) {
        case .integer(let r): String(r.lowerBound)
        case .number(let r): ParameterType.format(r.lowerBound)
        case .boolean: "true"
        case .enumeration(let words), .list(let words): words.first
        case .string: "x"
        case .color(let names, _): names.first ?? "#000000"
        case .colorList: "#000000"
        case .curve: "linear"
        case .controls: nil  // resolved to an enumeration above
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
