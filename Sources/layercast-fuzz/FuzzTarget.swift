import APIModel
import Controls
import SeedControls
import HTTPServer
import JSON
import PreviewServer
import Rendering
import Scenes

/// What the fuzzer feeds (issue 30, finding 8): each of the server's parsers of what a client
/// sends, given arbitrary bytes. A refusal is the expected answer to most inputs; a crash, a
/// hang or a sanitizer's report is a finding, and its input goes into the target's corpus
/// (Tests/Fuzz/Corpus/TARGET), which every `make test` replays.
enum FuzzTarget: String, CaseIterable {
    /// A stored scenario's JSON document (`POST /scenarios`).
    case scenario
    /// A snapshot document, as a replica restores it.
    case snapshot
    /// A request's query and body, decoded against an operation the first byte picks.
    case request
    /// A merge patch of a control's props (`PATCH /controls/CONTROL/props`).
    case props
    /// An uploaded PNG (`PUT /player/artwork`).
    case png
    /// A request head's framing and Host (`HeadChecks`, `AllowedHosts`).
    case head

    private static let controls = SeedControls.list
    private static let artworks = ArtworkLibrary(controls: controls)
    private static let operations = APICatalogue.operations(controls)
    private static let configuration = PreviewServerConfiguration(controls: controls)
    private static let hosts = AllowedHosts(["studio.lan", ".preview.example.com"])

    func run(_ data: [UInt8]) {
        switch self {
        case .scenario:
            _ = try? Scenario(parsing: data, controls: Self.controls, artworks: Self.artworks)
        case .snapshot:
            let references = ArtworkReferences(configuration: SceneConfiguration(Self.controls), library: Self.artworks)
            _ = try? SceneSnapshot.decode(data, references: references)
        case .request:
            guard let first = data.first else { return }
            let operation = Self.operations[Int(first) % Self.operations.count]
            let (head, body) = Self.split(data.dropFirst())
            let query = head.split(separator: UInt8(ascii: "&")).map { pair in
                let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                return (name: String(decoding: parts[0], as: UTF8.self),
                        value: parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "")
            }
            let types = ["application/json", "application/x-www-form-urlencoded", "", "image/png"]
            let request = HTTPRequest(method: operation.method.rawValue, path: operation.path, query: query,
                                      headers: ["content-type": types[Int(first) / 64]], body: Array(body))
            _ = try? Input(decoding: request, for: operation, configuration: Self.configuration)
        case .props:
            guard let first = data.first else { return }
            let subjects = Self.controls.subjects
            let table = PropTable(subjects[Int(first) % subjects.count], SceneConfiguration(Self.controls))
            if let patch = try? PropTable.patch(Array(data.dropFirst())) {
                _ = try? table.merging(patch, into: table.defaults)
            }
        case .png:
            _ = PNGDecoder.declaredSize(data)
            _ = try? PNGDecoder.decode(data, maxWidth: 512, maxHeight: 512)
        case .head:
            // Lines "L:value" are Content-Lengths, "T:value" transfer codings, anything else a Host.
            var lengths: [String] = [], codings: [String] = [], host: String?
            for line in data.split(separator: UInt8(ascii: "\n")) {
                let text = String(decoding: line.dropFirst(2), as: UTF8.self)
                switch line.prefix(2) {
                case Array("L:".utf8)[...]: lengths.append(text)
                case Array("T:".utf8)[...]: codings.append(text)
                default: host = String(decoding: line, as: UTF8.self)
                }
            }
            _ = HeadChecks.framingProblem(lengths: lengths, codings: codings)
            _ = Self.hosts.allows(host: host)
        }
    }

    /// Before and after the first NUL byte (all of it and nothing when there is none).
    private static func split(_ data: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        guard let nul = data.firstIndex(of: 0) else { return (data, []) }
        return (data[..<nul], data[data.index(after: nul)...])
    }
}
