import Animation
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The pictures of `--report`: failures' PNGs made small enough to embed, and the relative paths by
/// which the page finds the files it does not embed.
enum ReportImages {
    /// The longest side of an embedded picture, px: big enough to see a frame's change, small
    /// enough that sixty failures' three pictures each keep the page to a few MB.
    static let longestSide = 320

    /// An embedded picture: its PNG and its size.
    struct Thumbnail {
        let png: [UInt8]
        let width: Int
        let height: Int

        var dataURI: String { "data:image/png;base64," + Data(png).base64EncodedString() }
    }

    /// The PNG file at `path` as it is when it fits in `longestSide`, else scaled down to fit; nil
    /// when it cannot be read or decoded (the page says so rather than the run failing over it).
    static func thumbnail(ofFile path: String) -> Thumbnail? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? thumbnail(Array(data))
    }

    static func thumbnail(_ png: [UInt8]) throws -> Thumbnail {
        // One that already fits goes in as it is: decoding and encoding again would only cost time.
        if let size = PNGDecoder.declaredSize(png), size.width > 0, size.height > 0, max(size.width, size.height) <= longestSide {
            return Thumbnail(png: png, width: size.width, height: size.height)
        }
        let small = downscaled(try PNGDecoder.decode(png), toFit: longestSide)
        return Thumbnail(png: try PNGEncoder.encode(small), width: small.width, height: small.height)
    }

    /// `bitmap` scaled so its longest side is `side` px, by the renderer's own resampling
    /// (`scaledPixels`, premultiplied, so an edge against transparency does not darken).
    static func downscaled(_ bitmap: Bitmap, toFit side: Int) -> RenderedImage {
        let (sw, sh) = (bitmap.width, bitmap.height)
        let longest = max(sw, sh, 1)
        let w = max(1, min(sw, (sw * side + longest / 2) / longest))
        let h = max(1, min(sh, (sh * side + longest / 2) / longest))
        let words = scaledPixels(bitmap, width: w, height: h)
        return RenderedImage(width: w, height: h, stride: w * 4, pixels: words.withUnsafeBytes { Array($0) })
    }

    /// The path of `file` from `folder`, both either absolute or relative to the working directory:
    /// what an `href` or a `src` of a page in `folder` names `file` by. Symbolic links are resolved
    /// where the paths exist, so `..` means what it does on disk.
    static func relativePath(from folder: String, to file: String) -> String {
        let from = components(absolute(folder)), to = components(absolute(file))
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `path` as a URL's path: every byte but the unreserved ones and `/` percent-encoded, so a
    /// space, `#`, `?` or `%` in a file name names the file, and a `:` never reads as a scheme.
    static func urlPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    private static func absolute(_ path: String) -> String {
        Files.realPath(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// The path's names with `.` left out and `..` taking the name before it away.
    private static func components(_ path: String) -> [String] {
        var out: [String] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !out.isEmpty { out.removeLast() }
            default: out.append(String(part))
            }
        }
        return out
    }
}
