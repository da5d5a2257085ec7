import CAVCodec
import Glibc

/// The container file being written, held in memory and capped at `limit` bytes. libavformat
/// writes it through an AVIOContext, seeks back to patch sizes and durations, and for MP4's
/// faststart opens it a second time for reading (through `io_open`) to move the index in front
/// of the data, as it would with a file on disk. A write past `limit` fails the muxer's call
/// instead of growing further. A live stream's file is never finished: `take()` hands over what is
/// written so far, and `limit` then bounds what is held, not the whole.
final class MemoryFile {
    private(set) var bytes: [UInt8] = []
    let limit: Int
    /// A write was refused for passing `limit`.
    private(set) var overflowed = false
    /// How many bytes from the start `take()` has handed over; `bytes` starts there.
    private(set) var taken = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// The bytes written since the last call, which the file no longer holds.
    func take() -> [UInt8] {
        defer {
            taken += bytes.count
            bytes = []
        }
        return bytes
    }

    /// Writes `data` at `at`, growing the file (zero-filled if `at` is past its end); nothing
    /// before the bytes already taken can be written again.
    func write(_ data: UnsafeRawBufferPointer, at: Int) -> Bool {
        let position = at - taken
        guard position >= 0, position <= limit, data.count <= limit - position else {
            overflowed = true
            return false
        }
        if position > bytes.count { bytes.append(contentsOf: repeatElement(0, count: position - bytes.count)) }
        let overwrite = min(data.count, bytes.count - position)
        bytes.withUnsafeMutableBytes { file in
            UnsafeMutableRawBufferPointer(rebasing: file[position..<position + overwrite])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: data[0..<overwrite]))
        }
        bytes.append(contentsOf: data[overwrite...])
        return true
    }

    /// Copies up to `buffer.count` bytes from `at`; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer, at: Int) -> Int {
        let position = at - taken
        guard position >= 0, position < bytes.count else { return 0 }
        let count = min(buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { file in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: file[position..<position + count]))
        }
        return count
    }

    /// The file's length, the bytes taken included.
    var size: Int { taken + bytes.count }

    /// A writable, seekable AVIOContext on this file; free it with `closeContext`.
    func makeWriter() throws(VideoEncodingError) -> UnsafeMutablePointer<AVIOContext> {
        try makeContext(writing: true)
    }

    fileprivate func makeContext(writing: Bool) throws(VideoEncodingError) -> UnsafeMutablePointer<AVIOContext> {
        guard let buffer = av_malloc(Self.ioBufferSize) else {
            throw .libav(step: "allocating the I/O buffer", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        let cursor = Unmanaged.passRetained(MemoryCursor(file: self)).toOpaque()
        guard let context = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.ioBufferSize),
                                               writing ? 1 : 0, cursor,
                                               writing ? nil : cursorRead, writing ? cursorWrite : nil, cursorSeek) else {
            av_free(buffer)
            Unmanaged<MemoryCursor>.fromOpaque(cursor).release()
            throw .libav(step: "allocating the I/O context", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        return context
    }

    /// libavformat's own default buffer size.
    static let ioBufferSize = 32 * 1024

    /// Frees a context from `makeWriter` or `io_open`, after flushing it if it writes.
    static func closeContext(_ context: UnsafeMutablePointer<AVIOContext>) {
        if context.pointee.write_flag != 0 { avio_flush(context) }
        if let cursor = context.pointee.opaque { Unmanaged<MemoryCursor>.fromOpaque(cursor).release() }
        av_freep(&context.pointee.buffer)
        var pointer: UnsafeMutablePointer<AVIOContext>? = context
        avio_context_free(&pointer)
    }

    /// Lets the muxer reopen this file for reading (MP4 faststart); the format context's
    /// `opaque` must point at the file, unretained (the encoder owns both).
    static func attach(_ file: MemoryFile, to format: UnsafeMutablePointer<AVFormatContext>) {
        format.pointee.opaque = Unmanaged.passUnretained(file).toOpaque()
        format.pointee.io_open = reopenForReading
        format.pointee.io_close2 = closeReopened
    }
}

/// One open handle's position in a `MemoryFile`.
private final class MemoryCursor {
    let file: MemoryFile
    var position = 0

    init(file: MemoryFile) {
        self.file = file
    }
}

private func cursor(_ opaque: UnsafeMutableRawPointer?) -> MemoryCursor? {
    opaque.map { Unmanaged<MemoryCursor>.fromOpaque($0).takeUnretainedValue() }
}

private func cursorWrite(_ opaque: UnsafeMutableRawPointer?, _ data: UnsafeMutablePointer<UInt8>?, _ size: Int32) -> Int32 {
    guard let cursor = cursor(opaque), let data, size >= 0 else { return layercast_averror(EINVAL) }
    guard cursor.file.write(UnsafeRawBufferPointer(start: data, count: Int(size)), at: cursor.position) else {
        return layercast_averror(EFBIG)
    }
    cursor.position += Int(size)
    return size
}

private func cursorRead(_ opaque: UnsafeMutableRawPointer?, _ data: UnsafeMutablePointer<UInt8>?, _ size: Int32) -> Int32 {
    guard let cursor = cursor(opaque), let data, size >= 0 else { return layercast_averror(EINVAL) }
    let count = cursor.file.read(into: UnsafeMutableRawBufferPointer(start: data, count: Int(size)), at: cursor.position)
    guard count > 0 else { return layercast_averror_eof() }
    cursor.position += count
    return Int32(count)
}

private func cursorSeek(_ opaque: UnsafeMutableRawPointer?, _ offset: Int64, _ whence: Int32) -> Int64 {
    guard let cursor = cursor(opaque) else { return Int64(layercast_averror(EINVAL)) }
    let size = Int64(cursor.file.size)
    let target: Int64
    switch whence & ~Int32(AVSEEK_FORCE) {
    case Int32(AVSEEK_SIZE): return size
    case SEEK_SET: target = offset
    case SEEK_CUR: target = Int64(cursor.position) + offset
    case SEEK_END: target = size + offset
    default: return Int64(layercast_averror(EINVAL))
    }
    guard target >= 0, target - Int64(cursor.file.taken) <= Int64(cursor.file.limit) else { return Int64(layercast_averror(EINVAL)) }
    cursor.position = Int(target)
    return target
}

private func reopenForReading(_ format: UnsafeMutablePointer<AVFormatContext>?,
                              _ context: UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?,
                              _ url: UnsafePointer<CChar>?, _ flags: Int32,
                              _ options: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let format, let context, let opaque = format.pointee.opaque else { return layercast_averror(EINVAL) }
    // The file is written once, through the writer the encoder made; only reads are reopened.
    guard flags & AVIO_FLAG_WRITE == 0 else { return layercast_averror(EPERM) }
    let file = Unmanaged<MemoryFile>.fromOpaque(opaque).takeUnretainedValue()
    do {
        context.pointee = try file.makeContext(writing: false)
        return 0
    } catch {
        return layercast_averror(ENOMEM)
    }
}

private func closeReopened(_ format: UnsafeMutablePointer<AVFormatContext>?, _ context: UnsafeMutablePointer<AVIOContext>?) -> Int32 {
    if let context { MemoryFile.closeContext(context) }
    return 0
}
