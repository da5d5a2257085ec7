import Dispatch
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Synchronization
import Testing
import SeedControls

/// A command storm: 4,000 commands across every control from four clients as fast as they go
/// (about a thousand a second here), mixed with a frame request after every 20 commands and two
/// streams read until the storm ends (scripts/test-api-fuzz.sh runs a longer one against the
/// binary). Counted, not timed: no crash, no 5xx, and /state keeps every control's invariants.
/// Rates and stream fps are printed, not asserted.
@Suite(.ioTimeLimit)
struct HostileStormTests {

    static let commands: [(String, String)] = [
        // The spinner is only ever started, so its stream changes every tick and shows the real rate.
        ("POST", "/spinner/start"), ("POST", "/meter/press"), ("POST", "/meter/release"),
        ("POST", "/meter/hold?seconds=0.2"), ("POST", "/meter/reset"), ("POST", "/player/play"), ("POST", "/player/pause"),
        ("POST", "/player/toggle"), ("POST", "/player/restart"), ("POST", "/player/seek?progress=37"),
        ("POST", "/play-button/mode?mode=play"), ("POST", "/play-button/mode?mode=pause"), ("POST", "/play-button/mode?mode=stop"),
        ("POST", "/play-button/mode?mode=buffering"), ("POST", "/play-button/highlighted?value=true"),
        ("POST", "/play-button/highlighted?value=false"), ("POST", "/play-button/enabled?value=true"),
        ("PUT", "/play-button/theme?theme=sample"), ("PUT", "/play-button/theme?theme=default"),
        ("POST", "/clock?speed=2"), ("POST", "/clock?speed=1"), ("PUT", "/meter/config?duration=3"),
    ]

    struct Tally: Sendable {
        var statuses: [Int: Int] = [:]
        var failures = 0
        var frames = 0
        var parts: [String: Int] = [:]
    }

    final class SharedTally: Sendable {
        private let state = Mutex(Tally())
        /// Commands answered or failed, and command clients that have finished.
        let sent = Atomic<Int>(0)
        let finishedWorkers = Atomic<Int>(0)
        func withLock<R>(_ body: (inout Tally) -> R) -> R { state.withLock { body(&$0) } }
    }

    @Test func fourThousandCommandsKeepStateConsistent() throws {
        let server = try hostileServer()
        #expect(try server.request("POST", "/spinner/start").status == 200)
        let workers = 4
        let perWorker = 1000
        let commandsPerFrame = 20
        let tally = SharedTally()
        let port = server.port
        let started = ContinuousClock.now
        let group = DispatchGroup()

        for worker in 0..<workers {
            hostileThread(group) {
                let client = SimpleHTTPClient(host: "127.0.0.1", port: port, timeout: .seconds(10))
                var i = worker * 7
                for _ in 0..<perWorker {
                    let (method, target) = Self.commands[i % Self.commands.count]
                    i += 1
                    let status = try? client.request(method, target).status
                    tally.withLock { t in
                        if let status { t.statuses[status, default: 0] += 1 } else { t.failures += 1 }
                    }
                    tally.sent.add(1, ordering: .relaxed)
                }
                client.close()
                tally.finishedWorkers.add(1, ordering: .relaxed)
            }
        }
        let stormOver: @Sendable () -> Bool = { tally.finishedWorkers.load(ordering: .relaxed) == workers }
        hostileThread(group) {
            let client = SimpleHTTPClient(host: "127.0.0.1", port: port, timeout: .seconds(10))
            var i = 0
            // Paced by the storm itself: the next frame once 20 more commands have gone.
            while eventually(timeout: .seconds(60), { stormOver() || tally.sent.load(ordering: .relaxed) >= (i + 1) * commandsPerFrame }),
                  !stormOver() {
                let target = i % 2 == 0 ? "/frame.png?size=120" : "/frame.jpg?control=player&size=160"
                let ok = (try? client.request("GET", target))?.status == 200
                tally.withLock { t in if ok { t.frames += 1 } else { t.failures += 1 } }
                i += 1
            }
            client.close()
        }
        for (control, fps) in [("spinner", 30), ("play-button", 15)] {
            hostileThread(group) {
                guard let stream = try? StreamClient(port: port, target: "/stream.mjpg?control=\(control)&size=96&fps=\(fps)") else { return }
                while !stream.isClosed, !stormOver() { stream.pump(timeout: .milliseconds(50)) }
                stream.close()
                // A framing fault counts as no parts at all.
                tally.withLock { $0.parts["\(control)@\(fps)"] = stream.framingErrors.isEmpty ? stream.parts.count : 0 }
            }
        }
        group.wait()
        let seconds = (ContinuousClock.now - started) / .seconds(1)

        let t = tally.withLock { $0 }
        let sent = t.statuses.values.reduce(0, +)
        print("HostileStormTests: \(sent) commands in \(String(format: "%.1f", seconds)) s (\(Int(Double(sent) / seconds))/s), "
              + "statuses \(t.statuses.sorted { $0.key < $1.key }), \(t.frames) frames, \(t.failures) failures, stream fps "
              + t.parts.sorted { $0.key < $1.key }.map { "\($0.key): \(String(format: "%.1f", Double($0.value) / seconds))" }.joined(separator: ", "))
        #expect(t.failures == 0)
        #expect(t.statuses.keys.allSatisfy { $0 < 500 }, "\(t.statuses)")
        // 409 is the meter refusing a press once full; everything else succeeds.
        #expect(Set(t.statuses.keys).isSubset(of: [200, 409]), "\(t.statuses)")
        #expect(sent == workers * perWorker)
        #expect(t.frames > 0)
        #expect(t.parts.values.allSatisfy { $0 > 0 })
        try Self.expectInvariants(jsonObject(server.get("/state")))
        #expect(server.isHealthy)
    }

