/// The parts of `GET /timeline` the tests read.
struct Timeline: Decodable {
    struct Command: Decodable {
        struct Parameter: Decodable, Equatable {
            let name: String
            let value: String
        }

        let method: String
        let path: String
        let parameters: [Parameter]
        let sceneTime: Double
        let revision: UInt64
    }

    struct Curve: Decodable {
        let name: String?
        let points: [Double]
    }

    struct Body: Decodable {
        let kind: String
        let keyPath: String?
        let begin: Double
        let duration: Double
        let fillMode: String
        let timingFunction: Curve
        let additive: Bool
    }

    struct Animation: Decodable {
        let control: String
        let layer: [String]
        let key: String
        let keyPaths: [String]
        let addedAt: Double
        let outcome: String
        let end: Double?
        let animation: Body
        let cause: Command?
    }

    let from: Double
    let to: Double
    let sceneTime: Double
    let keptFrom: Double
    let historySpan: Double
    let animations: [Animation]
    let commands: [Command]
}
