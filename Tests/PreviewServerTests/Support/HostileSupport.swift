import Animation
import Foundation
import HTTPClient
import LayercastTesting
import PreviewServer

/// A live server on the real clock whose public folder has files, a subfolder, and symlinks
/// leading out of it, for the hostile, security and shutdown tests. The folder goes when the
/// server stops.
func hostileServer(configure: (inout PreviewServerConfiguration) -> Void = { _ in }) throws -> TestServer {
    let base = NSTemporaryDirectory() + "layercast-hostile-\(UUID().uuidString)"
    let publicDirectory = base + "/public", outside = base + "/outside"
    let files = FileManager.default
    try files.createDirectory(atPath: publicDirectory + "/js", withIntermediateDirectories: true)
    try files.createDirectory(atPath: outside, withIntermediateDirectories: true)
    let texts = [
        "index.html": "<!doctype html><title>studio</title>", "js/main.js": "export {}", "style.css": "body{}",
        "notes.txt": "notes", "data.bin": "\u{1}\u{2}",
    ]
    for (name, text) in texts { try text.write(toFile: publicDirectory + "/" + name, atomically: true, encoding: .utf8) }
    try "TOP SECRET".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
    try files.createSymbolicLink(atPath: publicDirectory + "/secret-link.txt", withDestinationPath: outside + "/secret.txt")
    try files.createSymbolicLink(atPath: publicDirectory + "/outside-dir", withDestinationPath: outside)
    try files.createSymbolicLink(atPath: publicDirectory + "/notes-link.txt", withDestinationPath: publicDirectory + "/notes.txt")

    let server = try TestServer(.live, clock: MonotonicClock()) {
        $0.publicDirectory = publicDirectory
        configure(&$0)
    }
    server.onStop { try? FileManager.default.removeItem(atPath: base) }
    return server
}

extension TestServer {
    /// Sends raw bytes on a new connection; the answer, or nil when the server closed without one.
    func raw(_ bytes: [UInt8]) throws -> HTTPProbeResponse? {
        try exchange(port: port, bytes)
    }

    /// The player's artwork id, from `/state`; a failed request throws its own error rather
    /// than turning into a nil that reads like a missing artwork.
    func artworkID() throws -> UInt64 { try state().player.artwork.id }

    var publicDirectory: String { server.configuration.publicDirectory }
    /// Beside the public folder: what a traversal would reach.
    var outside: String { (publicDirectory as NSString).deletingLastPathComponent + "/outside" }
}

/// Runs a blocking client on its own thread. Clients parked on Dispatch's global pool would starve
/// the server's own Dispatch work in this same process, which no real client can do.
func hostileThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    let thread = Thread {
        body()
        group.leave()
    }
    thread.start()
}
