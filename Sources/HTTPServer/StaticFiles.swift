import Glibc

/// Serves regular files below one directory, and nothing else.
///
/// Safety rests on one check: the requested path is resolved with realpath (so "..", symlinks and
/// whatever MHD's percent-decoding produced are all resolved) and must land inside the real root.
/// Backslashes, NULs and ".." segments are refused before that, as a second line.
public struct StaticFiles: Sendable {
    /// The real (symlink-free) root; nil when the root does not exist, in which case everything is 404.
    public let root: String?
    /// The URL prefix the files are mounted at ("/" or e.g. "/assets").
    public let mountPath: String
    public let indexFile: String

    public init(root: String, mountPath: String = "/", indexFile: String = "index.html") {
        self.root = StaticFiles.realPath(root)
        var mount = mountPath
        while mount.count > 1, mount.hasSuffix("/") { mount.removeLast() }
        self.mountPath = mount.isEmpty ? "/" : mount
        self.indexFile = indexFile
    }

    public func response(for request: HTTPRequest) -> HTTPResponse {
        guard let file = resolve(urlPath: request.path) else {
            return Router.notFoundResponse(path: request.path)
        }
        let etag = "\"\(String(file.size, radix: 16))-\(String(file.mtime, radix: 16))-\(String(file.mtimeNanos, radix: 16))\""
        let lastModified = HTTPDate.format(epochSeconds: file.mtime)
        let headers: [(String, String)] = [
            ("Content-Type", MIMETypes.contentType(forPath: file.path)),
            ("X-Content-Type-Options", "nosniff"),
            // no-cache: the browser may keep a copy but must revalidate, so edits show up at once.
            ("Cache-Control", "no-cache"),
            ("ETag", etag),
            ("Last-Modified", lastModified),
        ]
        if let ifNoneMatch = request.header("If-None-Match") {
            if StaticFiles.etagListMatches(ifNoneMatch, etag) {
                return HTTPResponse(status: 304, headers: headers)
            }
        } else if let since = request.header("If-Modified-Since"), since == lastModified {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: .file(path: file.path, size: file.size))
    }

    struct ResolvedFile {
        let path: String
        let size: Int
        let mtime: Int
        let mtimeNanos: Int
    }

    func resolve(urlPath: String) -> ResolvedFile? {
        guard let root else { return nil }
        var relative: Substring
        if mountPath == "/" {
            relative = Substring(urlPath)
        } else if urlPath == mountPath || urlPath.hasPrefix(mountPath + "/") {
            relative = urlPath.dropFirst(mountPath.count)
        } else {
            return nil
        }
        if relative.contains("\\") || relative.utf8.contains(0) { return nil }
        if relative.split(separator: "/", omittingEmptySubsequences: true).contains(where: { $0 == ".." }) {
            return nil
        }
        while relative.hasPrefix("/") { relative.removeFirst() }
        if relative.isEmpty || relative.hasSuffix("/") { relative += indexFile }

        guard let resolved = StaticFiles.realPath(root + "/" + relative) else { return nil }
        let inside = root == "/" ? resolved.hasPrefix("/") : resolved.hasPrefix(root + "/")
        guard inside else { return nil }

        var info = stat()
        // Directories (and devices, sockets…) are never served or listed.
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ResolvedFile(path: resolved, size: Int(info.st_size), mtime: Int(info.st_mtim.tv_sec),
                            mtimeNanos: Int(info.st_mtim.tv_nsec))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func etagListMatches(_ header: String, _ etag: String) -> Bool {
        for candidate in header.split(separator: ",") {
            var tag = candidate.filter { !$0.isWhitespace }
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag == etag { return true }
        }
        return false
    }
}

/// IMF-fixdate (RFC 9110), e.g. "Sun, 06 Nov 1994 08:49:37 GMT". Built by hand so the process
/// locale cannot change day or month names.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(epochSeconds: Int) -> String {
        var t = time_t(epochSeconds)
        var parts = tm()
        guard gmtime_r(&t, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
