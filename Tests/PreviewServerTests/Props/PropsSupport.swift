import Foundation
import HTTPClient
import LayercastTesting

extension TestServer {
    /// The props' values now, as `GET /controls/CONTROL/props` gives them.
    func propValues(_ control: String) throws -> [String: Any] {
        let reply = try jsonObject(get("/controls/\(control)/props"))
        return reply["values"] as? [String: Any] ?? [:]
    }

    /// The scene's revision, from `/state`.
    func revision() throws -> Int {
        try jsonObject(get("/state"))["revision"] as? Int ?? -1
    }
}

/// Two JSON values equal as JSON (numbers by value).
func sameJSON(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (let x as [String: Any], let y as [String: Any]):
        return x.count == y.count && x.allSatisfy { sameJSON($0.value, y[$0.key]) }
    case (let x as [Any], let y as [Any]):
        return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
    case (let x as NSNumber, let y as NSNumber): return x == y
    case (let x as String, let y as String): return x == y
    case (nil, nil): return true
    default: return a is NSNull && b is NSNull
    }
}
