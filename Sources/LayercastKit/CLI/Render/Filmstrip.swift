import CCairo
import Rendering
import Scenes

/// `layercast render --format filmstrip`: one PNG contact sheet of the frames at 0, N, 2N, … ms, each
/// labelled with its time, under a title line naming the scenario and its options; for pull requests
/// and docs. A CLI format only: the server's formats (`HeadlessRender.Format`) stay as they are. The
/// cells are the frames `layercast render` writes as PNGs, pixel for pixel, copied in, not resampled.
enum Filmstrip {
    static let formatName = "filmstrip"

    /// `--every`'s default and range, in milliseconds.
    static let defaultEvery = 250
    static let everyRange = 20...60_000
    /// The highest frame rate a render takes (the clip parameter `fps`, for PNG frames).
    static let maxFPS = 60
    /// `--columns`' default (fewer when there are fewer frames) and range.
    static let defaultColumns = 6
    static let columnsRange = 1...100
    /// The largest sheet made: more frames, or more pixels across or down, are refused.
    static let maxFrames = 100
    static let maxPixels = 8192

    /// The sheet's layout, in pixels: a margin all round, a title strip, then the grid of cells with a
    /// gap between them; a cell is the frame with a caption strip under it.
    enum Layout {
        static let margin = 12
        static let titleHeight = 28
        static let gap = 8
        static let captionHeight = 20
        static let titleFontSize = 14.0
        static let captionFontSize = 12.0
        /// Sheet #f2f2f7, captions #ffffff, text #1c1c1e: contrast 15.9:1 and 17.4:1 (WCAG AA asks 4.5:1).
        static let sheetColor: UInt32 = 0xFFF2_F2F7
        static let captionColor: UInt32 = 0xFFFF_FFFF
        static let textColor = (red: 0x1C, green: 0x1C, blue: 0x1E)
        static let fontFamily = "DejaVu Sans"
    }

    /// Whether `every` ms is in range and a time frames hit exactly at some rate of 1–`maxFPS` fps:
    /// a multiple of 20 or 25 ms.
    static func isValid(every: Int) -> Bool {
        everyRange.contains(every) && baseFPS(every: every) <= maxFPS
    }

    /// The lowest frame rate with a frame on every multiple of `every` ms: 1000 / gcd(every, 1000).
    static func baseFPS(every: Int) -> Int {
        var (a, b) = (every, 1000)
        while b != 0 { (a, b) = (b, a % b) }
        return 1000 / a
    }

    /// What to render and what to keep: a render at `fps` keeps frames 0, `step`, 2·`step`, … (`count`
    /// of them), the frames at 0, `every`, 2·`every`, … ms. Of the rates that hit those times, the
    /// lowest whose frames reach every multiple of `every` before the scenario's end (a render's last
    /// frame is before its end, and the frame count rounds, so a low rate can stop one short).
    static func plan(every: Int, seconds: Double) -> (fps: Int, step: Int, count: Int) {
        var wanted = 1
        while Double(wanted * every) / 1000 < seconds { wanted += 1 }
        let base = baseFPS(every: every)
        var best = (fps: base, step: base * every / 1000, count: 0)
        for fps in stride(from: base, through: maxFPS, by: base) {
            let step = fps * every / 1000
            let count = (ClipTiming(seconds: seconds, fps: fps).frameCount - 1) / step + 1
            if count > best.count { best = (fps, step, count) }
            if count >= wanted { break }
        }
        return best
    }

    /// "1.25 s": the time `milliseconds` with as many decimals as multiples of `every` ms need.
    static func label(milliseconds: Int, every: Int) -> String {
        let decimals = every % 1000 == 0 ? 0 : every % 100 == 0 ? 1 : every % 10 == 0 ? 2 : 3
        let whole = String(milliseconds / 1000)
        guard decimals > 0 else { return whole + " s" }
        let thousandths = String(milliseconds % 1000)
        let fraction = String(repeating: "0", count: 3 - thousandths.count) + thousandths
        return whole + "." + fraction.prefix(decimals) + " s"
    }

    /// Where the frames go on a sheet.
    struct Geometry: Equatable {
        let frames: Int
        let columns: Int
        let frameWidth: Int
        let frameHeight: Int

        /// `columns` is at most `frames`.
        init(frames: Int, columns: Int, frameWidth: Int, frameHeight: Int) {
            self.frames = frames
            self.columns = max(1, min(columns, frames))
            self.frameWidth = frameWidth
            self.frameHeight = frameHeight
        }

