/// What a frame shows, by the names the HTTP API's `control` parameter uses: one control, by its id
/// ("play-button"), or every control in a grid (`all`). The ids are a list's controls'
/// (`ControlList`), so a plugin's id is a subject like any other.
public struct FrameSubject: RawRepresentable, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Every control, in a grid.
    public static let all = FrameSubject(rawValue: "all")

    /// "play-button" as a document's key: "playButton".
    public var documentKey: String {
        let words = rawValue.split(separator: "-")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    public var description: String { rawValue }

    public static func < (a: FrameSubject, b: FrameSubject) -> Bool { a.rawValue < b.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
