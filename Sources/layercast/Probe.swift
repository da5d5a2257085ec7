import ArgumentParser
import Foundation
import HTTPServer

/// `layercast probe URL`: exits 0 when the URL answers 2xx. The container's health check, with no
/// curl in the image.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check that a URL answers 2xx (for health checks).")

    @Argument(help: "The URL to fetch, e.g. http://127.0.0.1:8080/healthz")
    var url: String

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Int = 3

    func run() throws {
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
}
