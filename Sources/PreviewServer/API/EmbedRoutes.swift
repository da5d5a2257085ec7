import APIModel
import Controls
import HTTPServer
import Scenes

/// Embedding on other sites (issue 34): the player module, a page of one player for iframes, and
/// oEmbed (https://oembed.com, 1.0) for tools that turn a pasted URL into embed code.
struct EmbedRoutes: FixedRoutes {
    let files: StaticFiles
    let configuration: PreviewServerConfiguration

    init(_ services: EdgeServices) {
        files = StaticFiles(root: services.configuration.publicDirectory)
        configuration = services.configuration
    }

    static let endpoints = [script, page, oembed]

    /// The frame route, whose declaration reads the picture a URL to embed asks for.
    private static let frameOperation = FrameRoutes.frameEndpoint(png: true).operation

    /// The player's size when its `size` is not given (Public/embed.js).
    static let playerSize = 240

    static let script = Endpoint<Self>(
        APIOperation(
            .get, "/embed.js", id: "embedScript", tag: "page", summary: "The `<layercast-player>` element, for other sites",
            description: "One ES module with no imports: a page on any site imports it and shows a control live (H.264 "
                + "from /stream.mp4 through Media Source where the browser plays it, else MJPEG), or a "
                + "stored scenario as a looping video or a still, with `<layercast-player>`. `?v=` (the server's "
                + "version, as the studio's embed code writes it) pins the frames and clips it asks for, so they are "
                + "cached as immutable. Served as /{file} serves files, and readable from any origin.",
            crossOrigin: true, answers: [.notModified], ignoresUnknownQuery: true, answerSize: .unbounded),
        produces: Success(description: "The module.", content: .media(["text/javascript"], binary: false),
                          headers: PageRoutes.fileHeaders)
    ) { group, input in group.files.response(for: input.request) }

    static let page = Endpoint<Self>(
        APIOperation(
            .get, "/embed", id: "embedPage", tag: "page", summary: "A page of one `<layercast-player>`, for an iframe",
            description: "Its query is the player's attributes (`control`, `scenario`, `at`, `size`, `autoplay`, `loop`, "
                + "`controls`, `poster`, `label`, `transport`, `props.NAME`) and `v`; the page is Public/embed.html, the same for "
                + "every query, which the oEmbed answer's iframe points at.",
            answers: [.notModified], ignoresUnknownQuery: true, answerSize: .unbounded),
        produces: Success(description: "The page.", content: .media(["text/html"], binary: false),
                          headers: PageRoutes.fileHeaders)
    ) { group, input in
        let request = input.request
        return group.files.response(for: HTTPRequest(method: request.method, path: "/embed.html", headers: request.headers))
    }

    static let url = Param.text(
        "url", maxLength: 4096, in: .query, example: "http://127.0.0.1:8080/embed?control=spinner",
        "A URL of this server to embed: an `/embed` page, a frame (`/frame.png`, `/frame.jpg`) or a clip (`/clip.*`).")
        .required()
    static let format = Param.text("format", maxLength: 16, in: .query, "`json`, the only format served (501 for any other).")
    static let maxWidth = Param.integer("maxwidth", 1...65_536, unit: "pixels", in: .query,
                                        "The most width the consumer can show; the answer's fits within it.")
    static let maxHeight = Param.integer("maxheight", 1...65_536, unit: "pixels", in: .query,
                                         "The most height the consumer can show; the answer's fits within it.")

    static let oembed = Endpoint<Self>(
        APIOperation(
            .get, "/oembed", id: "oembed", tag: "page", summary: "oEmbed 1.0: embed code for a URL of this server",
            description: "For an `/embed` page, a `rich` answer with an iframe; for a clip, a `video` answer with a "
                + "`<video>`; for a frame, a `photo`. Absolute URLs use --public-url when given. A URL of another "
                + "server or another route is 404, a format other than JSON 501, as the oEmbed spec says.",
            parameters: [url, format, maxWidth, maxHeight], crossOrigin: true,
            answers: [.notFound("The URL is not one this server embeds (another host, or another route)."),
                      .other(501, "A `format` other than `json`.")]),
        produces: Success(description: "The oEmbed document.", content: .json(.of(OEmbed.self)),
                          headers: [.constant("Cache-Control", "no-cache")])
    ) { group, input in try group.oembed(input) }

