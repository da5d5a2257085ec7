import Dispatch
import HTTPServer
import Scenes
import Synchronization

/// Gives back what the renderer keeps for draws that stopped coming: blurred and resampled covers
/// of up to 1024×1024 (4 MiB each, 32 MiB for the cache's eight), which would otherwise stay until
/// other images pushed them out. Every
/// `interval` it drops the images unused for `unusedFor`, and then has the allocator hand the
/// memory back, so the process returns to its size soon after a load has gone.
final class CacheSweeper: Sendable {
    static let interval = 2.0
    static let unusedFor = 4.0

    private let frameRenderer: FrameRenderer
    /// Made at `start()`: a Dispatch timer must not be released without ever having run.
    private let timer = Mutex<RepeatingTimer?>(nil)

    init(frameRenderer: FrameRenderer) {
        self.frameRenderer = frameRenderer
    }

    func start() {
        let renderer = frameRenderer.renderer
        let sweep = RepeatingTimer(interval: Self.interval, queue: DispatchQueue(label: "layercast.sweep", qos: .utility)) {
            if renderer.dropCachedImages(unusedFor: Self.unusedFor) > 0 { MemoryTrim.soon() }
        }
        timer.withLock { $0 = sweep }
        sweep.start()
    }

    func stop() {
        timer.withLock { $0 }?.cancel()
    }
}
