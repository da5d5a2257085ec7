import Synchronization

/// Renderer caches key on `Bitmap.id`, so ids must never repeat within a process.
/// Starts at 2³² so it cannot meet small hand-picked ids (tests, built-in artwork) until the
/// Animation module owns a single counter for everyone.
private let nextBitmapID = Atomic<UInt64>(1 << 32)

/// A fresh, process-unique bitmap id.
public func makeBitmapID() -> UInt64 {
    nextBitmapID.wrappingAdd(1, ordering: .relaxed).oldValue
}
