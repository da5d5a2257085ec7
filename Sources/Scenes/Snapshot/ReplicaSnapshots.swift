import Animation
import Controls
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a replica writes to Redis and rebuilds its scene from (docs/design/replication.md §Snapshots).
extension Stage {
    /// The scene as the entry just applied (`entry`, at host time `host`) left it, on the reader's
    /// thread, before the next is applied, with the PNG of the uploaded artwork it shows (stored
    /// under its hash, as its upload's entry stored it); nil while a scenario's steps are
    /// scheduled (a snapshot does not carry them) or when the scene cannot be written.
    package func replicaSnapshot(after entry: String, host: Double, clock: SharedClock) -> ReplicaSnapshot? {
        guard scene.pendingCount(at: host) == 0 else { return nil }
        let (copy, time, revision) = scene.snapshotWithRevision(at: host)
        let timebase = clock.timebase(at: host)
        let document = SceneSnapshot(scene: copy, time: time, revision: revision, lastEntry: entry,
                                     replicaClock: ReplicaClock(hostTime: host, timebase: timebase),
                                     clock: ClockState(sceneTime: time, paused: timebase.isPaused, speed: timebase.speed,
                                                       fps: settings.fps),
                                     references: artworkReferences(copy))
        do {
            let png = document.artwork.flatMap { hash in artworks.store.get(hash).map { (hash, $0) } }
            if document.artwork != nil && png == nil { throw SnapshotUnusable(reason: "its artwork is no longer kept") }
            return ReplicaSnapshot(document: try document.encoded(), artwork: png)
        } catch {
            logger.error("replication: cannot write a snapshot: \(error)")
            return nil
        }
    }

    /// Rebuilds the scene and the shared clock from a replica's snapshot; an uploaded artwork it
    /// shows and this server lacks comes from `fetch` (its PNG by SHA-256). Returns the entry the
    /// snapshot includes last and the host time it took effect.
    package func restore(snapshot bytes: [UInt8], clock: SharedClock,
                 fetch: (String) throws -> [UInt8]?) throws -> (entry: String, host: Double) {
        struct Head: Decodable { let artwork: String? }
        if let hash = try JSONDecoder().decode(Head.self, from: Data(bytes)).artwork, (try? artworks.bitmap(hash)) == nil {
            guard let png = try fetch(hash) else { throw SnapshotUnusable(reason: "its artwork \(hash) is not in the log") }
            _ = try artworks.upload(png)
        }
        let snapshot = try SceneSnapshot.decode(bytes, references: ArtworkReferences(configuration: settings.scene,
                                                                                       library: artworks))
        guard let entry = snapshot.lastEntry, let replicaClock = snapshot.replicaClock else {
            throw SnapshotUnusable(reason: "it is not a replica's snapshot")
        }
        clock.restore(replicaClock.timebase)
        scene.restore(snapshot.scene.scene, revision: snapshot.revision)
        return (entry, replicaClock.hostTime)
    }
}

/// A snapshot as a replica stores it: the document, and the artwork's PNG under its SHA-256.
package struct ReplicaSnapshot: Sendable {
    package let document: [UInt8]
    package let artwork: (hash: String, png: [UInt8])?
}

package struct SnapshotUnusable: Error, CustomStringConvertible {
    package let reason: String
    package var description: String { "the snapshot cannot be restored: \(reason)" }
}

extension Stage {
    /// How a snapshot of `scene` names its bitmaps on this server.
    package func artworkReferences(_ scene: Scene) -> ArtworkReferences {
        ArtworkReferences(configuration: scene.configuration, library: artworks)
    }

    /// The whole scene at the clock's time for host time `host` (now when nil), as `GET /snapshot`
    /// answers it, naming `lastEntry` as the last log entry it includes.
    package func snapshot(at host: Double? = nil, lastEntry: String?) -> SceneSnapshot {
        let (copy, time, revision) = scene.snapshotWithRevision(at: host)
        return SceneSnapshot(scene: copy, time: time, revision: revision, lastEntry: lastEntry,
                             clock: clockState(time: time), references: artworkReferences(copy))
    }
}
