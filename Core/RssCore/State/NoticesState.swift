public import Foundation

/// A message for the user: an error to report or news to announce.
public struct Notice: Sendable, Equatable, Identifiable, Codable {
    /// How a front should present it.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// Something happened ("12 new in Source").
        case info
        /// Something failed; the text says what and why, in one line.
        case error
    }

    /// Increasing number, so fronts can tell which notices they have shown.
    public let id: Int
    /// Info or error.
    public let kind: Kind
    /// The one-line message.
    public let text: String
    /// When it was posted.
    public let date: Date
}

/// Recent notices, oldest first; only the latest ones are kept.
public struct NoticesState: Sendable, Equatable {
    /// The kept notices, oldest first.
    public internal(set) var items: [Notice] = []
    /// The id the next notice gets.
    public internal(set) var nextID = 1

    static var limit: Int { 50 }

    mutating func post(_ kind: Notice.Kind, _ text: String, at date: Date) {
        items.append(Notice(id: nextID, kind: kind, text: text, date: date))
        nextID += 1
        if items.count > Self.limit { items.removeFirst(items.count - Self.limit) }
    }
}
