import Dispatch
import Foundation
import Synchronization
import Testing
import HTTPServer

/// The broadcast under frames and events: numbered values, the newest wins, and a reader that
/// registers to wait is woken by the next publish however the two interleave.
@Suite struct BroadcastTests {
    /// A count several threads share.
    final class SharedCount: Sendable {
        let value = Atomic<Int>(0)
    }

    /// A waker that counts its wakes.
    final class CountingWaker: Sendable {
        let wakes = SharedCount()
        var waker: StreamWaker { StreamWaker { [wakes] in wakes.value.add(1, ordering: .relaxed) } }
        var count: Int { wakes.value.load(ordering: .relaxed) }
    }

    @Test func valuesAreNumberedInPublishOrder() {
        let broadcast = Broadcast<String>()
        #expect(broadcast.latest == nil)
        #expect(broadcast.publish("a") == 1)
        #expect(broadcast.publish("b") == 2)
        #expect(broadcast.publish("c") == 3)
        #expect(broadcast.latest?.sequence == 3 && broadcast.latest?.value == "c")
        let waker = CountingWaker()
        #expect(broadcast.value(after: 1, orWake: waker.waker)?.value == "c")
        #expect(broadcast.value(after: 2, orWake: waker.waker)?.value == "c")
        #expect(broadcast.value(after: 3, orWake: waker.waker) == nil)
    }

    @Test func aLateReaderGetsOnlyTheNewest() {
        let broadcast = Broadcast<Int>()
        for v in 1...10 { broadcast.publish(v * 100) }
        let waker = CountingWaker()
        let item = broadcast.value(after: 0, orWake: waker.waker)
        #expect(item?.sequence == 10 && item?.value == 1000)
        // Nothing newer after that one, so the reader waits: the nine it missed are gone.
        #expect(broadcast.value(after: 10, orWake: waker.waker) == nil)
        #expect(waker.count == 0)
    }

    @Test func aWaitingReaderIsWokenOnceByTheNextPublish() {
        let broadcast = Broadcast<Int>()
        broadcast.publish(1)
        let reader = CountingWaker(), other = CountingWaker()
        #expect(broadcast.value(after: 1, orWake: reader.waker) == nil)
        #expect(broadcast.value(after: 1, orWake: other.waker) == nil)
        broadcast.publish(2)
        #expect(reader.count == 1 && other.count == 1)
        // A registration is used up by the wake: the next publish wakes only who asked again.
        #expect(broadcast.value(after: 2, orWake: reader.waker) == nil)
        broadcast.publish(3)
        #expect(reader.count == 2 && other.count == 1)
    }

    @Test func wakeOnNextWaitsEvenWhenSomethingNewerIsThere() {
        let broadcast = Broadcast<Int>()
        broadcast.publish(1)
        let reader = CountingWaker()
        broadcast.wakeOnNext(reader.waker)
        #expect(reader.count == 0)
        broadcast.publish(2)
        #expect(reader.count == 1)
    }

    @Test func wakeAllWakesWaitersWithoutAValue() {
        let broadcast = Broadcast<Int>()
        let reader = CountingWaker()
        #expect(broadcast.value(after: 0, orWake: reader.waker) == nil)
        broadcast.wakeAll()
        #expect(reader.count == 1)
        #expect(broadcast.latest == nil)
        broadcast.publish(1)
        #expect(reader.count == 1)
    }

    @Test func clearForgetsTheValueButNotTheNumbering() {
        let broadcast = Broadcast<Int>()
        broadcast.publish(1)
        broadcast.publish(2)
        broadcast.clear()
        #expect(broadcast.latest == nil)
        let reader = CountingWaker()
        #expect(broadcast.value(after: 0, orWake: reader.waker) == nil)
        #expect(broadcast.publish(3) == 3)
        #expect(reader.count == 1)
        #expect(broadcast.value(after: 2, orWake: reader.waker)?.value == 3)
    }

    /// A reader on one thread and a publisher on another, in lockstep: the publisher spins until
    /// the reader has taken a value and publishes the next at once, while the reader checks for
    /// it after a pause that differs each round, so the two keep meeting between the reader's
    /// check and its wait. A wake lost there leaves the reader waiting for a value already
    /// published. The bounds on the waits only keep a broken build from hanging. Both run on
    /// threads of their own: as tasks they would need two threads of the cooperative pool at
    /// once, which other tests' blocking waits can hold on a two-core machine (the reader then
    /// never started while the publisher spun).
    @Test func noWakeUpIsLostBetweenCheckAndWait() {
        let broadcast = Broadcast<Int>()
        let rounds = 20_000
        let woken = DispatchSemaphore(value: 0)
        let taken = SharedCount()
        let waker = StreamWaker { woken.signal() }
        let done = DispatchGroup()
        let sequences = Locked<[UInt64]>([])
        let allTaken = Locked(false)
        done.enter()
        Thread {
            var seen: [UInt64] = []
            while (seen.last ?? 0) < UInt64(rounds) {
                // A different short pause each round moves the check across the moment of the publish.
                for _ in 0..<(seen.count * 13 % 1024) { _ = taken.value.load(ordering: .relaxed) }
                if let item = broadcast.value(after: seen.last ?? 0, orWake: waker) {
                    seen.append(item.sequence)
                    taken.value.store(seen.count, ordering: .releasing)
                } else if woken.wait(timeout: .now() + 5) == .timedOut {
                    break
                }
            }
            sequences.set(seen)
            done.leave()
        }.start()
        done.enter()
        Thread {
            var all = true
            publishing: for v in 1...rounds {
                broadcast.publish(v)
                let deadline = DispatchTime.now() + 5
                while taken.value.load(ordering: .acquiring) < v {
                    guard DispatchTime.now() < deadline else {
                        all = false
                        break publishing
                    }
                }
            }
            allTaken.set(all)
            done.leave()
        }.start()
        done.wait()
        let last = sequences.value.last ?? 0
        #expect(allTaken.value, "the reader waited for a value already published (last taken \(last))")
        #expect(sequences.value == (1...UInt64(rounds)).map { $0 })
    }
}

/// A value handed from a thread to the test, under a lock.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
