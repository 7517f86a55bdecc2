import Foundation
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The rules of the schedule, pure: the interval and why, the wait a failing source earned, when a scheduled
/// refresh may fetch, and the timer's slots.
@Suite("Schedule rules")
struct SchedulePolicyTests {
    typealias F = ScheduleFixtures

    /// An interval and what set it, comparable in one expectation.
    struct Picked: Equatable {
        let seconds: TimeInterval
        let reason: FetchSchedule.Reason

        init(_ seconds: TimeInterval, _ reason: FetchSchedule.Reason) {
            self.seconds = seconds
            self.reason = reason
        }
    }

    static func interval(
        user: TimeInterval? = F.hour, source: TimeInterval? = nil, _ hints: RefreshHints = RefreshHints()
    ) -> Picked {
        let (seconds, reason) = SchedulePolicy.interval(
            F.inputs(sourceInterval: source, hints: hints), userInterval: user, minimum: F.minimum)
        return Picked(seconds, reason)
    }

    static func hold(_ inputs: ScheduleInputs) -> Picked? {
        SchedulePolicy.hold(inputs).map { Picked($0.until.timeIntervalSince(F.start), $0.reason) }
    }

    @Test("the user's interval, raised (never lowered) by ttl, sy:updatePeriod and the server, each up to a day")
    func intervalAndWhy() {
        #expect(Self.interval() == Picked(3_600, .refreshInterval))
        #expect(Self.interval(source: 7_200) == Picked(7_200, .sourceInterval))
        #expect(Self.interval(source: 1_200) == Picked(1_200, .sourceInterval), "a source's own interval may be shorter")
        #expect(Self.interval(RefreshHints(ttl: 10_800)) == Picked(10_800, .ttl))
        #expect(Self.interval(RefreshHints(ttl: 1_800)) == Picked(3_600, .refreshInterval), "a hint never lowers it")
        #expect(Self.interval(RefreshHints(updatePeriod: 86_400)) == Picked(86_400, .updatePeriod))
        #expect(Self.interval(RefreshHints(serverFreshness: 2 * 86_400)) == Picked(86_400, .server), "capped at a day")
        #expect(
            Self.interval(RefreshHints(ttl: 7_200, updatePeriod: 3_600, serverFreshness: 14_400)) == Picked(14_400, .server))
        #expect(Self.interval(source: 7_200, RefreshHints(ttl: 10_800)) == Picked(10_800, .ttl))
        #expect(Self.interval(user: 3 * 86_400, RefreshHints(ttl: 60)) == Picked(3 * 86_400, .refreshInterval))
        #expect(Self.interval(user: 60) == Picked(F.minimum, .minimum))
        #expect(Self.interval(user: nil) == Picked(F.minimum, .minimum), "no timer: the minimum interval alone")
        // A tie goes to the user.
        #expect(Self.interval(RefreshHints(ttl: 3_600)) == Picked(3_600, .refreshInterval))
    }

    @Test("a failing source waits for its back-off; a later Retry-After wins, an earlier one does not")
    func hold() {
        let backoff = F.start.addingTimeInterval(7_200)
        #expect(Self.hold(F.inputs()) == nil)
        #expect(Self.hold(F.inputs(failures: 2, backoffUntil: backoff)) == Picked(7_200, .backingOff))
        let later = backoff.addingTimeInterval(1)
        #expect(Self.hold(F.inputs(failures: 2, backoffUntil: backoff, retryAfter: later)) == Picked(7_201, .retryAfter))
        let earlier = backoff.addingTimeInterval(-600)
        #expect(Self.hold(F.inputs(failures: 2, backoffUntil: backoff, retryAfter: earlier)) == Picked(7_200, .backingOff))
        // A back-off left over once the failures were forgotten (enable) holds nothing.
        #expect(Self.hold(F.inputs(failures: 0, backoffUntil: backoff)) == nil)
    }

    @Test("outside the timer a source is due a tenth of its interval early; new at once; disabled never")
    func plainSchedule() {
        let due = SchedulePolicy.schedule(F.inputs(), userInterval: F.hour, minimum: F.minimum)
        #expect(due == FetchSchedule(interval: 3_600, intervalReason: .refreshInterval, due: F.start.addingTimeInterval(3_240), reason: .refreshInterval))
        let new = SchedulePolicy.schedule(F.inputs(lastAttempt: nil), userInterval: F.hour, minimum: F.minimum)
        #expect(new.due == .distantPast && new.reason == .new)
        let off = SchedulePolicy.schedule(F.inputs(isEnabled: false), userInterval: F.hour, minimum: F.minimum)
        #expect(off.due == nil && off.reason == .disabled)
        let failing = SchedulePolicy.schedule(
            F.inputs(failures: 1, backoffUntil: F.start.addingTimeInterval(5_000)), userInterval: F.hour,
            minimum: F.minimum)
        #expect(failing.due == F.start.addingTimeInterval(5_000) && failing.reason == .backingOff)
        #expect(failing.intervalReason == .refreshInterval)
    }

    @Test("the timer fetches at the source's own slot: the first one its interval allows, the same every interval")
    func timerSlots() throws {
        let id = F.ids(1, seed: 7)[0]
        let phase = SchedulePolicy.phase(of: id)
        #expect((0..<1).contains(phase))
        let since = F.start.addingTimeInterval(-86_400)
        let schedule = SchedulePolicy.timerSchedule(
            F.inputs(id: id), userInterval: F.hour, minimum: F.minimum, since: since)
        let due = try #require(schedule.due)
        // On the slot grid of its phase, no earlier than 0.9 hours after the last fetch, within an hour of that.
        let offset = due.timeIntervalSince1970 / F.hour - phase
        #expect(abs(offset - offset.rounded()) < 1e-6)
        #expect(due >= F.start.addingTimeInterval(3_240) && due < F.start.addingTimeInterval(3_240 + F.hour))
        // Fetched at that slot, the next one is an interval later.
        let next = SchedulePolicy.timerSchedule(F.inputs(id: id, lastAttempt: due), userInterval: F.hour, minimum: F.minimum, since: since)
        #expect(next.due == due.addingTimeInterval(F.hour))
    }

    @Test("sources fetched together are spread over their interval by the timer, not fetched together again")
    func slotsAreSpread() {
        let since = F.start.addingTimeInterval(-86_400)
        let dues = F.ids(600, seed: 11).compactMap {
            SchedulePolicy.timerSchedule(F.inputs(id: $0), userInterval: F.hour, minimum: F.minimum, since: since).due
        }
        // Ten six-minute windows over the hour the slots fall in: 60 each if even; never more than 90.
        let first = F.start.addingTimeInterval(3_240)
        var windows = [Int](repeating: 0, count: 10)
        for due in dues { windows[min(9, Int(due.timeIntervalSince(first) / 360))] += 1 }
        #expect(windows.reduce(0, +) == 600)
        #expect(windows.allSatisfy { (30...90).contains($0) }, "\(windows)")
    }

    @Test("sources whose time came before the timer started are caught up within the hour, spread")
    func catchUp() {
        let since = F.start.addingTimeInterval(10 * 86_400)
        let dues = F.ids(200, seed: 5).map { id in
            SchedulePolicy.timerSchedule(
                F.inputs(id: id, hints: RefreshHints(updatePeriod: 86_400)), userInterval: F.hour, minimum: F.minimum,
                since: since
            ).due!
        }
        #expect(dues.allSatisfy { $0 >= since && $0 < since.addingTimeInterval(F.hour) })
        #expect(Set(dues.map { Int($0.timeIntervalSince(since) / 600) }).count == 6, "spread over the hour")
        let new = SchedulePolicy.timerSchedule(
            F.inputs(lastAttempt: nil), userInterval: F.hour, minimum: F.minimum, since: since)
        #expect(new.reason == .new && new.due! >= since && new.due! < since.addingTimeInterval(F.hour))
    }
}
