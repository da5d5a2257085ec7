import Controls
import HTTPServer
import Synchronization

/// Keeps one producer per watched stream variant and none for variants nobody watches.
final class FrameHub: Sendable {
    private let producers = Mutex<[StreamKey: VariantProducer]>([:])
    private let viewers = Mutex<[ObjectIdentifier: StreamViewer]>([:])
    private let scene: LiveScene
    private let frames: FrameRenderer
    let counters: StreamCounters
    let maxStreams: Int

    init(scene: LiveScene, frames: FrameRenderer, counters: StreamCounters, maxStreams: Int) {
        self.scene = scene
        self.frames = frames
        self.counters = counters
        self.maxStreams = maxStreams
    }

    var openStreams: Int { viewers.withLock { $0.count } }
    var watchedVariants: Int { producers.withLock { $0.count } }

    /// A new viewer of `key`, or nil when `maxStreams` are already open.
    func attach(_ key: StreamKey, viewerClass: String) -> StreamViewer? {
        let producer: VariantProducer? = producers.withLock { map in
            guard viewers.withLock({ $0.count }) < maxStreams else { return nil }
            if let p = map[key] { return p }
            let p = VariantProducer(key: key, scene: scene, frames: frames, counters: counters)
            map[key] = p
            return p
        }
        guard let producer else { return nil }
        let viewer = StreamViewer(producer: producer, hub: self, viewerClass: viewerClass)
        viewers.withLock { $0[ObjectIdentifier(viewer)] = viewer }
        // Attach under the producers lock's protection of the map, so a concurrent last detach
        // cannot drop this producer between lookup and attach.
        producers.withLock { _ in producer.attach() }
        counters.streamOpened()
        return viewer
    }

    func detach(_ viewer: StreamViewer, from producer: VariantProducer) {
        guard viewers.withLock({ $0.removeValue(forKey: ObjectIdentifier(viewer)) }) != nil else { return }
        producers.withLock { map in
            if producer.detach(), map[producer.key] === producer {
                map[producer.key] = nil
            }
        }
        counters.streamClosed()
    }

    /// Ends every stream: each viewer finishes and is woken so its connection closes now.
    func finishAll() -> Int {
        let all = viewers.withLock { Array($0.values) }
        for v in all { v.finish() }
        for p in producers.withLock({ Array($0.values) }) { p.wakeAll() }
        return all.count
    }
}
