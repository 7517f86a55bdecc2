import Foundation
import FrontKit

extension ScheduleSummary {
    /// Writes the schedule's keys of a source's JSON object: dates in ISO 8601 (`nextDue` null when disabled
    /// or never fetched, which `nextDueReason` tells apart), the interval in seconds.
    func encode(into container: inout KeyedEncodingContainer<JSONRenderer.SourceEntry.CodingKeys>) throws {
        try container.encode(lastFetch.map(LocalTime.iso8601), forKey: .lastFetch)
        try container.encode(due.flatMap { $0 == .distantPast ? nil : LocalTime.iso8601($0) }, forKey: .nextDue)
        try container.encode(dueReason, forKey: .nextDueReason)
        try container.encode(Int(interval.rounded()), forKey: .interval)
        try container.encode(intervalReason, forKey: .intervalReason)
        try container.encode(failures, forKey: .failures)
    }
}
