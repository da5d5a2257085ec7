#if LAYERCAST_FUZZ
// Built with `-sanitize=fuzzer -D LAYERCAST_FUZZ` (`make fuzz`): libFuzzer calls this with each input
// it makes, for the target named by LAYERCAST_FUZZ_TARGET.
import CLibFuzzer
import SeedControls
#if canImport(Glibc)
import Glibc
#endif

private let target: FuzzTarget = {
    let name = getenv("LAYERCAST_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        print("LAYERCAST_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))")
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// SwiftPM links an executable's `main` to this (its module's entry point); libFuzzer's driver
/// takes the command line from here.
@_cdecl("layercast_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
import Foundation
import SeedControls

/// Without libFuzzer: `layercast-fuzz TARGET PATH...` runs every file under each path through the
/// target once, as a regression check of its corpus (`make fuzz-replay`, part of `make test`).
@main
struct Replay {
    static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            print("usage: layercast-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) PATH...")
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String }.map { path + "/" + $0 }
                ?? [path]
            for file in files.sorted() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                      let data = FileManager.default.contents(atPath: file) else { continue }
                target.run(Array(data))
                count += 1
            }
        }
        print("layercast-fuzz \(name): \(count) inputs replayed")
    }
}
#endif
