/// A media file attached to an item (podcast audio, video, image), kept so a reader can offer to play or save it.
public struct FeedEnclosure: Sendable, Hashable, Codable {
    /// Absolute URL of the file (resolved against xml:base and the feed URL).
    public var url: String
    /// MIME type as declared, if any.
    public var mimeType: String?
    /// Size in bytes as declared, if it was a number.
    public var length: Int64?
    /// Play length in seconds, when the feed gives one (iTunes, Media RSS, JSON Feed).
    public var durationSeconds: Double?

    /// Makes an enclosure.
    public init(url: String, mimeType: String? = nil, length: Int64? = nil, durationSeconds: Double? = nil) {
        self.url = url
        self.mimeType = mimeType
        self.length = length
        self.durationSeconds = durationSeconds
    }
}
