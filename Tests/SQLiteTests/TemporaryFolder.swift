import Foundation
import Glibc
import SQLite

/// A failure of the tests' own set-up, with a message.
struct SetUpFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` with a new, unique, empty folder under /tmp (mkdtemp), removed afterwards whatever
/// happens, so every test has real files of its own and leaves nothing behind.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}

/// `withTemporaryFolder` for async bodies.
func withTemporaryFolderAsync<T>(_ body: (String) async throws -> T) async throws -> T {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try await body(folder)
}

private func makeTemporaryFolder() throws -> String {
    var template = Array("/tmp/layercast-sqlite-tests-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } != nil }
    guard made else { throw SetUpFailure("mkdtemp failed: \(String(cString: strerror(errno)))") }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The bytes of the file at `path`.
func fileBytes(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { throw SetUpFailure("cannot read \(path)") }
    return [UInt8](data)
}

/// Writes `bytes` as the whole file at `path`.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Overwrites the file at `path` from `offset` with `bytes`, leaving the rest as it was.
func overwrite(_ path: String, at offset: UInt64, with bytes: [UInt8]) throws {
    guard let handle = FileHandle(forUpdatingAtPath: path) else { throw SetUpFailure("cannot open \(path)") }
    defer { try? handle.close() }
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: Data(bytes))
    try handle.synchronize()
}

func fileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

/// The problem opening `path` reports, or nil when it opens.
func openingProblem(_ path: String, knownVersion: Int = 1, quickCheck: Bool = true) -> StoreFileProblem? {
    do {
        _ = try Database.open(path: path, knownVersion: knownVersion, quickCheck: quickCheck)
        return nil
    } catch {
        return error
    }
}

