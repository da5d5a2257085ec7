import Controls
import Foundation
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// For every prop of every control, generated from the declarations as `GeneratedBoundaryTests` does
/// for parameters: the ends of each range and a good value of each kind are taken, one step past each
/// end and a malformed value are refused with a 400 naming `props.NAME`, both in a PATCH (which then
/// changes nothing) and in a frame's `props.` parameter. A value taken also renders.
@Suite struct PropsBoundaryTests {

    struct Case: Sendable, CustomTestStringConvertible {
        var control: FrameSubject
        var prop: String
        var kind: PropKind
        var text: String
        var accepted: Bool
        var testDescription: String { "\(control.rawValue).\(prop)=\(text) → \(accepted ? "taken" : "400")" }
    }

    static let cases: [Case] = ControlList.seeds.subjects.flatMap { control in
        SceneConfiguration.seeds.propDeclarations(of: control).flatMap { d in
            BoundaryCases.values(d.kind.parameterType).map { text, accepted in
                Case(control: control, prop: d.name, kind: d.kind, text: text, accepted: accepted)
            }
        }
    }

    /// The text as a JSON value of the kind a patch sends: a number, a boolean, a string, or an array
    /// for a list of colours or bezier points. A text that is not even of the JSON type goes as a string.
    static func json(_ c: Case) -> String {
        switch c.kind {
        case .number, .integer: Double(c.text) != nil ? c.text : "\"\(c.text)\""
        case .flag: ["true", "false"].contains(c.text) ? c.text : "\"\(c.text)\""
        case .colors: "[" + c.text.split(separator: ",").map { "\"\($0)\"" }.joined(separator: ",") + "]"
        case .curve where c.text.split(separator: ",").allSatisfy({ Double($0) != nil }): "[" + c.text + "]"
        case .color, .choice, .curve: "\"\(c.text)\""
        }
    }

    @Test(arguments: cases)
    func patch(_ c: Case) throws {
        try withTestServer(.router) { s in
            let before = try s.propValues(c.control.rawValue)
            let response = try s.patchProps(c.control.rawValue, "{\"\(c.prop)\": \(Self.json(c))}")
            if c.accepted {
                #expect(response.status == 200, "\(c): \(response.text)")
                #expect(try s.frame("control=\(c.control.rawValue)&size=48").response.status == 200)
            } else {
                expectRefusal(response, parameter: "props." + c.prop, "\(c)")
                #expect(sameJSON(try s.propValues(c.control.rawValue), before), "\(c)")
            }
        }
    }

    @Test(arguments: cases)
    func frame(_ c: Case) throws {
        try withTestServer(.router) { s in
            let text = try #require(c.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let response = try s.get("/frame.png?control=\(c.control.rawValue)&size=48&props.\(c.prop)=\(text)")
            if c.accepted {
                #expect(response.status == 200, "\(c): \(response.text)")
            } else {
                expectRefusal(response, parameter: "props." + c.prop, "\(c)")
            }
        }
    }

    /// Every prop has its cases: a range its four, a colour, a list or a curve several, an
    /// enumeration and a flag one.
    @Test func everyPropIsCovered() {
        for control in ControlList.seeds.subjects {
            for d in SceneConfiguration.seeds.propDeclarations(of: control) {
                let count = Self.cases.filter { $0.control == control && $0.prop == d.name }.count
                let expected = switch d.kind {
                case .number, .integer: 4
                case .color: 3
                case .colors: 3
                case .curve: 8
                case .choice, .flag: 1
                }
                #expect(count == expected, "\(control.rawValue).\(d.name)")
            }
        }
    }
}
