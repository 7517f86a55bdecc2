public import Foundation

/// A point in time plus the UTC offset the feed wrote it with, because a reader may want to show the author's
/// local time and `Date` alone forgets it.
public struct FeedDate: Sendable, Hashable, Codable {
    /// The instant, in absolute time.
    public var date: Date
    /// The offset from UTC the source text carried, in seconds east of Greenwich; `nil` when the text had none
    /// (the instant is then read as UTC).
    public var utcOffsetSeconds: Int?

    /// Makes a date; `utcOffsetSeconds` is `nil` when the source did not say.
    public init(date: Date, utcOffsetSeconds: Int? = nil) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}
