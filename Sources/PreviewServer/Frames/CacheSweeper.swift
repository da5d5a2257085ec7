import Controls
import Dispatch
import HTTPServer
import Scenes
import Synchronization

/// Gives back what the renderer keeps for draws that stopped coming: blurred and resampled covers
/// of up to 1024×1024 (4 MiB each, 32 MiB for the cache's eight), which would otherwise stay until
/// other images pushed them out; and the scene's copies that fell out of the history's span,
/// which would otherwise stay until the next command. Every `interval` it drops the images unused
/// for `unusedFor` and those copies, and then has the allocator hand the memory back, so the
/// process returns to its size soon after a load has gone.
final class CacheSweeper: Sendable {
    static let interval = 2.0
    static let unusedFor = 4.0
    /// History given up that is worth a trim of the allocator.
    static let trimAfterBytes = 1 << 20

    private let frameRenderer: FrameRenderer
    private let scene: LiveScene
    /// Made at `start()`: a Dispatch timer must not be released without ever having run.
    private let timer = Mutex<RepeatingTimer?>(nil)

    init(frameRenderer: FrameRenderer, scene: LiveScene) {
        self.frameRenderer = frameRenderer
        self.scene = scene
    }

    func start() {
        let (renderer, scene) = (frameRenderer.renderer, scene)
        let sweep = RepeatingTimer(interval: Self.interval, queue: DispatchQueue(label: "layercast.sweep", qos: .utility)) {
            let images = renderer.dropCachedImages(unusedFor: Self.unusedFor)
            if images > 0 || scene.forgetOutsideSpan() >= Self.trimAfterBytes { MemoryTrim.soon() }
        }
        timer.withLock { $0 = sweep }
        sweep.start()
    }

    func stop() {
        timer.withLock { $0 }?.cancel()
    }
}
