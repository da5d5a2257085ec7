import ArgumentParser
import HTTPClient
import Scenes

/// `layercast probe [URL]`: exits 0 when the URL answers 2xx. The container's health check, with no
/// curl in the image; with no URL it checks the server the same LAYERCAST_* variables configure, so
/// the image's exec-form HEALTHCHECK follows a changed LAYERCAST_PORT without a shell.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check that a URL answers 2xx (for health checks).")

    @Argument(help: "The URL to fetch. Default: http://127.0.0.1:$LAYERCAST_PORT/healthz (port 8080 if unset; LAYERCAST_HOST if it names one address).")
    var url: String?

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Int = 3

    func run() throws {
        let url = url ?? Self.localHealthURL()
        do {
            let response = try HTTPProbe.get(url, timeout: .seconds(timeout))
            guard (200..<300).contains(response.status) else {
                print("\(url): HTTP \(response.status)")
                throw ExitCode(1)
            }
            print("\(url): HTTP \(response.status)")
        } catch let exit as ExitCode {
            throw exit
        } catch {
            print("\(url): \(error)")
            throw ExitCode(1)
        }
    }

    /// The health URL of a server started by `serve` with the same environment; a wildcard
    /// address is reached on loopback.
    static func localHealthURL() -> String {
        let port = EnvironmentDefaults.int("port", 8080)
        var host = EnvironmentDefaults.string("host") ?? "127.0.0.1"
        switch host {
        case "", "0.0.0.0": host = "127.0.0.1"
        case "::", "[::]": host = "[::1]"
        default: if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        }
        return "http://\(host):\(port)/healthz"
    }
}
