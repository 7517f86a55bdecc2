package import Foundation
import Synchronization

/// Limits sign-in attempts per client address: after ``allowedFailures`` attempts without a success within
/// ``window``, that address is refused (429, without checking anything) until the window has passed since
/// its first attempt.
/// Other addresses are not affected, and a refusal costs nothing, so a flood of bad logins from one address
/// neither gets through nor slows the server for others.
package final class LoginLimiter: Sendable {
    /// Failures allowed per address per window.
    package let allowedFailures: Int
    /// The window, in seconds.
    package let window: TimeInterval
    private let now: @Sendable () -> Date
    private let failures = Mutex<[String: Failures]>([:])

    private struct Failures {
        var first: Date
        var count: Int
    }

    package init(allowedFailures: Int = 10, window: TimeInterval = 60, now: @escaping @Sendable () -> Date = { Date() }) {
        self.allowedFailures = allowedFailures
        self.window = window
        self.now = now
    }

    /// Counts an attempt of `address` before its password is checked, and returns nil; or, when the address
    /// has used its attempts, returns the seconds until it may try again and counts nothing. Counting before
    /// the check keeps concurrent attempts from all passing while the first ones are still being checked.
    package func attempt(_ address: String) -> Int? {
        let now = now()
        return failures.withLock { table -> Int? in
            // Forget old entries now and then, so that many addresses cannot grow the table without end.
            if table.count > 10_000 { table = table.filter { now.timeIntervalSince($0.value.first) < window } }
            guard let entry = table[address], now.timeIntervalSince(entry.first) < window else {
                table[address] = Failures(first: now, count: 1)
                return nil
            }
            if entry.count >= allowedFailures {
                return max(1, Int((window - now.timeIntervalSince(entry.first)).rounded(.up)))
            }
            table[address]?.count = entry.count + 1
            return nil
        }
    }

    /// Forgets `address`'s attempts after it signed in.
    package func recordSuccess(_ address: String) {
        _ = failures.withLock { $0.removeValue(forKey: address) }
    }
}
