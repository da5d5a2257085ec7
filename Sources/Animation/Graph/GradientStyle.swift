/// CAGradientLayer's own properties. Defaults are Core Animation's: no colours (nothing drawn),
/// uniform locations, from the top centre (0.5, 0) to the bottom centre (0.5, 1), axial
/// (docs/design/quartz.md §Gradients).
public struct GradientStyle: Hashable, Sendable, Codable {
    public var colors: [Color]?
    /// Where each colour sits, 0…1; nil spaces them evenly.
    public var locations: [Double]?
    /// In the unit space of the layer's bounds.
    public var startPoint = Point(0.5, 0)
    public var endPoint = Point(0.5, 1)
    public var type = GradientContent.Kind.axial

    public init() {}

    /// What the renderer fills `bounds` with; nil when there are no colours.
    public func content(in bounds: Rect) -> GradientContent? {
        guard let colors, !colors.isEmpty else { return nil }
        func point(_ unit: Point) -> Point {
            Point(bounds.minX + unit.x * bounds.width, bounds.minY + unit.y * bounds.height)
        }
        return GradientContent(rect: bounds, stops: GradientContent.stops(colors, locations), start: point(startPoint),
                               end: point(endPoint), kind: type)
    }
}
