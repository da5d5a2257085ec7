import APIModel
import Animation
import Controls
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// `GET`, `PATCH` and `DELETE /controls/CONTROL/props`: the reply's shape, merge-patch semantics, a
/// patch checked whole, defaults restored, the command history, and the guard.
@Suite struct PropsRoutesTests {

    static let controls = ControlList.seeds.subjects.filter { !SceneConfiguration.seeds.propDeclarations(of: $0).isEmpty }

    @Test(arguments: controls)
    func getGivesValuesDefaultsAndTheirSchema(_ control: FrameSubject) throws {
        try withTestServer(.router) { s in
            let reply = try jsonObject(s.get("/controls/\(control.rawValue)/props"))
            #expect(Set(reply.keys) == ["control", "revision", "values", "defaults", "schema"])
            #expect(reply["control"] as? String == control.rawValue && reply["revision"] as? Int == 0)
            let declarations = SceneConfiguration.seeds.propDeclarations(of: control)
            let values = try #require(reply["values"] as? [String: Any])
            #expect(sameJSON(values, reply["defaults"]))
            #expect(Set(values.keys) == Set(declarations.map(\.name)))
            let schema = try #require(reply["schema"] as? [String: Any])
            #expect(schema["type"] as? String == "object" && schema["additionalProperties"] as? Bool == false)
            let properties = try #require(schema["properties"] as? [String: [String: Any]])
            for d in declarations {
                let p = try #require(properties[d.name], "\(d.name)")
                #expect(sameJSON(p["default"], values[d.name]) && !(p["description"] as? String ?? "").isEmpty, "\(d.name)")
                switch d.kind {
                case .number(let range, let step, _):
                    #expect(p["minimum"] as? Double == range.lowerBound && p["maximum"] as? Double == range.upperBound)
                    #expect(p["type"] as? String == "number" && p["x-step"] as? Double == step, "\(d.name)")
                case .integer(let range, _):
                    #expect(p["minimum"] as? Int == range.lowerBound && p["maximum"] as? Int == range.upperBound)
                    #expect(p["type"] as? String == "integer" && p["x-step"] == nil, "\(d.name)")
                case .color: #expect(p["format"] as? String == "color" && p["x-kind"] as? String == "color")
                case .choice(let words): #expect(p["enum"] as? [String] == words)
                case .curve: #expect((p["oneOf"] as? [Any])?.count == 2 && p["x-kind"] as? String == "curve")
                case .flag: #expect(p["type"] as? String == "boolean")
                case .colors(let maxCount): #expect(p["type"] as? String == "array" && p["maxItems"] as? Int == maxCount)
                }
            }
        }
    }

