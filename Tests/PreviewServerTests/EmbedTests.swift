import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Testing

/// /embed, /embed.js and /oembed (issue 34).
@Suite(.ioTimeLimit) struct EmbedTests {
    /// oEmbed 1.0 §2.3.4: every answer has `type` and `version` "1.0"; a photo `url`, `width` and
    /// `height`; a video and a rich answer `html`, `width` and `height`.
    static func expectValid(_ document: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(document["version"] as? String == "1.0", sourceLocation: sourceLocation)
        let type = document["type"] as? String
        let required: [String] = switch type {
        case "photo": ["url", "width", "height"]
        case "video", "rich": ["html", "width", "height"]
        default: ["a known type"]
        }
        for member in required {
            #expect(document[member] != nil, "\(type ?? "no type") needs \(member)", sourceLocation: sourceLocation)
        }
        for member in ["width", "height"] {
            #expect((document[member] as? Int).map { $0 > 0 } == true, sourceLocation: sourceLocation)
        }
    }

    @Test func oEmbedDescribesThisServersEmbedPagesClipsAndFrames() throws {
        try withTestServer { s in
            let base = "http://127.0.0.1:\(s.port)"
            func oembed(_ url: String, _ more: String = "") throws -> HTTPProbeResponse {
                let escaped = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
                return try s.get("/oembed?url=\(escaped)\(more)")
            }
            let rich = try jsonObject(try oembed(base + "/embed?control=spinner&autoplay"))
            Self.expectValid(rich)
            #expect(rich["type"] as? String == "rich" && rich["width"] as? Int == 240 && rich["height"] as? Int == 240)
            #expect((rich["html"] as? String)?.hasPrefix("<iframe src=\"\(base)/embed?control=spinner&amp;autoplay\"") == true)
            #expect(rich["provider_name"] as? String == "Layercast" && rich["provider_url"] as? String == base)

            let video = try jsonObject(try oembed(base + "/clip.mp4?control=meter&size=100", "&maxwidth=50&format=json"))
            Self.expectValid(video)
            #expect(video["type"] as? String == "video" && video["width"] as? Int == 50 && video["height"] as? Int == 50)
            #expect((video["html"] as? String)?.contains("<video src=\"\(base)/clip.mp4?control=meter&amp;size=100\"") == true)

            let photo = try jsonObject(try oembed(base + "/frame.png?control=spinner&size=64&scale=2"))
            Self.expectValid(photo)
            #expect(photo["type"] as? String == "photo" && photo["url"] as? String == base + "/frame.png?control=spinner&size=64&scale=2")
            #expect(photo["width"] as? Int == 64, "points: the frame is 128 pixels at scale 2")

            #expect(try oembed("http://elsewhere.example/embed").status == 404)
            #expect(try oembed(base + "/state").status == 404)
            #expect(try oembed(base + "/frame.png?size=1").status == 404, "a frame the server would refuse")
            let xml = try oembed(base + "/embed", "&format=xml")
            let refusal = try jsonObject(xml)
            #expect(xml.status == 501 && refusal["parameter"] as? String == "format")
        }
    }

    @Test func thePublicURLIsWhatTheAnswersPointAt() throws {
        try withTestServer(configure: { $0.publicURL = "https://layercast.example/studio" }) { s in
            let rich = try jsonObject(try s.get("/oembed?url=https%3A%2F%2Flayercast.example%2Fstudio%2Fembed%3Fcontrol%3Dmeter"))
            #expect(rich["provider_url"] as? String == "https://layercast.example/studio")
            #expect((rich["html"] as? String)?.contains("src=\"https://layercast.example/studio/embed?control=meter\"") == true)
            #expect(try s.get("/oembed?url=http%3A%2F%2F127.0.0.1%3A\(s.port)%2Fembed").status == 404,
                    "with a public URL, only it is this server")
        }
    }

    @Test func theEmbedPageAndModuleAreServed() throws {
        try withTestServer { s in
            let page = try s.get("/embed?control=spinner&scenario=abc&props.lineWidth=3")
            #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.text.contains("js/embedpage.js"))
            let module = try s.request("GET", "/embed.js?v=\(PreviewServer.version)", headers: [("Origin", "http://docs.example")])
            #expect(module.status == 200 && module.text.contains("customElements.define(\"layercast-player\""))
            #expect(module.header("Access-Control-Allow-Origin") == "*")
            #expect(try s.request("GET", "/index.html", headers: [("Origin", "http://docs.example")])
                .header("Access-Control-Allow-Origin") == nil, "the studio's own files stay same-origin")
        }
    }
}