        var rows: Int { (frames + columns - 1) / columns }

        var width: Int {
            2 * Layout.margin + columns * frameWidth + (columns - 1) * Layout.gap
        }

        var height: Int {
            2 * Layout.margin + Layout.titleHeight + rows * (frameHeight + Layout.captionHeight) + (rows - 1) * Layout.gap
        }

        /// The top left corner of frame `index`'s cell (its frame; the caption strip is under it).
        func origin(of index: Int) -> (x: Int, y: Int) {
            let (row, column) = index.quotientAndRemainder(dividingBy: columns)
            return (Layout.margin + column * (frameWidth + Layout.gap),
                    Layout.margin + Layout.titleHeight + row * (frameHeight + Layout.captionHeight + Layout.gap))
        }
    }

    /// The sheet: `frames` (premultiplied ARGB, as rendered) copied into their cells unchanged, with
    /// `labels` under them and `title` above.
    static func sheet(_ geometry: Geometry, title: String, frames: [RenderedImage], labels: [String]) -> RenderedImage {
        let (width, height) = (geometry.width, geometry.height)
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        var pixels = [UInt8](repeating: 0, count: stride * height)
        pixels.withUnsafeMutableBytes { raw in
            func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: UInt32) {
                for row in y..<(y + h) {
                    for column in x..<(x + w) {
                        raw.storeBytes(of: color, toByteOffset: row * stride + column * 4, as: UInt32.self)
                    }
                }
            }
            fill(x: 0, y: 0, width: width, height: height, Layout.sheetColor)
            for (index, frame) in frames.enumerated() {
                let (x, y) = geometry.origin(of: index)
                frame.pixels.withUnsafeBytes { source in
                    for row in 0..<min(frame.height, geometry.frameHeight) {
                        let count = min(frame.width, geometry.frameWidth) * 4
                        let target = raw.baseAddress! + (y + row) * stride + x * 4
                        target.copyMemory(from: source.baseAddress! + row * frame.stride, byteCount: count)
                    }
                }
                fill(x: x, y: y + geometry.frameHeight, width: geometry.frameWidth, height: Layout.captionHeight,
                     Layout.captionColor)
            }
            guard let surface = cairo_image_surface_create_for_data(raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                    CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                                    Int32(stride)) else { return }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return }
            defer { cairo_destroy(cr) }
            draw(cr, title, x: Double(Layout.margin), centerY: Double(Layout.margin) + Double(Layout.titleHeight) / 2,
                 width: Double(width - 2 * Layout.margin), size: Layout.titleFontSize, bold: true, centered: false)
            for (index, label) in labels.enumerated() where index < frames.count {
                let (x, y) = geometry.origin(of: index)
                draw(cr, label, x: Double(x), centerY: Double(y + geometry.frameHeight) + Double(Layout.captionHeight) / 2,
                     width: Double(geometry.frameWidth), size: Layout.captionFontSize, bold: false, centered: true)
            }
            cairo_surface_flush(surface)
        }
        return RenderedImage(width: width, height: height, stride: stride, pixels: pixels)
    }

    /// One line of text in the box from `x` `width` wide, its logical box centred on `centerY`, centred
    /// across or from the left; shortened with "…" to fit, and clipped to the box.
    private static func draw(_ cr: OpaquePointer, _ text: String, x: Double, centerY: Double, width: Double,
                             size: Double, bold: Bool, centered: Bool) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_select_font_face(cr, Layout.fontFamily, CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        // As the renderer's labels: stated hinting, so the pixels depend on nothing but the text.
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
        func advance(_ text: String) -> Double {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            return extents.x_advance
        }
        var shown = text
        if advance(shown) > width {
            var characters = Array(text)
            while !characters.isEmpty, advance(String(characters) + "…") > width { characters.removeLast() }
            shown = String(characters) + "…"
        }
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        let left = centered ? x + (width - advance(shown)) / 2 : x
        cairo_rectangle(cr, x, centerY - size, width, 2 * size)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, Double(Layout.textColor.red) / 255, Double(Layout.textColor.green) / 255,
                             Double(Layout.textColor.blue) / 255)
        cairo_move_to(cr, left, centerY + (font.ascent - font.descent) / 2)
        cairo_show_text(cr, shown)
    }
}