    /// RFC 7396 on the props: members set values, null restores a default, what is not named keeps
    /// its value, an array replaces the old value whole.
    @Test func patchesMergeIntoTheValues() throws {
        try withTestServer(.router) { s in
            let first = try s.patchProps("play-button", ##"{"barThickness": 4, "morphCurve": [0.4, 0, 0.2, 1], "contentMode": "aspectFill"}"##)
            #expect(first.status == 200, "\(first.text)")
            let reply = try jsonObject(first)
            #expect(reply["revision"] as? Int == 1 && reply["sceneTime"] as? Double == 0)
            let state = try #require(reply["state"] as? [String: Any])
            #expect(sameJSON((state["values"] as? [String: Any])?["morphCurve"], [0.4, 0, 0.2, 1]))

            #expect(try s.patchProps("play-button", ##"{"barThickness": null, "morphCurve": "easeIn"}"##, contentType: "application/json").status == 200)
            let values = try s.propValues("play-button")
            #expect(values["barThickness"] as? Double == 6, "null is the default")
            #expect(values["morphCurve"] as? String == "easeIn" && values["contentMode"] as? String == "aspectFill")
            #expect(try s.patchProps("play-button", "{}").status == 200)
            let unchanged = try s.propValues("play-button"), revision = try s.revision()
            #expect(sameJSON(unchanged, values) && revision == 3)
            // What /state reports is the same.
            let props = try #require(try jsonObject(s.get("/state"))["props"] as? [String: Any])
            #expect(sameJSON(props["play-button"], values))
        }
    }

    /// One bad member refuses the whole patch, naming it: nothing changes, no revision is taken.
    @Test func aPatchIsCheckedWhole() throws {
        let bad: [(String, String, String)] = [
            (##"{"barThickness": 4, "triangleCornerRadius": 11}"##, "props.triangleCornerRadius", "from 0 to 10"),
            (##"{"barThickness": 4, "nope": 1}"##, "props.nope", "barThickness"),
            (##"{"nope": null}"##, "props.nope", "triangleWidth"),
            (##"{"barThickness": "4"}"##, "props.barThickness", "from 0 to 22"),
            (##"{"pauseStopTintColor": "#12345"}"##, "props.pauseStopTintColor", "#rrggbbaa"),
            (##"{"pauseStopTintColor": "orange"}"##, "props.pauseStopTintColor", "#rrggbb"),
            (##"{"contentMode": "scaleAspectFill"}"##, "props.contentMode", "aspectFill"),
            (##"{"morphCurve": [0.4, 0, 1.2, 1]}"##, "props.morphCurve", "x from 0 to 1"),
            (##"{"morphCurve": [-0.1, 0, 0.2, 1]}"##, "props.morphCurve", "x from 0 to 1"),
            (##"{"morphCurve": [0.4, 2.5, 0.2, 1]}"##, "props.morphCurve", "y from -1 to 2"),
            (##"{"morphCurve": [0.4, 0, 0.2]}"##, "props.morphCurve", "x1,y1,x2,y2"),
            (##"{"morphCurve": "bouncy"}"##, "props.morphCurve", "easeInEaseOut"),
            (##"{"contentMode": {"a": 1}}"##, "props.contentMode", "aspectFill"),
            (##"{"barThickness": 4, "barThickness": 5}"##, "props.barThickness", "once"),
            ("[1]", "body", "merge patch"),
            ("{", "body", "merge patch"),
        ]
        try withTestServer(.router) { s in
            let before = try s.propValues("play-button")
            for (body, parameter, allowing) in bad {
                expectRefusal(try s.patchProps("play-button", body), parameter: parameter, allowing: allowing, body)
            }
            expectRefusal(try s.patchProps("play-button", "{}", contentType: "text/plain"), status: 415,
                          parameter: "Content-Type", allowing: "merge-patch", "text/plain")
            let after = try s.propValues("play-button"), revision = try s.revision()
            #expect(sameJSON(after, before) && revision == 0)
        }
    }

    /// A change of some props of each control that shows in its frames.
    static let somePatch: [FrameSubject: String] = [
        .playButton: ##"{"triangleCornerRadius": 0, "pauseStopBackgroundColor": "#ff9500", "contentMode": "scaleToFill"}"##,
        .spinner: ##"{"color": "#00ff00", "lineWidth": 9, "rotationPeriod": 1}"##,
        .meter: ##"{"trackColor": "#00ff00", "lineWidth": 20, "inset": 60, "segmentColors": ["#000000"]}"##,
        .player: ##"{"ringColor": "#ff0000", "ringWidth": 16, "blurSaturation": 0, "blurTint": "#00000080"}"##,
    ]

    /// What puts each control where its props show: a segment recorded, the disc spinning.
    static let setup: [FrameSubject: String] = [.meter: "/meter/hold?seconds=1", .player: "/player/play"]

    /// DELETE restores every default, and the frames are then those of a scene never changed.
    @Test(arguments: controls)
    func deleteRestoresTheDefaultFrames(_ control: FrameSubject) throws {
        let patch = Self.somePatch[control] ?? "{}"
        let query = "control=\(control.rawValue)&width=120&height=60"
        func prepare(_ s: TestServer) throws {
            if let setup = Self.setup[control] { #expect(try s.at(0.1).post(setup).status == 200) }
        }
        let pristine = try withTestServer(.router) { s in
            try prepare(s)
            s.at(2.3)
            return try RGBAImage(s.frame(query).image)
        }
        try withTestServer(.router) { s in
            try prepare(s)
            s.at(0.4)
            #expect(try s.patchProps(control.rawValue, patch).status == 200)
            s.at(2.3)
            #expect(try RGBAImage(s.frame(query).image) != pristine)
            let reset = try jsonObject(s.request("DELETE", "/controls/\(control.rawValue)/props"))
            let state = try #require(reset["state"] as? [String: Any])
            #expect(sameJSON(state["values"], state["defaults"]) && reset["revision"] as? Int == (Self.setup[control] == nil ? 2 : 3))
            #expect(try RGBAImage(s.frame(query).image) == pristine)
        }
    }

    /// A prop change is a command in the scene's history: stepping a paused clock back before it
    /// shows the scene without it, and forward again the very frame it made.
    @Test func steppingBackCrossesAPropChangeExactly() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 5)) { s in
            let frame = { try s.frame("control=spinner&size=96").response.body }
            _ = try s.post("/clock?paused=true")
            _ = try s.post("/clock?step=0.3")
            let unchanged = try frame()
            _ = try s.post("/clock?step=-0.2")
            #expect(try s.patchProps("spinner", ##"{"color": "#000000", "lineWidth": 10}"##).status == 200)
            _ = try s.post("/clock?step=0.2")
            let changed = try frame()
            #expect(changed != unchanged)
            _ = try s.post("/clock?step=-0.3")
            #expect(try s.propValues("spinner")["color"] as? String == "#ce413d", "before the change")
            _ = try s.post("/clock?step=0.1")
            #expect(try s.propValues("spinner")["color"] as? String == "#000000", "from the change on")
            _ = try s.post("/clock?step=0.2")
            #expect(try frame() == changed)
        }
    }

    /// The meter's duration keeps its rule whichever way it is set: only while the meter is empty.
    /// `PUT /meter/config` is the same prop by another route, declared from it.
    @Test func theMetersDurationNeedsAnEmptyMeter() throws {
        let prop = try #require(SceneConfiguration.seeds.propDeclarations(of: .meter).first { $0.name == "duration" })
        #expect(Param.number(prop: "duration", of: .meter, in: .seeds).spec.type == prop.kind.parameterType)
        #expect(Param.number(prop: "duration", of: .meter, in: .seeds).spec.description == prop.doc)
        try withTestServer(.router) { s in
            #expect(try s.patchProps("meter", ##"{"duration": 10}"##).status == 200)
            #expect(try s.state().meter.duration == 10)
            #expect(try s.post("/meter/press").status == 200)
            expectRefusal(try s.patchProps("meter", ##"{"duration": 20, "lineWidth": 3}"##), status: 409,
                          parameter: "props.duration", allowing: "reset", "duration while recording")
            expectRefusal(try s.request("DELETE", "/controls/meter/props"), status: 409, parameter: "props.duration",
                          allowing: "reset", "defaults while recording")
            #expect(try s.put("/meter/config?duration=20", body: [], contentType: nil).status == 409)
            #expect(try s.propValues("meter")["lineWidth"] as? Double == 7 && (try s.state().meter.duration) == 10)
            #expect(try s.patchProps("meter", ##"{"lineWidth": 3}"##).status == 200, "the rest changes any time")
            #expect(try s.post("/meter/reset").status == 200)
            #expect(try s.put("/meter/config?duration=20", body: [], contentType: nil).status == 200)
            #expect(try s.propValues("meter")["duration"] as? Double == 20)
            #expect(try s.request("DELETE", "/controls/meter/props").status == 200)
            #expect(try s.state().meter.duration == 45)
        }
    }

    @Test func themesStayPresetsOverTheColourProps() throws {
        try withTestServer(.router) { s in
            #expect(try s.put("/play-button/theme", body: Array("sample".utf8), contentType: nil).status == 200)
            let values = try s.propValues("play-button")
            #expect(values["pauseStopBackgroundColor"] as? String == "#007aff" && values["playBufferingBackgroundColor"] as? String == "#ffffff")
            #expect(try s.state().playButton.theme == "sample")
            #expect(try s.patchProps("play-button", ##"{"pauseStopTintColor": "#ff950080"}"##).status == 200)
            #expect(try s.state().playButton.theme == "custom")
            #expect(try s.propValues("play-button")["pauseStopTintColor"] as? String == "#ff950080")
        }
    }

    /// Like every command, from another site's page it is refused; with --token, without the token.
    @Test func propChangesPassTheGuard() throws {
        try withTestServer(.router, configure: { $0.token = "s3cret" }) { s in
            let foreign = try s.request("PATCH", "/controls/spinner/props", headers: [("Origin", "http://evil.example")],
                                        body: Array("{}".utf8), contentType: "application/merge-patch+json")
            #expect(foreign.status == 403)
            #expect(try s.request("DELETE", "/controls/spinner/props").status == 401)
            #expect(try s.request("DELETE", "/controls/spinner/props", headers: [("Authorization", "Bearer s3cret")]).status == 200)
            #expect(try s.get("/controls/spinner/props").status == 200, "reading needs no token")
            #expect(try s.get("/controls/nothing/props").status == 404)
        }
    }

    /// The change raises the revision, which is what makes `/events` send the new state; the event
    /// carries the props.
    @Test func theEventAfterAChangeCarriesTheProps() throws {
        try withTestServer(.router) { s in
            let source = StateRoutes.eventSource(scene: s.server.scene, fps: 10)
            let (keyBefore, _) = source()
            #expect(try s.patchProps("spinner", ##"{"lineWidth": 6.5}"##).status == 200)
            let (keyAfter, json) = source()
            #expect(keyAfter != keyBefore)
            let event = try JSONSerialization.jsonObject(with: Data(json())) as? [String: Any]
            #expect(((event?["props"] as? [String: Any])?["spinner"] as? [String: Any])?["lineWidth"] as? Double == 6.5)
        }
    }
}
