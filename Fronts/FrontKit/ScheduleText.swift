public import Foundation
public import RssCore

/// The one wording of a source's schedule (``/RssCore/FetchSchedule``): why a scheduled refresh fetches it
/// when it does, as the REPL's `sources` table and the report's JSON say it.
public enum ScheduleText {
    /// A word for `reason`, the same in a table and in JSON: `user`, `source` (the source's own interval),
    /// `ttl`, `update-period`, `server`, `minimum`, `new`, `backoff`, `retry-after`, `disabled`.
    public static func word(_ reason: FetchSchedule.Reason) -> String {
        switch reason {
        case .refreshInterval: "user"
        case .sourceInterval: "source"
        case .ttl: "ttl"
        case .updatePeriod: "update-period"
        case .server: "server"
        case .minimum: "minimum"
        case .new: "new"
        case .backingOff: "backoff"
        case .retryAfter: "retry-after"
        case .disabled: "disabled"
        }
    }

    /// An interval the way a user types one: `90s`, `15m`, `2h`, `1d`, or the largest whole unit with
    /// what is left (`1h30m`).
    public static func interval(_ seconds: TimeInterval) -> String {
        var rest = Int(seconds.rounded())
        guard rest > 0 else { return "0s" }
        var parts: [String] = []
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        return parts.joined()
    }
}
