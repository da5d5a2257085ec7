import Scenes

/// The labels of a feed's series on `/metrics`. A client chooses a feed's size, scale, quality,
/// fps and background freely, so none of those is a label: each label takes its values from a
/// fixed set, and a metric has at most 5 × 3 × 2 series (the seed controls and `all`, the size
/// classes, the transports) however many feeds clients open.
/// - `control`: what the frames show, `all` or a control's API name;
/// - `size`: the class of the frame's pixel count (width × height × scale²), which the render and
///   encode cost follows: `small` up to 256×256, `medium` up to 1024×1024, `large` beyond;
/// - `transport`: how the frames reach viewers, `mjpeg` (`GET /stream.mjpg`) or `mp4`
///   (`GET /stream.mp4`): a JPEG and an H.264 frame of one picture cost and weigh very differently.
struct FeedLabels: Hashable, Sendable {
    let control: String
    let size: String
    let transport: String

    static let sizeClasses: [(name: String, maxPixels: Int)] = [
        ("small", 256 * 256), ("medium", 1024 * 1024), ("large", FrameSpec.maxPixels),
    ]

    init(_ key: FeedKey) {
        let spec = key.spec
        control = spec.subject.rawValue
        transport = key.transport.rawValue
        let pixels = spec.pixelWidth * spec.pixelHeight
        size = (Self.sizeClasses.first { pixels <= $0.maxPixels } ?? Self.sizeClasses[Self.sizeClasses.count - 1]).name
    }

    var dimensions: [(String, String)] { [("control", control), ("size", size), ("transport", transport)] }
}

/// The formats the server encodes, the label of `layercast_encode_failures_total`.
enum EncodedFormat: String, CaseIterable, Sendable {
    case jpeg, png, webp, gif, mp4, webm
}
