import Foundation

/// How ``ArticleExtractor/safeHTML(fragment:baseURL:options:)`` writes a page's images and links, for a reader
/// that shows the HTML in a browser.
public struct SafeHTMLOptions: Sendable {
    /// Drops images that are there to track: declared 0 or 1 pixel wide or high (`width="1" height="1"`).
    public var dropsTrackingPixels: Bool
    /// Marks every link `rel="noopener noreferrer"` and `target="_blank"`, and every image
    /// `referrerpolicy="no-referrer"` and `loading="lazy"`: what a browser needs so that the site a link or an
    /// image leads to learns neither the reader's page nor a way back into it.
    public var isolatesLinks: Bool
    /// The address each image is shown from, given its own (absolute, `http(s)` or a `data:` raster image): a
    /// media proxy's address for it, the same address, or nil to drop the image. Nil keeps every address.
    public var imageAddress: (@Sendable (String) -> String?)?

    /// Options: every image kept at its own address, links plain.
    public init(dropsTrackingPixels: Bool = false, isolatesLinks: Bool = false, imageAddress: (@Sendable (String) -> String?)? = nil) {
        self.dropsTrackingPixels = dropsTrackingPixels
        self.isolatesLinks = isolatesLinks
        self.imageAddress = imageAddress
    }

    /// What ``ArticleExtractor/extract(html:url:declaredCharset:)`` writes: no image or link changed.
    public static let plain = SafeHTMLOptions()

    /// What a browser page shows: tracking pixels dropped, links and images isolated, images at their own
    /// addresses.
    public static let browser = SafeHTMLOptions(dropsTrackingPixels: true, isolatesLinks: true)

    /// Whether an image declared `width` by `height` (as its attributes hold them) is a tracking pixel.
    static func isTrackingPixel(width: String?, height: String?) -> Bool {
        func tiny(_ value: String?) -> Bool {
            guard let value else { return false }
            let digits = value.trimmingCharacters(in: .whitespaces).prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits) else { return false }
            return number <= 1
        }
        return tiny(width) || tiny(height)
    }
}
