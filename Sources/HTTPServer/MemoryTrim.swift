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
