import Animation
@testable import Controls
import Testing

/// A throwaway control whose id, size, props and commands each test chooses: the list's checks
/// (`ControlListProblem`) refuse a mistaken one before any server starts, naming the control and
/// the field.
private struct Probe<Traits: ProbeTraits>: Control {
    struct Configuration: PropConfiguration, Codable {
        var width = 1.0
        init() {}
        static var props: [Prop<Configuration>] { Traits.props }
    }

    struct State: Codable, Sendable { var width: Double }

    static var id: FrameSubject { FrameSubject(rawValue: Traits.id) }
    static var title: String { "Probe" }
    static var commands: [CommandDeclaration] { Traits.commands }
    static var pageCard: PageCard? { Traits.pageCard }

    var configuration: Configuration
    var layer = ShapeLayer(name: "probe")
    var designSize: Size { Traits.size }
    var layers: ShapeLayer { layer }

    init(at time: Double, configuration: Configuration) { self.configuration = configuration }
    mutating func configure(_ new: Configuration, at time: Double) { configuration = new }
    func state(at time: Double) -> State { State(width: configuration.width) }
    mutating func advance(to time: Double) {}
    func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot { layer.snapshot(at: time) }
    mutating func forgetAnimationRecords(endedBefore time: Double) {}
}

private protocol ProbeTraits: Sendable {
    static var id: String { get }
    static var size: Size { get }
    static var props: [Prop<Probe<Self>.Configuration>] { get }
    static var commands: [CommandDeclaration] { get }
    static var pageCard: PageCard? { get }
}

extension ProbeTraits {
    static var size: Size { Size(10, 10) }
    static var props: [Prop<Probe<Self>.Configuration>] {
        [.number("width", \.width, 0...2, step: 0.1, "A width.")]
    }
    static var commands: [CommandDeclaration] { [command(FrameSubject(rawValue: id).documentKey + "Poke")] }
    static var pageCard: PageCard? { nil }

    static func command(_ id: String, method: CommandRoute.Method = .post, path: String? = nil) -> CommandDeclaration {
        CommandDeclaration(id, on: Probe<Self>.self, method: method, path: path, summary: "Pokes") { _, _ in
            ControlChange { _, _ in }
        }
    }
}

private enum Good: ProbeTraits { static let id = "good-probe" }
private enum AlsoGood: ProbeTraits { static let id = "good-probe" }
private enum Reserved: ProbeTraits { static let id = "state" }
private enum BadWords: ProbeTraits { static let id = "Bad_Id" }
private enum Huge: ProbeTraits {
    static let id = "huge"
    static var size: Size { Size(5000, 10) }
}
private enum Stray: ProbeTraits {
    static let id = "stray"
    static var commands: [CommandDeclaration] { [command("elsewherePoke")] }
}
private enum PropsClash: ProbeTraits {
    static let id = "props-clash"
    static var commands: [CommandDeclaration] { [command("propsClashPoke", path: "props")] }
}
private enum SameRoute: ProbeTraits {
    static let id = "same-route"
    static var commands: [CommandDeclaration] { [command("sameRoutePoke"), command("sameRouteProd", path: "poke")] }
}
private enum SameID: ProbeTraits {
    static let id = "same-id"
    static var commands: [CommandDeclaration] { [command("sameIdPoke"), command("sameIdPoke", method: .put, path: "prod")] }
}
/// `play` and `play-button` are both good ids, but `playButtonMode` on `play` is play-button's.
private enum Play: ProbeTraits {
    static let id = "play"
    static var commands: [CommandDeclaration] { [command("playButtonPoke")] }
}
private enum PlayButtonProbe: ProbeTraits {
    static let id = "play-button"
    static var commands: [CommandDeclaration] { [command("playButtonPoke")] }
}
private enum ServerClash: ProbeTraits {
    static let id = "set"
    static var commands: [CommandDeclaration] { [command("setClock")] }
}
private enum Twice: ProbeTraits {
    static let id = "twice"
    static var props: [Prop<Probe<Self>.Configuration>] {
        [.number("width", \.width, 0...2, step: 0.1, "A width."), .number("width", \.width, 0...2, step: 0.1, "Again.")]
    }
}
private enum OutOfRange: ProbeTraits {
    static let id = "out-of-range"
    static var props: [Prop<Probe<Self>.Configuration>] { [.number("width", \.width, 2...3, step: 0.1, "Its default is 1.")] }
}
private enum EmptyCard: ProbeTraits {
    static let id = "empty-card"
    static var pageCard: PageCard? { PageCard(source: []) }
}
private enum HugeCard: ProbeTraits {
    static let id = "huge-card"
    static var pageCard: PageCard? { PageCard(source: Array(repeating: 0x20, count: PageCard.maxBytes + 1)) }
}
private enum BinaryCard: ProbeTraits {
    static let id = "binary-card"
    static var pageCard: PageCard? { PageCard(source: [0x65, 0xFF, 0xFE]) }
}
private enum GoodCard: ProbeTraits {
    static let id = "good-card"
    static var pageCard: PageCard? { PageCard(source: Array("export const markup = ``;".utf8)) }
}

@Suite struct ControlListTests {
    private func problem(_ list: [any Control.Type]) -> ControlListProblem? {
        do {
            try ControlListProblem.check(list)
            return nil
        } catch {
            return error
        }
    }

    @Test func aGoodListPasses() {
        #expect(problem([Probe<Good>.self]) == nil)
        #expect(problem([Probe<GoodCard>.self]) == nil)
    }

    /// A command's route is derived from its id, in one place (`CommandRoute.derived`).
    @Test func aRouteIsDerivedFromTheId() {
        let poke = Good.command("goodProbePokeTwice")
        #expect(poke.route.description == "POST /good-probe/poke-twice")
        #expect(Good.command("goodProbeTheme", method: .put).route.description == "PUT /good-probe/theme")
        #expect(Good.command("goodProbeByHash", method: .put, path: "art/by-hash").route.description == "PUT /good-probe/art/by-hash")
    }

    @Test(arguments: [
        ([Probe<Good>.self, Probe<AlsoGood>.self] as [any Control.Type], "good-probe", "id"),
        ([Probe<Reserved>.self], "state", "id"),
        ([Probe<BadWords>.self], "Bad_Id", "id"),
        ([Probe<Huge>.self], "huge", "designSize"),
        ([Probe<Stray>.self], "stray", "commands.elsewherePoke"),
        ([Probe<PropsClash>.self], "props-clash", "commands.propsClashPoke"),
        ([Probe<SameRoute>.self], "same-route", "commands.sameRouteProd"),
        ([Probe<SameID>.self], "same-id", "commands.sameIdPoke"),
        ([Probe<PlayButtonProbe>.self, Probe<Play>.self] as [any Control.Type], "play", "commands.playButtonPoke"),
        ([Probe<ServerClash>.self], "set", "commands.setClock"),
        ([Probe<Twice>.self], "twice", "props.width"),
        ([Probe<OutOfRange>.self], "out-of-range", "props.width"),
        ([Probe<EmptyCard>.self], "empty-card", "pageCard"),
        ([Probe<HugeCard>.self], "huge-card", "pageCard"),
        ([Probe<BinaryCard>.self], "binary-card", "pageCard"),
    ])
    func aMistakeIsRefusedNamingTheControlAndTheField(_ list: [any Control.Type], control: String, field: String) throws {
        let refused = try #require(problem(list))
        #expect(refused.control == control)
        #expect(refused.field == field)
        #expect(refused.description.hasPrefix("control '\(control)': \(field): "))
    }
}
