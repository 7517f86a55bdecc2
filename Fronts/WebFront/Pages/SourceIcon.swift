import RssCore

/// A source's icon beside its name, when its feed declares one (served by the server: ``IconRoute``);
/// decorative, so screen readers skip it.
enum SourceIcon {
    static func html(_ source: Source) -> HTML {
        guard source.iconURL != nil else { return .empty }
        return "<img class=\"icon\" src=\"\(WebLink(path: WebPath.icon(source.id)))\" alt=\"\" width=\"16\" height=\"16\" loading=\"lazy\"> "
    }
}
