import Foundation

/// Debian's ffprobe and ffmpeg (scripts/install-deps.sh test), run on encoded bytes written to a
/// temporary file: an independent reader of what the encoders and the clip routes wrote.
public enum FFmpegTools {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `ffprobe -show_streams -show_format -count_frames` as JSON: the first stream and the format.
    public static func probe(_ bytes: [UInt8], suffix: String) throws -> (stream: [String: Any], format: [String: Any]) {
        let output = try withTemporaryFile(bytes, suffix: suffix) { path in
            try run("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-count_frames", "-of", "json", path])
        }
        guard let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
              let streams = json["streams"] as? [[String: Any]], let stream = streams.first,
              let format = json["format"] as? [String: Any] else {
            throw Failure(description: "ffprobe gave no stream: \(String(decoding: output, as: UTF8.self))")
        }
        return (stream, format)
    }

    /// Which decoded frames are key frames, in order (`ffprobe -show_entries frame=key_frame`).
    public static func keyFrames(_ bytes: [UInt8], suffix: String) throws -> [Bool] {
        try frameEntries("key_frame", bytes, suffix: suffix).map { $0 == "1" }
    }

    /// Each decoded frame's presentation time in the stream's time base, in order.
    public static func framePTS(_ bytes: [UInt8], suffix: String) throws -> [Int] {
        try frameEntries("pts", bytes, suffix: suffix).map { Int($0) ?? -1 }
    }

    /// One entry of each decoded frame (`ffprobe -show_entries frame=NAME`), as printed.
    private static func frameEntries(_ name: String, _ bytes: [UInt8], suffix: String) throws -> [String] {
        let output = try withTemporaryFile(bytes, suffix: suffix) { path in
            try run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=\(name)",
                                "-of", "csv=p=0", path])
        }
        return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
    }

    /// Frame `index` decoded to packed RGB24 at the coded size, by ffmpeg's own converter.
    public static func decodeRGB(_ bytes: [UInt8], suffix: String, frame index: Int) throws -> [UInt8] {
        try withTemporaryFile(bytes, suffix: suffix) { path in
            [UInt8](try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-vf", "select=eq(n\\,\(index))",
                                       "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        }
    }

    private static func withTemporaryFile<T>(_ bytes: [UInt8], suffix: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-video-\(UUID().uuidString).\(suffix)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return data
    }
}
