import Foundation

/// A wait with a deadline that ran out, with what the test could see meanwhile.
struct TimedOut: Error, CustomStringConvertible {
    let waitingFor: String
    let seen: String
    var description: String { "timed out waiting for \(waitingFor)" + (seen.isEmpty ? "" : "; seen so far:\n\(seen)") }
}

/// Asks `value` every 10 ms until it gives a result, and returns that; throws ``TimedOut`` (with what `seen`
/// shows) once `timeout` has passed. The condition decides when the test goes on, not a fixed sleep: a loaded
/// machine only makes the wait longer.
func poll<Value>(
    _ waitingFor: String, timeout: Duration = .seconds(10), seen: () -> String = { "" },
    _ value: () throws -> Value?
) async throws -> Value {
    let deadline = ContinuousClock.now + timeout
    while true {
        if let value = try value() { return value }
        guard ContinuousClock.now < deadline else { throw TimedOut(waitingFor: waitingFor, seen: seen()) }
        try await Task.sleep(for: .milliseconds(10))
    }
}
