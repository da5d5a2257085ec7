import Controls
import Foundation
import LayercastTesting
import Testing
import SeedControls

/// `props.` on a frame or a clip changes that render only: the shared scene, `/state` and the next
/// live frame are left exactly as they were.
@Suite struct PropOverrideTests {

    @Test func anOverrideLeavesTheStateAndTheNextFrameUntouched() throws {
        try withTestServer(.router) { s in
            s.at(0.7)
            let query = "control=play-button&width=120&height=60&scale=2"
            let live = try RGBAImage(s.frame(query).image)
            let state = try s.get("/state").body
            let overridden = try RGBAImage(s.frame(query + "&props.contentMode=aspectFill&props.triangleCornerRadius=0").image)
            #expect(overridden != live && overridden.width == 240 && overridden.height == 120)
            #expect(try s.get("/state").body == state)
            #expect(try RGBAImage(s.frame(query).image) == live)
        }
    }

    /// The override is what the same props set for good would show.
    @Test func anOverrideDrawsWhatThePropsWouldDraw() throws {
        try withTestServer(.router) { s in
            s.at(0.5)
            let query = "control=all&width=480&height=120"
            let once = try RGBAImage(s.frame(query + "&props.play-button.pauseStopBackgroundColor=%23ff9500"
                                               + "&props.spinner.lineWidth=8&props.play-button.contentMode=scaleToFill").image)
            #expect(try s.patchProps("play-button", ##"{"pauseStopBackgroundColor": "#ff9500", "contentMode": "scaleToFill"}"##).status == 200)
            #expect(try s.patchProps("spinner", ##"{"lineWidth": 8}"##).status == 200)
            #expect(try RGBAImage(s.frame(query).image) == once)
        }
    }

    @Test func clipsTakeOverridesToo() throws {
        try withTestServer(.router) { s in
            let plain = try s.get("/clip.gif?control=spinner&size=32&seconds=0.2&fps=10")
            let red = try s.get("/clip.gif?control=spinner&size=32&seconds=0.2&fps=10&props.color=%2300ff00")
            #expect(plain.status == 200 && red.status == 200 && plain.body != red.body)
            expectRefusal(try s.get("/clip.gif?control=spinner&size=32&seconds=0.2&props.colour=red"),
                          parameter: "props.colour", allowing: "lineWidth", "unknown prop in a clip")
        }
    }

    @Test func badOverridesAre400NamingTheParameter() throws {
        let cases: [(String, String, String)] = [
            ("control=play-button&props.nope=1", "props.nope", "triangleWidth"),
            ("control=play-button&props.barThickness=23", "props.barThickness", "from 0 to 22"),
            ("control=play-button&props.morphCurve=1.1,0,0,1", "props.morphCurve", "x from 0 to 1"),
            ("control=play-button&props.morphCurve=cubic-bezier(0.2,-1.5,0.2,1)", "props.morphCurve", "y from -1 to 2"),
            ("control=play-button&props.pauseStopTintColor=%23ff95", "props.pauseStopTintColor", "#rrggbbaa"),
            ("control=all&props.barThickness=1", "props.barThickness", "props.CONTROL.NAME"),
            ("control=all&props.play-button.nope=1", "props.play-button.nope", "triangleWidth"),
            ("control=meter&props.play-button.barThickness=1", "props.play-button.barThickness", "control=all"),
            ("control=spinner&props.lineWidth=2&props.lineWidth=3", "props.lineWidth", "once"),
        ]
        try withTestServer(.router) { s in
            for (query, parameter, allowing) in cases {
                expectRefusal(try s.get("/frame.png?" + query), parameter: parameter, allowing: allowing, query)
            }
        }
    }

    /// The meter's duration keeps its rule in a render too: only while the meter is empty.
    @Test func aRenderKeepsTheMetersRule() throws {
        try withTestServer(.router) { s in
            #expect(try s.get("/frame.png?control=meter&size=64&props.duration=10").status == 200)
            #expect(try s.post("/meter/press").status == 200)
            expectRefusal(try s.get("/frame.png?control=meter&size=64&props.duration=10"), status: 409,
                          parameter: "props.duration", allowing: "reset", "duration of a recording meter")
            #expect(try s.get("/frame.png?control=meter&size=64&props.lineWidth=10").status == 200)
        }
    }

    /// Named curves and bezier points are written either way in a link.
    @Test func curvesTakeEveryWrittenForm() throws {
        try withTestServer(.router) { s in
            for curve in ["easeOut", "0.42,0,0.58,1", "cubic-bezier(0.42, 0, 0.58, 1)"] {
                let encoded = try #require(curve.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                let response = try s.get("/frame.png?control=spinner&size=32&props.rotationCurve=" + encoded)
                #expect(response.status == 200, "\(curve): \(response.text)")
            }
        }
    }
}
