import Controls
import LayercastTesting
import SeedControls
import Testing

/// Each registered control's own page card (`PageCard`): `GET /{id}/card.js` serves the module's
/// bytes as the control embeds them, revalidated by its ETag, and `/layout` names it in the
/// control's card.
@Suite struct PageCardTests {

    @Test func everyControlsCardIsServedAndNamedOnTheLayout() throws {
        try withTestServer(.router) { s in
            let layout = try jsonObject(s.get("/layout"))
            let cards = try #require(layout["cards"] as? [[String: Any]])
            #expect(cards.count == ControlList.seeds.types.count)
            for control in ControlList.seeds.types {
                let path = "/\(control.id.rawValue)/card.js"
                let entry = cards.first { $0["id"] as? String == control.id.rawValue }
                guard let card = control.pageCard else {
                    #expect(entry?["card"] == nil, "\(control.id.rawValue)")
                    continue
                }
                #expect(entry?["card"] as? String == path)
                let reply = try s.get(path)
                #expect(reply.status == 200 && reply.body == card.source, "\(path): \(reply.status)")
                #expect(reply.header("Content-Type") == "text/javascript; charset=utf-8")
                #expect(reply.header("Cache-Control") == "no-cache" && reply.header("X-Content-Type-Options") == "nosniff")
                // The module exports what the page imports (Public/js/cards/index.js, CardModule).
                #expect(reply.text.contains("export const markup") && reply.text.contains("export function card("), "\(path)")
                let etag = try #require(reply.header("ETag"))
                #expect(try s.request("GET", path, headers: [("If-None-Match", etag)]).status == 304)
                #expect(try s.request("GET", path, headers: [("If-None-Match", "\"other\"")]).status == 200)
            }
        }
    }
}
