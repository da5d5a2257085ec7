/// A card of the control's own on the studio page, richer than the generic one (a stage to press
/// and hold, say): one ES module, served at `GET /{id}/card.js` and named in `/layout`, which the
/// page imports instead of building the generic card (docs/write-a-control.md §A card of its own).
///
/// The module exports `markup`, the card's inner HTML, and `card(ctx)`, which drives it and
/// returns what the page calls on each state (`CardContext` and `Card` in
/// `Public/js/cards/index.js`). It imports nothing: the page hands it its helpers in `ctx.kit`, so
/// it works wherever it is served from. Embed the file with SwiftPM's `.embedInCode` resource: its
/// bytes are then part of the binary, with no bundle to find at run time.
public struct PageCard: Sendable {
    /// The largest module served: a card is markup and a few functions, not an application.
    public static let maxBytes = 64 << 10

    /// The module's UTF-8 text.
    public let source: [UInt8]

    public init(source: [UInt8]) {
        self.source = source
    }
}
