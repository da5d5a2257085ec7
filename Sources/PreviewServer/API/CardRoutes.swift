import Controls
import HTTPServer
import Scenes

/// A control's own card for the page (`PageCard`): `GET /{id}/card.js`, the module's bytes as the
/// control embeds them, revalidated by a hash of those bytes.
extension ControlRoutes {
    static func card(_ control: FrameSubject, _ card: PageCard) -> Endpoint<Self> {
        let etag = "\"\(SHA256.hex(card.source).prefix(16))\""
        let headers = [("Content-Type", "text/javascript; charset=utf-8"), ("X-Content-Type-Options", "nosniff"),
                       ("Cache-Control", "no-cache"), ("ETag", etag)]
        return Endpoint<Self>(
            APIOperation(.get, cardPath(control), id: "\(control.documentKey)Card", tag: control.rawValue,
                         summary: "The studio page's card for this control: an ES module",
                         description: "Exports `markup` and `card(ctx)` (docs/write-a-control.md §A card of its own); "
                             + "/layout names it in the control's card.",
                         answers: [.notModified], answerSize: .atMost(PageCard.maxBytes)),
            produces: Success(description: "The module.", content: .media(["text/javascript"], binary: false), headers: [
                .constant("X-Content-Type-Options", "nosniff"), .constant("Cache-Control", "no-cache"),
                ResponseHeader(name: "ETag"),
            ])
        ) { _, input in
            if let wanted = input.request.header("If-None-Match"), StaticFiles.etagListMatches(wanted, etag) {
                return HTTPResponse(status: 304, headers: headers)
            }
            return HTTPResponse(status: 200, headers: headers, body: .bytes(card.source))
        }
    }

    /// Where the page finds `control`'s card.
    static func cardPath(_ control: FrameSubject) -> String { "/\(control.rawValue)/card.js" }
}
