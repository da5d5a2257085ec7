#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One server per data folder: an exclusive `flock` on `layercast.lock` in it, held while the
/// server runs and let go by the kernel when the process ends however it ends (even `kill -9`), so
/// a crash never leaves a stale lock. The file holds the holder's process id, for the message a
/// second server gets.
package final class FolderLock: Sendable {
    package static let fileName = "layercast.lock"
    private let descriptor: Int32
    private let released = Atomic(false)

    /// Takes the lock of `folder`; throws, naming the folder and the process that holds it, when
    /// another server (in this process or another) has it.
    package init(folder: String) throws(SavedWorkProblem) {
        let path = folder + "/" + Self.fileName
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(folder: folder, reason: Self.errorText()) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readHolder(fd)
            close(fd)
            throw .inUse(folder: folder, process: holder)
        }
        // Ours now: the holder's id, for the message of the next one to try.
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Lets the lock go now, when the server stops, rather than when the last reference to it
    /// goes: a request's work may still hold the server a moment after it stopped, and the next
    /// server on the folder (a restart in one process) must not find it taken. Once; the descriptor
    /// stays open until the end.
    package func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = flock(descriptor, LOCK_UN)
    }

    private static func readHolder(_ fd: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int(String(decoding: buffer[..<count], as: UTF8.self).filter(\.isNumber))
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
