import Animation
import Controls
import HTTPServer

/// `/play-button/mode`, `/highlighted`, `/enabled`, `/theme` and `GET /play-button/paths`.
extension APIContext {
    func playButtonMode(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = try ParameterValues(command: request)
            guard let mode = try p.choice("mode", as: PlayButton.Mode.self) else {
                throw .missing("mode", allowed: PlayButton.Mode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let animated = try p.bool("animated", default: true) ?? true
            return commandReply(scene.apply { s, t in
                s.playButton.setMode(mode, animated: animated, at: t)
                return s.playButton.state(at: t)
            })
        }
    }

    enum PlayButtonFlag { case highlighted, enabled }

    func playButtonFlag(_ flag: PlayButtonFlag, _ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = try ParameterValues(command: request)
            guard let value = try p.bool("value") else { throw .missing("value", allowed: "true or false") }
            return commandReply(scene.apply { s, t in
                switch flag {
                case .highlighted: s.playButton.setHighlighted(value, at: t)
                case .enabled: s.playButton.setEnabled(value, at: t)
                }
                return s.playButton.state(at: t)
            })
        }
    }

    func playButtonTheme(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = try ParameterValues(command: request)
            let names = PlayButton.Theme.all.map(\.name).joined(separator: ", ")
            // The theme may also be the whole body, as in `curl -X PUT -d sample`.
            let raw = p["theme"] ?? p["value"] ?? p.values.first(where: { $0.value.isEmpty })?.key
            guard let raw else { throw .missing("theme", allowed: names) }
            guard let theme = PlayButton.Theme.named(raw) else { throw .badParameter("theme", raw, allowed: names) }
            return commandReply(scene.apply { s, t in
                s.playButton.setTheme(theme, at: t)
                return s.playButton.state(at: t)
            })
        }
    }

    func playButtonPaths(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = ParameterValues(query: request)
            guard let shape = try p.choice("shape", as: PlayButton.Shape.self) else {
                throw .missing("shape", allowed: PlayButton.Shape.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let path = PlayButton.shapePath(shape)
            return .json(encoding: ShapePathReply(shape: shape.rawValue, path: path), encoder: SceneStateEncoding.encoder)
        }
    }
}

/// A shape's elements in the 44×44 design space, so anyone can check the morph structure.
struct ShapePathReply: Encodable {
    let shape: String
    let elementCount: Int
    let kinds: String
    let elements: [PlayButton.State.Element]

    init(shape: String, path: Path) {
        self.shape = shape
        elementCount = path.elements.count
        kinds = path.elements.map { e in
            switch e {
            case .move: "M"
            case .line: "L"
            case .cubic: "C"
            case .close: "Z"
            }
        }.joined(separator: " ")
        elements = path.elements.map(PlayButton.State.Element.init)
    }
}
