import APIModel
import Controls
import JSON

extension Scenario {
    /// `compare`: how `layercast test` compares this scenario's frames with their baselines, over
    /// the run's own criterion: each member given replaces the run's, masks are added to the run's.
    /// The server keeps it with the scenario and does nothing else with it.
    package struct Comparison: Sendable, Equatable {
        /// The ranges of the criterion's numbers, declared once: the scenario's member and the
        /// command line's options are both checked against these.
        package enum Limits {
            package static let threshold: ClosedRange<Double> = 0.01...100
            package static let ssim: ClosedRange<Double> = 0...1
            package static let maxDiffPixelRatio: ClosedRange<Double> = 0...1
            package static let maxMasks = 32
        }

        /// A region left out of the comparison: a rectangle in the frame's pixels, or a control's
        /// whole cell of a `control=all` frame (the whole frame when the frame shows that control).
        package enum Mask: Sendable, Equatable {
            case rect(x: Int, y: Int, width: Int, height: Int)
            case control(FrameSubject)

            package var json: JSONValue {
                switch self {
                case .rect(let x, let y, let w, let h): .array([.int(x), .int(y), .int(w), .int(h)])
                case .control(let id): .string(id.rawValue)
                }
            }
        }

        /// The CIEDE2000 difference above which a pixel differs.
        package var threshold: Double?
        /// Compare by SSIM: a pixel differs when its window's SSIM is under this.
        package var ssim: Double?
        package var maxDiffPixels: Int?
        package var maxDiffPixelRatio: Double?
        package var countAntialiasing: Bool?
        package var masks: [Mask] = []

        package init(threshold: Double? = nil, ssim: Double? = nil, maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil,
                     countAntialiasing: Bool? = nil, masks: [Mask] = []) {
            (self.threshold, self.ssim, self.maxDiffPixels, self.maxDiffPixelRatio) = (threshold, ssim, maxDiffPixels, maxDiffPixelRatio)
            (self.countAntialiasing, self.masks) = (countAntialiasing, masks)
        }

        package static let members = ["threshold", "ssim", "maxDiffPixels", "maxDiffPixelRatio", "countAntialiasing", "masks"]

        package var json: JSONValue {
            var out: [(String, JSONValue)] = []
            if let threshold { out.append(("threshold", .number(threshold))) }
            if let ssim { out.append(("ssim", .number(ssim))) }
            if let maxDiffPixels { out.append(("maxDiffPixels", .int(maxDiffPixels))) }
            if let maxDiffPixelRatio { out.append(("maxDiffPixelRatio", .number(maxDiffPixelRatio))) }
            if let countAntialiasing { out.append(("countAntialiasing", .bool(countAntialiasing))) }
            if !masks.isEmpty { out.append(("masks", .array(masks.map(\.json)))) }
            return .object(out)
        }

        package static let maskAllowed = "a control's id (its cell), or [x, y, width, height] in the frame's pixels"
    }
}

extension Scenario.Comparison {
    init(parsing value: JSONDocument, controls: ControlList) throws(Refusal) {
        guard case .object(let members) = value else {
            throw Refusal(.invalid, "'compare' must be an object, not \(value.kindName)", parameter: "compare",
                          allowed: Self.members.joined(separator: ", "))
        }
        for (key, value) in members {
            let field = "compare." + key
            switch key {
            case "threshold": threshold = try Self.number(value, field, in: Limits.threshold)
            case "ssim": ssim = try Self.number(value, field, in: Limits.ssim)
            case "maxDiffPixelRatio": maxDiffPixelRatio = try Self.number(value, field, in: Limits.maxDiffPixelRatio)
            case "maxDiffPixels":
                let pixels = try Self.number(value, field, in: 0...1e9)
                guard pixels.rounded() == pixels else { throw Refusal.badParameter(field, JSONValue.number(pixels).text, allowed: "a whole number of pixels, 0 or more") }
                maxDiffPixels = Int(pixels)
            case "countAntialiasing":
                guard case .bool(let flag) = value else {
                    throw Refusal(.invalid, "'\(field)' must be true or false, not \(value.kindName)", parameter: field,
                                  allowed: "true or false")
                }
                countAntialiasing = flag
            case "masks": masks = try Self.masks(value, controls: controls)
            default:
                throw Refusal(.invalid, "unknown member '\(Refusal.quote(field))'", parameter: field,
                              allowed: Self.members.joined(separator: ", "))
            }
        }
    }

    private static func number(_ value: JSONDocument, _ field: String, in range: ClosedRange<Double>) throws(Refusal) -> Double {
        let allowed = "a number from \(ParameterType.format(range.lowerBound)) to \(ParameterType.format(range.upperBound))"
        guard case .number(let text) = value, let number = Double(text), range.contains(number) else {
            throw Refusal(.invalid, "'\(field)' must be \(allowed)", parameter: field, allowed: allowed)
        }
        return number
    }

    private static func masks(_ value: JSONDocument, controls: ControlList) throws(Refusal) -> [Mask] {
        guard case .array(let items) = value, items.count <= Limits.maxMasks else {
            throw Refusal(.invalid, "'compare.masks' must be an array of at most \(Limits.maxMasks) masks",
                          parameter: "compare.masks", allowed: maskAllowed)
        }
        var masks: [Mask] = []
        for (i, item) in items.enumerated() {
            let field = "compare.masks[\(i)]"
            switch item {
            case .string(let id):
                let control = FrameSubject(rawValue: id)
                guard controls.control(control) != nil else {
                    throw Refusal(.invalid, "'\(field)': no control is named '\(Refusal.quote(id))'", parameter: field,
                                  allowed: controls.subjects.map(\.rawValue).joined(separator: ", ")
                                      + ", or [x, y, width, height]")
                }
                masks.append(.control(control))
            case .array(let numbers):
                let values = numbers.compactMap { n -> Int? in
                    guard case .number(let text) = n else { return nil }
                    return Int(text)
                }
                guard values.count == 4, numbers.count == 4, values[2] > 0, values[3] > 0,
                      values.allSatisfy({ abs($0) <= 1 << 20 }) else {
                    throw Refusal(.invalid, "'\(field)' must be [x, y, width, height], whole pixels with width and height above 0",
                                  parameter: field, allowed: maskAllowed)
                }
                masks.append(.rect(x: values[0], y: values[1], width: values[2], height: values[3]))
            default:
                throw Refusal(.invalid, "'\(field)' must be a control's id or [x, y, width, height], not \(item.kindName)",
                              parameter: field, allowed: maskAllowed)
            }
        }
        return masks
    }
}
