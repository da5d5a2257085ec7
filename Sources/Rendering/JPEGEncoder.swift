import CTurboJPEG
import Synchronization

/// Why an image could not be encoded.
public enum EncodingError: Error, Equatable, CustomStringConvertible {
    case emptyImage
    case jpeg(String)
    case png(String)

    public var description: String {
        switch self {
        case .emptyImage: "cannot encode an image without pixels"
        case .jpeg(let reason): "JPEG encoding failed: \(reason)"
        case .png(let reason): "PNG encoding failed: \(reason)"
        }
    }
}

/// Baseline JPEG with TurboJPEG: 4:2:0, straight from Cairo's pixels (alpha is ignored, the
/// renderer has already composited it over the background).
public enum JPEGEncoder {
    public static func encode(_ image: RenderedImage, quality: Int) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw EncodingError.emptyImage }
        let (w, h) = (Int32(image.width), Int32(image.height))
        let subsampling = Int32(TJSAMP_420.rawValue)
        let capacity = tjBufSize(w, h, subsampling)
        guard capacity > 0, capacity != UInt.max else { throw EncodingError.jpeg("image too large") }

        return try TurboJPEGPool.shared.withHandle { handle in
            // tjBufSize is the worst case, so with NOREALLOC TurboJPEG writes straight into the
            // array; leaving it uninitialised saves zeroing ~1.5 bytes per pixel.
            try [UInt8](unsafeUninitializedCapacity: Int(capacity)) { buffer, count in
                var destination = buffer.baseAddress
                var size = capacity
                let status = image.pixels.withUnsafeBufferPointer { source in
                    tjCompress2(handle, source.baseAddress, w, Int32(image.stride), h, pixelFormat,
                                &destination, &size, subsampling, Int32(min(max(quality, 1), 100)),
                                TJFLAG_NOREALLOC)
                }
                guard status == 0, destination == buffer.baseAddress, size <= capacity else {
                    count = 0
                    throw EncodingError.jpeg(String(cString: tjGetErrorStr2(handle)))
                }
                count = Int(size)
            }
        }
    }

    /// Cairo's ARGB32 is a native-endian word, so its byte order depends on the machine.
    private static var pixelFormat: Int32 {
        #if _endian(little)
        Int32(TJPF_BGRX.rawValue)
        #else
        Int32(TJPF_XRGB.rawValue)
        #endif
    }
}

/// Compressor handles are costly to create (they allocate libjpeg state), so they are reused.
/// A handle is only ever used by the one thread that took it out of the pool.
final class TurboJPEGPool: Sendable {
    static let shared = TurboJPEGPool(maxIdle: 8)

    private struct Handle: @unchecked Sendable {
        let raw: tjhandle
    }

    private let idle = Mutex<[Handle]>([])
    private let maxIdle: Int

    init(maxIdle: Int) {
        self.maxIdle = maxIdle
    }

    func withHandle<R>(_ body: (tjhandle) throws -> R) throws -> R {
        let taken = idle.withLock { $0.popLast() }
        guard let handle = taken ?? tjInitCompress().map(Handle.init) else {
            throw EncodingError.jpeg("cannot create a TurboJPEG compressor")
        }
        do {
            let result = try body(handle.raw)
            release(handle)
            return result
        } catch {
            // After an error the compressor's state is not trusted again.
            tjDestroy(handle.raw)
            throw error
        }
    }

    private func release(_ handle: Handle) {
        let kept = idle.withLock { handles -> Bool in
            guard handles.count < maxIdle else { return false }
            handles.append(handle)
            return true
        }
        if !kept { tjDestroy(handle.raw) }
    }
}
