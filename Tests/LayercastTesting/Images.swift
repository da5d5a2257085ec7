import Animation
import CTurboJPEG
import Rendering

public struct ImageDecodingError: Error, CustomStringConvertible {
    public let description: String
}

/// A decoded frame as straight 8-bit RGBA, rows packed, whatever codec it came in.
public struct RGBAImage: Equatable {
    public let width: Int
    public let height: Int
    public let bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Un-premultiplies a bitmap's ARGB words.
    public init(_ bitmap: Bitmap) {
        var bytes = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        for (i, word) in bitmap.pixels.enumerated() {
            let a = word >> 24
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
            bytes[i * 4] = straight((word >> 16) & 0xFF)
            bytes[i * 4 + 1] = straight((word >> 8) & 0xFF)
            bytes[i * 4 + 2] = straight(word & 0xFF)
            bytes[i * 4 + 3] = UInt8(a)
        }
        self.init(width: bitmap.width, height: bitmap.height, bytes: bytes)
    }

    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]), Int(bytes[i + 3]))
    }

    /// The rows and columns of a rectangle, packed.
    public func region(x: Int = 0, y: Int = 0, width w: Int? = nil, height h: Int? = nil) -> [UInt8] {
        let (w, h) = (w ?? width, h ?? height)
        var out: [UInt8] = []
        for row in y..<(y + h) {
            let start = (row * width + x) * 4
            out += bytes[start..<(start + w * 4)]
        }
        return out
    }

    /// PNG through the server's own decoder.
    public static func png(_ data: [UInt8]) throws -> RGBAImage {
        RGBAImage(try PNGDecoder.decode(data, maxWidth: 8192, maxHeight: 8192))
    }

    /// JPEG through TurboJPEG, as RGBA with alpha 255.
    public static func jpeg(_ data: [UInt8]) throws -> RGBAImage {
        guard let handle = tjInitDecompress() else { throw ImageDecodingError(description: "tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else {
            throw ImageDecodingError(description: "not a JPEG: \(String(cString: tjGetErrorStr2(handle)))")
        }
        var bytes = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = data.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
                              Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        guard status == 0 else {
            throw ImageDecodingError(description: "JPEG decode failed: \(String(cString: tjGetErrorStr2(handle)))")
        }
        return RGBAImage(width: Int(width), height: Int(height), bytes: bytes)
    }
}

/// A PNG signature and an IHDR declaring `width`×`height` (RGBA, 8 bits), and nothing after it: what a
/// decoder must judge from the header alone.
public func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    return [137, 80, 78, 71, 13, 10, 26, 10] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0] + be(0)
}

/// Largest channel difference between two equally long byte buffers (256 when the lengths differ).
public func maxChannelDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return 256 }
    return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}
