import APIModel
import Controls
import SeedControls
import HTTPServer
@testable import PreviewServer
import Scenes

/// A small API declared with the machinery alone, independent of the real routes, so its tests
/// pin the machinery's behaviour: decoding, errors, the document, the tables and the boundaries.
enum SampleAPI {
    enum Fruit: String, Codable, DeclaredEnum { case apple, pear, quince }
    enum Overlay: String, DeclaredEnum { case points, bounds, none }

    struct Context: Sendable {
        let name: String
    }

    struct Reply: Codable, Sendable, Equatable {
        var fruit: Fruit
        var ripe: Bool
        var count: Int
        var weight: Double?
        var tags: [String]
        var pip: Pip
    }

    struct Pip: Codable, Sendable, Equatable, SchemaAnnotated {
        var size: Double
        static let fieldNotes = ["size": FieldNote("Millimetres.", minimum: 0)]
    }

    static let fruit = Param.choice("fruit", Fruit.self, "The fruit to pick.").required()
    static let ripe = Param.boolean("ripe", "Only ripe ones.").defaulting(true)
    static let count = Param.integer("count", 1...12, unit: "fruits", example: "3", "How many.").defaulting(1)
    static let speed = Param.number("speed", 0.05...8, "Rate of scene time to real time.")
    static let step = Param.number("step", -60...60, unit: "seconds", "Seconds to step.")
    static let frames = Param.integer("frames", -3600...3600, "Frames to step.")
    static let size = Param.integer("size", 16...4096, unit: "points", in: .query, example: "64", "Width and height.")
        .defaulting(to: \.size, flag: "--size")
    static let fps = Param.integer("fps", 1...50, in: .query, example: "10", "Frames per second.")
        .defaulting(to: \.fps, flag: "--fps")
    static let seconds = Param.number("seconds", 0.1...20, unit: "seconds", in: .query, example: "0.5", "Length.")
        .defaulting(3.0)
    static let debug = Param.list("debug", of: Overlay.self, in: .query, "Debug overlays.")
    static let background = Parameter<String?>("background", .color(names: ["white", "dark"]), in: .query,
                                               "A colour.") { $0 }.defaulting("white")

    static let pick = Endpoint<Context>(
        APIOperation(.post, "/fruit/pick", id: "pickFruit", tag: "fruit", summary: "Pick fruit",
                     parameters: [fruit, ripe, count], command: true, answers: [.conflict("The basket is full.")]),
        reply: Reply.self, "What was picked.", headers: [.noStore]
    ) { context, input in
        Reply(fruit: try input[fruit], ripe: try input[ripe], count: try input[count], weight: nil,
              tags: [context.name], pip: Pip(size: 1))
    }

    static let clock = Endpoint<Context>(
        APIOperation(.post, "/clock", id: "setClock", tag: "clock", summary: "Change the clock",
                     parameters: [speed, step, frames], command: true,
                     rules: [.atLeastOne(["speed", "step", "frames"]), .notTogether("step", "frames")]),
        reply: Reply.self, "The clock."
    ) { _, input in
        Reply(fruit: .apple, ripe: true, count: try input[frames] ?? 0, weight: try input[speed],
              tags: [], pip: Pip(size: try input[step] ?? 0))
    }

    static let clip = Endpoint<Context>(
        APIOperation(.get, "/clip.webp", id: "clip", tag: "frames", summary: "A clip",
                     parameters: [size, fps, seconds, debug, background],
                     answers: [.other(503, "Clips are being rendered already.")], offload: .shared,
                     cost: { input throws(Refusal) in
                         let side = try input[size]
                         let frames = Int((try input[seconds] * Double(try input[fps])).rounded(.up))
                         return .clip(pixels: side * side, frames: frames, encoder: .webp)
                     }),
        produces: Success(description: "A WebP.", content: .media(["image/webp"], binary: true))
    ) { _, input in
        if try input[seconds] > 10 { throw Refusal(.unavailable, "busy") }
        return HTTPResponse(status: 200, headers: [("Content-Type", "image/webp")], body: .bytes([1, 2, 3]))
    }

    static let upload = Endpoint<Context>(
        APIOperation(.put, "/upload", id: "upload", tag: "fruit", summary: "Upload a picture", command: true,
                     body: .binary(types: ["image/png"], maxBytes: 8 << 20, description: "A PNG.")),
        produces: Success(description: "Stored.", content: .none)
    ) { _, input in
        HTTPResponse(status: 200, body: .bytes(input.request.body))
    }

    static let files = Endpoint<Context>(
        APIOperation(.get, "/{file}", id: "file", tag: "page", summary: "A file",
                     parameters: [Param.text("file", maxLength: 1024, in: .path, "A path.").required()],
                     ignoresUnknownQuery: true),
        produces: Success(description: "The file.", content: .media(["*/*"], binary: true))
    ) { _, _ in HTTPResponse(status: 200) }

    static let endpoints: [Endpoint<Context>] = [pick, clock, clip, upload, files]
    static var operations: [APIOperation] { endpoints.map(\.operation) }

    static let info = OpenAPIGenerator.Info(title: "Sample", version: "1", description: "A sample API.")

    static func router(middleware: [any EndpointMiddleware] = []) -> Router {
        var router = Router()
        router.register(endpoints.map { $0.bound(to: Context(name: "ctx")) }, configuration: PreviewServerConfiguration.seeds,
                        middleware: middleware)
        return router
    }
}
