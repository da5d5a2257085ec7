import Animation
import LayercastTesting
import Testing
@testable import Rendering

/// `LiveVideoEncoder`: the live stream's fragmented MP4, read by ffprobe and decoded by ffmpeg as a
/// player reads it: from the start, and from a later key frame as a viewer that joins.
@Suite(.ioTimeLimit) struct LiveVideoEncoderTests {
    /// 25 frames of the square crossing the grey at 10 fps, a key frame every 10.
    static func stream(frames: Int = 25, keyAt: Set<Int> = []) throws -> (LiveVideoEncoder, [LiveVideoEncoder.Fragment]) {
        let encoder = try LiveVideoEncoder(width: 128, height: 96, fps: 10, keyInterval: 10, crf: 23)
        let fragments = try (0..<frames).map { i throws(VideoEncodingError) in
            try encoder.add(VideoEncoderTests.frame(i), key: keyAt.contains(i))
        }
        return (encoder, fragments)
    }

    /// The four-letter type of the box at the start of `bytes`.
    static func firstBox(_ bytes: [UInt8]) -> String { String(decoding: bytes[4..<8], as: UTF8.self) }

    @Test func ffprobeReadsTheStreamAFragmentAFrameWithoutBFrames() throws {
        let (encoder, fragments) = try Self.stream()
        #expect(Self.firstBox(encoder.initSegment) == "ftyp")
        #expect(fragments.allSatisfy { Self.firstBox($0.bytes) == "moof" }, "each frame is a fragment of its own")
        #expect(fragments.map(\.index) == Array(0..<25))
        let whole = encoder.initSegment + fragments.flatMap(\.bytes)
        let (stream, _) = try FFmpegTools.probe(whole, suffix: "mp4")
        #expect(stream["codec_name"] as? String == "h264" && stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["has_b_frames"] as? Int == 0, "zero latency: no B-frames")
        #expect(stream["nb_read_frames"] as? String == "25")
        #expect(stream["r_frame_rate"] as? String == "10/1")
        #expect(stream["color_space"] as? String == "smpte170m" && stream["color_range"] as? String == "tv",
                "tagged with the BT.601 matrix libyuv converts with, limited range")
        let keys = try FFmpegTools.keyFrames(whole, suffix: "mp4")
        #expect(keys.enumerated().filter(\.element).map(\.offset) == [0, 10, 20], "a key frame every 10 frames")
        #expect(fragments.filter(\.isKey).map(\.index) == [0, 10, 20], "and the fragments say which")
    }

    /// A viewer that joins takes the init segment and the fragments from the last key frame: it
    /// decodes at once, and what it sees is the frame that went in.
    @Test func aViewerJoiningAtAKeyFrameDecodesTheFramesFromThere() throws {
        let (encoder, fragments) = try Self.stream()
        let joined = encoder.initSegment + fragments[10...].flatMap(\.bytes)
        let (stream, _) = try FFmpegTools.probe(joined, suffix: "mp4")
        #expect(stream["nb_read_frames"] as? String == "15")
        let decoded = try FFmpegTools.decodeRGB(joined, suffix: "mp4", frame: 0)
        let source = VideoEncoderTests.frame(10)
        var error = 0
        for y in 0..<96 {
            for x in 0..<128 {
                let p = source.pixel(x: x, y: y), o = (y * 128 + x) * 3
                error += abs(Int(p.r) - Int(decoded[o])) + abs(Int(p.g) - Int(decoded[o + 1])) + abs(Int(p.b) - Int(decoded[o + 2]))
            }
        }
        let mean = Double(error) / Double(128 * 96 * 3)
        #expect(mean < 3, "mean difference \(mean) from the frame given")
    }

    /// A key frame asked for starts the count again: the next comes `keyInterval` frames after it.
    @Test func aKeyFrameWhenAskedAndTheSameBytesFromTheSameFrames() throws {
        let (first, fragments) = try Self.stream(frames: 16, keyAt: [4])
        #expect(fragments.filter(\.isKey).map(\.index) == [0, 4, 14])
        let (second, again) = try Self.stream(frames: 16, keyAt: [4])
        #expect(first.initSegment == second.initSegment)
        #expect(fragments.map(\.bytes) == again.map(\.bytes))
    }

    /// A viewer that missed frames 5–9 gets frame 10 on with its decode time moved back by five
    /// frames: a timeline without a gap, one frame after another.
    @Test func aSkippedViewersTimelineHasNoGap() throws {
        let (encoder, fragments) = try Self.stream(frames: 15)
        #expect(LiveVideoEncoder.Fragment.decodeTime(in: fragments[12].bytes) != nil)
        let moved = fragments[10...].map { $0.bytes(movedBack: 5) }
        #expect(moved[0] != fragments[10].bytes && moved[0].count == fragments[10].bytes.count)
        let viewer = encoder.initSegment + fragments[..<5].flatMap(\.bytes) + moved.joined()
        let pts = try FFmpegTools.framePTS(viewer, suffix: "mp4")
        #expect(pts == (0..<10).map { $0 * LiveVideoEncoder.ticksPerFrame }, "\(pts)")
        #expect(fragments[3].bytes(movedBack: 0) == fragments[3].bytes)
    }

    /// The mean absolute difference, per channel value, between frame `index` of `video` as ffmpeg
    /// decodes it and `source`.
    static func meanDifference(_ video: [UInt8], frame index: Int, from source: RenderedImage) throws -> Double {
        let decoded = try FFmpegTools.decodeRGB(video, suffix: "mp4", frame: index)
        var error = 0
        for y in 0..<source.height {
            for x in 0..<source.width {
                let p = source.pixel(x: x, y: y), o = (y * source.width + x) * 3
                error += abs(Int(p.r) - Int(decoded[o])) + abs(Int(p.g) - Int(decoded[o + 1])) + abs(Int(p.b) - Int(decoded[o + 2]))
            }
        }
        return Double(error) / Double(source.width * source.height * 3)
    }

    /// A fragment given a scene time starts with an `emsg` box that carries it (version 0, its time
    /// that of its fragment), then the moof: ffprobe still reads every frame, and a viewer's
    /// timeline moved back still finds the decode time behind it.
    @Test func aSceneTimeTravelsInAnEventMessageBeforeItsFragment() throws {
        let encoder = try LiveVideoEncoder(width: 128, height: 96, fps: 10, keyInterval: 10, crf: 23)
        let times = ["0.000000", "0.100000", "12.345678"]
        let fragments = try times.indices.map { i throws(VideoEncodingError) in
            try encoder.add(VideoEncoderTests.frame(i), sceneTime: times[i])
        }
        for (fragment, time) in zip(fragments, times) {
            let bytes = fragment.bytes
            #expect(Self.firstBox(bytes) == "emsg" && bytes[8] == 0, "a version 0 emsg first")
            let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let scheme = Array(LiveVideoEncoder.sceneTimeScheme.utf8) + [0, 0]
            #expect(Array(bytes[12..<12 + scheme.count]) == scheme, "the scheme, then an empty value")
            let fields = 12 + scheme.count
            let u32 = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(u32(fields) == 10 * LiveVideoEncoder.ticksPerFrame && u32(fields + 4) == 0, "timescale, and the fragment's own time")
            #expect(String(decoding: bytes[fields + 16..<size], as: UTF8.self) == time)
            #expect(Self.firstBox(Array(bytes[size...])) == "moof")
        }
        let whole = encoder.initSegment + fragments.flatMap(\.bytes)
        #expect(try FFmpegTools.probe(whole, suffix: "mp4").stream["nb_read_frames"] as? String == "3")
        #expect(try FFmpegTools.framePTS(encoder.initSegment + fragments[0].bytes + fragments[2].bytes(movedBack: 1), suffix: "mp4")
                == [0, LiveVideoEncoder.ticksPerFrame])
    }

    /// A still picture sent again at a finer quality converges on what the format can show: its
    /// difference from the frame given comes within 0.05 of a key frame's at that quality (the rest
    /// is yuv420p's halved colour), from about 0.3 above it, for less than a coarse key frame's bytes.
    @Test func aStillPictureSentAgainFinerConvergesOnIt() throws {
        let encoder = try LiveVideoEncoder(width: 128, height: 96, fps: 10, keyInterval: 60, crf: 35)
        let picture = VideoEncoderTests.frame(7)
        let coarse = try encoder.add(picture)
        let fine = try encoder.add(picture, crf: 8)
        let again = try encoder.add(picture)
        let video = encoder.initSegment + coarse.bytes + fine.bytes + again.bytes
        let (before, after) = (try Self.meanDifference(video, frame: 0, from: picture), try Self.meanDifference(video, frame: 1, from: picture))
        let best = try LiveVideoEncoder(width: 128, height: 96, fps: 10, keyInterval: 60, crf: 8)
        let floor = try Self.meanDifference(best.initSegment + (try best.add(picture)).bytes, frame: 0, from: picture)
        #expect(before - floor > 0.2 && after - floor < 0.05, "mean difference \(before) at crf 35, \(after) sent again at crf 8, \(floor) a crf 8 key frame")
        #expect(!fine.isKey && fine.bytes.count < coarse.bytes.count, "\(fine.bytes.count) bytes against \(coarse.bytes.count)")
        #expect(try Self.meanDifference(video, frame: 2, from: picture) <= after + 0.01, "the same picture at crf 35 keeps it")
    }

    @Test func aFrameOfAnotherSizeIsRefused() throws {
        let encoder = try LiveVideoEncoder(width: 64, height: 64, fps: 30, keyInterval: 60, crf: 23)
        #expect(throws: VideoEncodingError.self) { _ = try encoder.add(VideoEncoderTests.frame(0)) }
    }
}
