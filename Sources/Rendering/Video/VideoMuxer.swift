import CAVCodec

/// libavformat's muxer writing one video stream into a `MemoryFile`.
final class VideoMuxer {
    let file: MemoryFile
    private let context: UnsafeMutablePointer<AVFormatContext>
    private let writer: UnsafeMutablePointer<AVIOContext>
    let stream: UnsafeMutablePointer<AVStream>
    /// The packet the encoder fills and `write` sends on, reused.
    let packet: UnsafeMutablePointer<AVPacket>

    init(format: VideoFormat, limit: Int) throws(VideoEncodingError) {
        file = MemoryFile(limit: limit)
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        try VideoEncodingError.check(avformat_alloc_output_context2(&allocated, nil, format.muxer, nil),
                                     "creating the \(format.muxer) muxer")
        guard let context = allocated else {
            throw .libav(step: "creating the \(format.muxer) muxer", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        let writer: UnsafeMutablePointer<AVIOContext>
        do {
            writer = try file.makeWriter()
        } catch {
            avformat_free_context(context)
            throw error
        }
        guard let stream = avformat_new_stream(context, nil), let packet = av_packet_alloc() else {
            avformat_free_context(context)
            MemoryFile.closeContext(writer)
            throw .libav(step: "adding the video stream", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        self.context = context
        self.writer = writer
        self.stream = stream
        self.packet = packet
        context.pointee.pb = writer
        // BITEXACT leaves out what changes run to run (WebM's random segment UID, library
        // versions), so equal frames give equal files.
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO | AVFMT_FLAG_BITEXACT
        MemoryFile.attach(file, to: context)
    }

    deinit {
        // The writer is ours (CUSTOM_IO): libavformat leaves it open.
        avformat_free_context(context)
        MemoryFile.closeContext(writer)
        var freed: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&freed)
    }

    /// Whether the container wants codec headers out of band (both MP4 and WebM do).
    var wantsGlobalHeader: Bool {
        (context.pointee.oformat?.pointee.flags ?? 0) & AVFMT_GLOBALHEADER != 0
    }

    func writeHeader(codec: UnsafeMutablePointer<AVCodecContext>, options: [(String, String)]) throws(VideoEncodingError) {
        try VideoEncodingError.check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "describing the stream")
        stream.pointee.time_base = codec.pointee.time_base
        stream.pointee.avg_frame_rate = codec.pointee.framerate
        stream.pointee.r_frame_rate = codec.pointee.framerate
        var dictionary = try LibAVDictionary(options)
        try check(avformat_write_header(context, &dictionary.pointer), "writing the container header")
        try dictionary.requireAllUsed(by: "the muxer")
    }

    /// Writes one encoded packet, given in the codec's time base.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, codecTimeBase: AVRational) throws(VideoEncodingError) {
        // Every frame lasts one tick of 1/fps; saying so for each packet is what gives the last
        // frame its duration, and the file its exact length.
        packet.pointee.duration = 1
        av_packet_rescale_ts(packet, codecTimeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try check(av_write_frame(context, packet), "writing a frame")
    }

    /// A live stream's bytes so far (after the header: the init segment), handed over.
    func takeWritten() throws(VideoEncodingError) -> [UInt8] {
        avio_flush(writer)
        try check(writer.pointee.error, "writing the stream")
        return file.take()
    }

    /// Ends the fragment the packets since the last one make (fragmented MP4 with `frag_custom`)
    /// and hands over its bytes.
    func takeFragment() throws(VideoEncodingError) -> [UInt8] {
        try check(av_write_frame(context, nil), "ending a fragment")
        return try takeWritten()
    }

    /// Writes the index (MP4: moves it in front of the data) and hands over the file.
    func finish() throws(VideoEncodingError) -> [UInt8] {
        try check(av_write_trailer(context), "finishing the container")
        avio_flush(writer)
        try check(writer.pointee.error, "writing the container")
        return file.bytes
    }

    /// Reports a refused write as the bound it hit rather than as libav's I/O error.
    private func check(_ status: Int32, _ step: String) throws(VideoEncodingError) {
        if status < 0 && file.overflowed { throw .outputTooLarge(limit: file.limit) }
        try VideoEncodingError.check(status, step)
    }
}

/// An AVDictionary of options, freed on deinit; `requireAllUsed` catches a misspelt option
/// (libav removes the ones it took and leaves the rest).
struct LibAVDictionary: ~Copyable {
    var pointer: OpaquePointer?

    init(_ entries: [(String, String)]) throws(VideoEncodingError) {
        for (key, value) in entries {
            try VideoEncodingError.check(av_dict_set(&pointer, key, value, 0), "setting option \(key)")
        }
    }

    deinit {
        var remaining = pointer
        av_dict_free(&remaining)
    }

    func requireAllUsed(by user: String) throws(VideoEncodingError) {
        guard let pointer, av_dict_count(pointer) > 0 else { return }
        var names: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            if let key = next.pointee.key { names.append(String(cString: key)) }
            entry = next
        }
        throw .libav(step: "configuring \(user)", code: layercast_averror(EINVAL),
                     message: "unknown options \(names.joined(separator: ", "))")
    }
}
