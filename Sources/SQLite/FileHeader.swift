import Glibc

/// What the first bytes of a file say it is, read before SQLite touches it: SQLite opens any file
/// read-write, and a stray "-journal" beside a file that is not a database could make it "roll back"
/// into that file. Reading the header first keeps foreign files untouched.
enum FileHeader: Equatable {
    /// No file at the path: a new store.
    case absent
    /// A file of zero bytes: SQLite treats it as a new, empty database.
    case empty
    /// Starts with SQLite's magic string "SQLite format 3\0".
    case sqlite
    /// Anything else.
    case other

    /// The 16 bytes every SQLite 3 database begins with.
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Reads the header of `path`; on failure returns the system's reason (strerror).
    static func read(path: String) -> Result<FileHeader, StoreFileHeaderError> {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            return code == ENOENT ? .success(.absent) : .failure(StoreFileHeaderError(code: code))
        }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: magic.count)
        var filled = 0
        while filled < head.count {
            let n = head.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.read(fd, base + filled, raw.count - filled)
            }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                return .failure(StoreFileHeaderError(code: code))
            }
            if n == 0 { break }
            filled += n
        }
        if filled == 0 { return .success(.empty) }
        return .success(filled == magic.count && head == magic ? .sqlite : .other)
    }
}

/// A system error while reading a store file's header.
struct StoreFileHeaderError: Error {
    let code: Int32

    var reason: String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
