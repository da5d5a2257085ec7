import Animation

/// A control: what a plugin gives Layercast so that every route, stream, clip, scenario, timeline
/// lane, document and page card serves it (docs/write-a-control.md). A value, so a copy of the scene
/// holding it is an immutable snapshot any thread may advance and render.
///
/// Declared once here, the rest derives: its `id` names its routes and its `control=` value; its
/// `Configuration`'s props are its props panel, schema and `PATCH /controls/{id}/props`; its
/// `commands` are its routes and scenario steps; its `State` is its member of `GET /state`.
public protocol Control: Sendable, Codable {
    /// Plain stored values the control reads, exposed as props (`PropConfiguration`).
    associatedtype Configuration: PropConfiguration & Codable
    /// What `GET /state` reports for the control at a time: model and presentation values.
    associatedtype State: Codable & Sendable
    /// Its layers as the timeline reads them: the engine's `ShapeLayer` tree, or a layer control's graph.
    associatedtype Layers: ControlLayers = ShapeLayer

    /// "play-button": the `control=` value, the first segment of its commands' paths, its `/layout`
    /// cell and its timeline lanes. Lower-case words joined by hyphens.
    static var id: FrameSubject { get }
    /// What people read on its card and in the docs ("Play button").
    static var title: String { get }
    /// The commands it takes, each declared once (`CommandDeclaration`); their ids start with the
    /// id's document key (`meterHold`), and their routes are under `/{id}/`.
    static var commands: [CommandDeclaration] { get }
    /// Command-line options that set its props' defaults or hand it a file (`--seed`).
    static var options: [ControlOption] { get }
    /// `variants=modes` and `variants=themes`: the states or looks it can show side by side.
    static var variants: ControlVariants<Self> { get }
    /// Questions it answers from its declarations (`GET /{id}/{name}`).
    static var queries: [ControlQuery] { get }
    /// Its own card on the studio page (`PageCard`); nil, the default, gives it the generic card.
    static var pageCard: PageCard? { get }

    /// The control as made at scene time `time` with `configuration`: its first frame.
    init(at time: Double, configuration: Configuration)

    /// Its props' values now.
    var configuration: Configuration { get }
    /// Puts `new` in effect at `time`, at once (docs/design/props.md §Immediately); throws, changing
    /// nothing, when it cannot take it now.
    mutating func configure(_ new: Configuration, at time: Double) throws(PropRefusal)
    /// Its `GET /state` member at `time`.
    func state(at time: Double) -> State
    /// What a person would notice change (a mode, a count), as text: `/events` sends the state when
    /// it or any prop changes, not on every moving presentation value. Empty by default.
    var noticeableState: String { get }

    /// The size the control is designed at; frames scale it into their own size by `contentMode`.
    var designSize: Size { get }
    /// How the design size maps onto a frame; aspect fit unless the control says otherwise.
    var contentMode: ContentMode { get }
    /// Delivers every animation stop up to `time`, in time order, to the control's state machine.
    mutating func advance(to time: Double)
    /// The control's layer tree at scene time `time`, in design coordinates, built for `options`.
    func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot
    /// The colour of the view the original sits on, as its sample app sets it (UIKit's
    /// `view.backgroundColor`): a frame paints it over the control's whole cell. nil shows the
    /// frame's own background.
    var viewBackground: Color? { get }
    /// The control's layers: a timeline's lanes and records, `/timeline/values`' samples and the
    /// weight of the history's copies read them.
    var layers: Layers { get }
    /// What `layers` was called before it could be a layer graph; a control that still declares
    /// it keeps working, warned at its conformance (docs/write-a-control.md §From layerTree to layers).
    @available(*, deprecated, renamed: "layers")
    var layerTree: ShapeLayer { get }
    /// Drops the records of animations that stopped showing before `time` (a timeline's bound).
    mutating func forgetAnimationRecords(endedBefore time: Double)
    /// The images it shows now (a snapshot names each by its hash); none by default.
    var shownImages: [Bitmap] { get }
    /// What the last change made to it (a command, a props change) asked for and Core Animation
    /// would have ignored: its answer and the timeline show them. None by default.
    var warnings: [String] { get }
    /// The images a configuration brings with it (an `--artwork` file), named "configured" in
    /// snapshots rather than by hash; none by default.
    static func configuredImages(_ configuration: Configuration) -> [Bitmap]
}

extension Control {
    public static var commands: [CommandDeclaration] { [] }
    public static var options: [ControlOption] { [] }
    public static var variants: ControlVariants<Self> { ControlVariants() }
    public static var queries: [ControlQuery] { [] }
    public static var pageCard: PageCard? { nil }
    public var noticeableState: String { "" }
    public var contentMode: ContentMode { .aspectFit }
    public var viewBackground: Color? { nil }
    public var shownImages: [Bitmap] { [] }
    public var warnings: [String] { [] }
    public static func configuredImages(_ configuration: Configuration) -> [Bitmap] { [] }

    /// The layer tree as a default frame (labels shown, light backdrop) draws it.
    public func snapshot(at time: Double) -> LayerSnapshot {
        snapshot(at: time, options: FrameOptions())
    }

    /// Its design size as made with its defaults.
    public static var defaultDesignSize: Size { Self(at: 0, configuration: Configuration()).designSize }

    /// Why a change of its props may be refused (`PropConfiguration.refusals`).
    public static var propRefusals: [String] { Configuration.refusals }

    /// The key of its members in documents (`GET /state`, a scenario's `props`): the id in lower
    /// camel case ("play-button" is "playButton").
    public static var documentKey: String { id.documentKey }
}

extension Control where Layers == ShapeLayer {
    /// The layer tree as it is, whatever the options: for a control whose frames show no more
    /// (and no less) than its layers.
    public func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot { layers.snapshot(at: time) }

    /// The bridge for a control that declares `layerTree` only. Deprecated, so using it warns at the
    /// control's conformance, which names the fix.
    @available(*, deprecated, message: "declare `var layers: ShapeLayer` where the control declares `var layerTree`")
    public var layers: ShapeLayer { layerTree }
}

extension Control {
    /// Nothing for a control that declares `layers`: the engine reads `layers` only.
    @available(*, deprecated, renamed: "layers")
    public var layerTree: ShapeLayer { ShapeLayer() }
}