    /// The invariants of each control in /state (docs/design/recording-meter.md §Closed form for the meter).
    static func expectInvariants(_ state: [String: Any]) throws {
        let meter = try #require(state["meter"] as? [String: Any])
        let segments = try #require(meter["segments"] as? [[String: Any]])
        #expect(meter["segmentCount"] as? Int == segments.count)
        func stroke(_ segment: [String: Any], _ kind: String) throws -> (Double, Double) {
            let s = try #require(segment[kind] as? [String: Any])
            return (try #require((s["strokeStart"] as? NSNumber)?.doubleValue), try #require((s["strokeEnd"] as? NSNumber)?.doubleValue))
        }
        let tolerance = 1e-9
        for segment in segments {
            for kind in ["model", "presentation"] {
                let (a, b) = try stroke(segment, kind)
                #expect(a >= -tolerance && b <= 1 + tolerance && a <= b + tolerance, "meter segment \(kind) [\(a), \(b)]")
            }
        }
        // Oldest first; each newer segment ends where the older one starts, the newest starts at 0.
        for (older, newer) in zip(segments, segments.dropFirst()) {
            #expect(abs(try stroke(older, "presentation").0 - stroke(newer, "presentation").1) < 1e-6, "meter segments not contiguous")
        }
        if let newest = segments.last { #expect(abs(try stroke(newest, "presentation").0) < 1e-6) }
        let recorded = try segments.first.map { try stroke($0, "presentation").1 } ?? 0
        let track = try #require(meter["track"] as? [String: Any])
        #expect(abs(((track["presentationStrokeStart"] as? NSNumber)?.doubleValue ?? -1) - recorded) < 1e-6, "track vs segments")
        let duration = try #require((meter["duration"] as? NSNumber)?.doubleValue)
        let elapsed = try #require((meter["elapsed"] as? NSNumber)?.doubleValue)
        #expect(abs(elapsed - recorded * duration) < 1e-6 * duration)

        let button = try #require(state["playButton"] as? [String: Any])
        #expect(["play", "pause", "stop", "buffering"].contains(button["mode"] as? String ?? ""))
        #expect((button["animationState"] as? String)?.split(separator: ".").count == 2)
        let player = try #require(state["player"] as? [String: Any])
        let progress = try #require(player["progress"] as? [String: Any])
        let model = try #require(progress["model"] as? Int)
        let shown = try #require((progress["presentation"] as? NSNumber)?.doubleValue)
        #expect((0...100).contains(model))
        #expect(shown >= -tolerance && shown <= 100 + tolerance)
        let clock = try #require(state["clock"] as? [String: Any])
        #expect(((clock["speed"] as? NSNumber)?.doubleValue).map { (0.05...8).contains($0) } == true)
    }
}
