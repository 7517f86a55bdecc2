import Foundation

/// The address an `<img>` shows: its `src` unless that is missing or a placeholder, else its lazy-loading
/// attributes (`data-src`, `data-original`, `data-lazy-src`), else the largest candidate of its `srcset` or
/// `data-srcset`.
enum ImageSource {
    static func address(of image: Int32, in document: Document, baseURL: URL?) -> String? {
        let src = document.attribute(image, "src") ?? ""
        if !src.isEmpty, !isPlaceholder(src), let resolved = URLResolver.image(src, against: baseURL) { return resolved }
        for name in ["data-src", "data-original", "data-lazy-src", "data-url", "data-hi-res-src"] {
            if let value = document.attribute(image, name), !value.isEmpty,
               let resolved = URLResolver.image(value, against: baseURL) {
                return resolved
            }
        }
        for name in ["srcset", "data-srcset", "data-lazy-srcset"] {
            if let value = document.attribute(image, name), let best = LazyImages.bestCandidate(inSrcset: value),
               let resolved = URLResolver.image(best, against: baseURL) {
                return resolved
            }
        }
        if !src.isEmpty { return URLResolver.image(src, against: baseURL) }
        return nil
    }

    /// A tiny inline GIF or blank image of the kind lazy loaders put in `src` until the real one comes.
    private static func isPlaceholder(_ src: String) -> Bool {
        let lower = src.lowercased()
        if lower.hasPrefix("data:") { return lower.count < 200 }
        return lower.hasSuffix("/blank.gif") || lower.hasSuffix("/spacer.gif") || lower.hasSuffix("/pixel.gif")
            || lower.hasSuffix("/placeholder.png") || lower.hasSuffix("/lazy.gif")
    }
}
