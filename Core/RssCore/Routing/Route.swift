public import Foundation

/// What the reader is showing, as state: fronts follow the route instead of calling each other's views, so
/// any view that can show an article configures itself from the state alone.
public enum Route: Sendable, Equatable, Hashable {
    /// The news lists.
    case lists
    /// The article with this id (its content is in ``RssState/article`` once loaded).
    case showsArticle(uuid: UUID)
}