extension Render {
    /// `--format filmstrip`: renders PNG frames at a rate that lands on every multiple of `--every`, keeps
    /// those, and writes `OUT/NAME.filmstrip.png`.
    func renderFilmstrip(out: String) throws {
        if compare != nil { throw RenderFailure.usage("--compare compares PNG frames: leave out --format or give png") }
        if fps != nil {
            throw RenderFailure.usage("--fps does not go with --format filmstrip: --every picks the frames (and the rate that hits them)")
        }
        let every = self.every ?? Filmstrip.defaultEvery
        guard Filmstrip.isValid(every: every) else {
            throw RenderFailure.usage("--every must be \(Filmstrip.everyRange.lowerBound)–\(Filmstrip.everyRange.upperBound) ms "
                + "and a multiple of 20 or 25, a time frames at 1–\(Filmstrip.maxFPS) fps fall on exactly (not \(every))")
        }
        let columns = self.columns ?? Filmstrip.defaultColumns
        guard Filmstrip.columnsRange.contains(columns) else {
            throw RenderFailure.usage("--columns must be \(Filmstrip.columnsRange.lowerBound)–\(Filmstrip.columnsRange.upperBound) (not \(columns))")
        }
        let base = Filmstrip.baseFPS(every: every)
        var render = try makeRender(format: .png, options: options + [("fps", String(base))])
        let seconds = render.timing.seconds
        let plan = Filmstrip.plan(every: every, seconds: seconds)
        guard plan.count <= Filmstrip.maxFrames else {
            var larger = max(every + 1, Int((seconds * 1000 / Double(Filmstrip.maxFrames)).rounded(.up)))
            while larger < Filmstrip.everyRange.upperBound,
                  !Filmstrip.isValid(every: larger) || Filmstrip.plan(every: larger, seconds: seconds).count > Filmstrip.maxFrames {
                larger += 1
            }
            throw RenderFailure.usage("--every \(every) makes \(plan.count) frames, over a filmstrip's \(Filmstrip.maxFrames): "
                + "give a larger --every (\(larger) or more)")
        }
        let geometry = Filmstrip.Geometry(frames: plan.count, columns: columns,
                                          frameWidth: render.pixelWidth, frameHeight: render.pixelHeight)
        guard geometry.width <= Filmstrip.maxPixels, geometry.height <= Filmstrip.maxPixels else {
            let advice = geometry.height > Filmstrip.maxPixels
                ? "give a larger --every, more --columns or a smaller --size" : "give fewer --columns or a smaller --size"
            throw RenderFailure.usage("the filmstrip would be \(geometry.width)×\(geometry.height) px, over \(Filmstrip.maxPixels) "
                + "px across or down (--every \(every), --columns \(geometry.columns)): \(advice)")
        }
        if plan.fps != base {
            render = try makeRender(format: .png, options: options + [("fps", String(plan.fps))])
        }

        try Files.makeDirectory(out)
        let progress = ProgressBar(total: render.timing.frameCount)
        defer { progress.finish() }
        var frames: [RenderedImage] = []
        render.renderFrames { index, _, image in
            if index % plan.step == 0, frames.count < plan.count { frames.append(image) }
            progress.update(index + 1)
        }
        let labels = (0..<frames.count).map { Filmstrip.label(milliseconds: $0 * every, every: every) }
        let sheet = Filmstrip.sheet(geometry, title: filmstripTitle(render, every: every), frames: frames, labels: labels)
        let name = outputFileName(Filmstrip.formatName + ".png")
        try Files.write(try PNGEncoder.encode(sheet), to: out + "/" + name)
        progress.finish()
        print("\(scenario): \(frames.count) frames every \(every) ms, \(render.pixelWidth)×\(render.pixelHeight) px, "
              + "in \(geometry.columns) columns (\(geometry.width)×\(geometry.height) px) → \(out)/\(name)")
    }

    /// "busy · size 96 · scale 1 · control all · background white · every 250 ms".
    private func filmstripTitle(_ render: HeadlessRender, every: Int) -> String {
        func text(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        let name = render.scenarioName.flatMap { $0.isEmpty ? nil : $0 } ?? outputFileName("").dropLast().description
        let parts = [
            name,
            "size " + (frame.size.map(String.init) ?? HeadlessRender.defaultText(of: "size")),
            "scale " + (frame.scale.map(text) ?? HeadlessRender.defaultText(of: "scale")),
            "control " + (frame.control ?? HeadlessRender.defaultText(of: "control")),
            "background " + (frame.background ?? HeadlessRender.defaultText(of: "background")),
            "every \(every) ms",
        ]
        return parts.joined(separator: " · ")
    }
}