    func oembed(_ input: Input) throws -> HTTPResponse {
        if let format = try input[Self.format], format != "json" {
            return .error(status: 501, message: "only JSON is served", ["parameter": "format", "allowed": "json"])
        }
        let request = input.request
        let base = configuration.publicURL ?? "http://" + (request.header("Host") ?? "\(configuration.host):\(configuration.port)")
        let target = try input[Self.url]
        let clips = FrameRoutes.ClipFormat.allCases.map { ("/clip.\($0.rawValue)", $0) }
        let routes = ["/embed", "/frame.png", "/frame.jpg"] + clips.map(\.0)
        let notHere = Refusal(.notFound, "not a URL this server embeds: \(Refusal.quote(target))", parameter: "url",
                              allowed: routes.map { "\(base)\($0)?…" }.joined(separator: ", "))
        guard target.hasPrefix(base + "/") else { throw notHere }
        let rest = target.dropFirst(base.count)
        let path = String(rest.prefix { $0 != "?" && $0 != "#" })
        let queryText = rest.dropFirst(path.count).prefix { $0 != "#" }.dropFirst()
        var query: [(name: String, value: String)] = []
        for pair in FormEncoding.pairs(queryText) {
            guard let name = FormEncoding.decoded(pair.name), let value = FormEncoding.decoded(pair.value) else { throw notHere }
            query.append((name, value))
        }
        let limit = (width: try input[Self.maxWidth], height: try input[Self.maxHeight])
        let control = query.first { $0.name == "control" }?.value ?? FrameSubject.all.rawValue
        let title = "Layercast: \(control)"
        if path == "/embed" {
            // The player shows its `size` (240 by default) for one control, as a frame of that size.
            let sizeQuery = query.filter { ["control", "size"].contains($0.name) || $0.name.hasPrefix("props.") }
            let sized = sizeQuery.contains { $0.name == "size" } ? sizeQuery : sizeQuery + [("size", String(Self.playerSize))]
            let (width, height) = fitted(try pictureSize(sized, notHere), limit)
            let html = "<iframe src=\"\(target.markupEscaped)\" width=\"\(width)\" height=\"\(height)\" title=\"\(title.markupEscaped)\" "
                + "style=\"border:0\" loading=\"lazy\" allow=\"autoplay\"></iframe>"
            return try reply(OEmbed(type: "rich", title: title, providerURL: base, width: width, height: height, html: html))
        }
        guard routes.contains(path) else { throw notHere }
        let (width, height) = fitted(try pictureSize(query.filter { !["seconds", "fps", "lossless"].contains($0.name) }, notHere), limit)
        // A frame, an animated GIF or WebP is an image; an MP4 or WebM a video.
        if clips.first(where: { $0.0 == path })?.1.isVideo != true {
            return try reply(OEmbed(type: "photo", title: title, providerURL: base, width: width, height: height, url: target))
        }
        let html = "<video src=\"\(target.markupEscaped)\" width=\"\(width)\" height=\"\(height)\" title=\"\(title.markupEscaped)\" "
            + "autoplay loop muted playsinline controls></video>"
        return try reply(OEmbed(type: "video", title: title, providerURL: base, width: width, height: height, html: html))
    }

    /// The picture a frame query asks for, in points, read through the frame route's own declaration;
    /// a query that route refuses is no URL this server embeds.
    private func pictureSize(_ query: [(name: String, value: String)], _ refusal: Refusal) throws(Refusal) -> (Int, Int) {
        let request = HTTPRequest(method: "GET", path: "/frame.png", query: query)
        guard let input = try? Input(decoding: request, for: Self.frameOperation, configuration: configuration),
              let picture = try? FrameParameters.Picture(input), let (width, height) = try? picture.pixelSize(),
              let scale = try? input[FrameParameters.scale] else { throw refusal }
        return (Int((Double(width) / scale).rounded()), Int((Double(height) / scale).rounded()))
    }

    /// Within the consumer's bounds, the aspect kept.
    private func fitted(_ size: (Int, Int), _ limit: (width: Int?, height: Int?)) -> (Int, Int) {
        let factor = min(1, Double(limit.width ?? size.0) / Double(size.0), Double(limit.height ?? size.1) / Double(size.1))
        return (max(1, Int(Double(size.0) * factor)), max(1, Int(Double(size.1) * factor)))
    }

    private func reply(_ document: OEmbed) throws -> HTTPResponse {
        // The headers the declaration gives every answer.
        try Endpoint<Self>.encoded(document, headers: Self.oembed.operation.success.constantHeaders)
    }
}

/// An oEmbed 1.0 response (https://oembed.com §2.3.4): `photo` has `url`, `video` and `rich` have `html`,
/// each with `width` and `height`.
struct OEmbed: Codable, Sendable {
    var version = "1.0"
    var type: String
    var title: String
    var providerName = "Layercast"
    var providerURL: String
    var width: Int
    var height: Int
    var html: String?
    var url: String?

    enum CodingKeys: String, CodingKey {
        case version, type, title, width, height, html, url
        case providerName = "provider_name"
        case providerURL = "provider_url"
    }
}
