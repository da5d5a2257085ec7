/// How a control's design space maps onto its frame (UIView.ContentMode's scaling cases, which BR's
/// play button reads in `layoutSubviews`, docs/design/play-button.md §Layer tree).
public enum ContentMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Each axis on its own: circles become ellipses (`.scaleToFill`).
    case scaleToFill
    /// Uniformly by the smaller ratio, centred: all of it shows (`.scaleAspectFit`).
    case aspectFit
    /// Uniformly by the larger ratio, centred: the frame crops it (`.scaleAspectFill`).
    case aspectFill
}
