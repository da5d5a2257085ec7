import CMicroHTTPD
import Dispatch
import Synchronization

/// Hands the allocator's free memory back to the system a moment after streams end. Long-lived
/// responses make buffers on MHD's thread and their producers' threads, and glibc keeps freed
/// pages in per-thread arenas: after bursts of clients coming and going the RSS would ratchet up
/// an arena at a time although nothing leaks. The application calls it too, after work that
/// held large buffers (a clip, a big frame).
public enum MemoryTrim {
    private static let pending = Atomic<Bool>(false)

    /// glibc raises both its thresholds as large blocks are freed: the mmap threshold up to
    /// 32 MiB, the trim threshold to twice that. Each thread that allocates gets an arena of its
    /// own, and `malloc_trim` releases an arena's free chunks but not the free space at its top,
    /// which only a free() over the trim threshold gives back. After a clip on its own thread the
    /// free top of its arena, tens of MiB, stayed resident. Fixed thresholds (which also turn the
    /// rising off): blocks up to 32 MiB come from the heap, so a surface freed and taken again
    /// every frame costs no page faults (`Renderer` reuses a stream's anyway), and a free top over
    /// 4 MiB goes back to the system at once, in every arena.
    public static let heapBlockLimit: Int32 = 32 << 20
    public static let topTrimBytes: Int32 = 4 << 20

    /// Sets both thresholds for the whole process (`layercast serve` does at start).
    public static func configureAllocator() {
        _ = mallopt(M_MMAP_THRESHOLD, heapBlockLimit)
        _ = mallopt(M_TRIM_THRESHOLD, topTrimBytes)
    }

    /// Coalesced to one trim about a second after the first call since the last trim, so the
    /// connections that closed meanwhile have freed their buffers too.
    public static func soon() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) {
            pending.store(false, ordering: .releasing)
            _ = malloc_trim(0)
        }
    }
}
