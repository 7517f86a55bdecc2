import Foundation
import FrontKit
import HTTPTypes
import Hummingbird
@_spi(Serve) import RssCore
import ServeCore

/// `/web/media?url=…&sig=…`: an image an article page named, fetched under the signed-in account's address
/// policy (never this machine or a private network the account may not reach), kept a while in memory, and
/// sent as an image of the server's own. Only raster images: an SVG could carry script.
struct MediaRoute: Sendable {
    let proxy: MediaProxy
    let libraries: ServeLibraries
    let cache: MediaCache

    /// The largest image fetched.
    static let maximumBytes = 8 << 20
    /// The types sent on.
    static let types: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon", "image/vnd.microsoft.icon"]

    /// The type of a `Content-Type` naming one of ``types`` (its parameters dropped), else nil.
    static func rasterType(_ contentType: String?) -> String? {
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return type.flatMap { types.contains($0) ? $0 : nil }
    }

    func answer(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        let parameters = WebParameters.of(request)
        guard let address = parameters["url"], proxy.isSigned(address, parameters["sig"]), let url = URL(string: address) else {
            throw HTTPError(.notFound)
        }
        // Kept per account: another account's policy may not reach what this one's did.
        let key = (context.user ?? "") + "\n" + address
        if let cached = cache.entry(for: key) { return cached.response }
        switch await libraries.pool.fetchMedia(url, policy: library.policy, maximumBytes: Self.maximumBytes) {
        case .failure(let error):
            throw HTTPError(.badGateway, message: "The image could not be fetched: " + ProblemText.fetchReason(error))
        case .success(let media):
            guard let type = Self.rasterType(media.contentType) else {
                throw HTTPError(.unsupportedMediaType, message: "Not an image a page shows.")
            }
            let entry = MediaCache.Entry(data: media.data, contentType: type)
            cache.store(entry, for: key)
            return entry.response
        }
    }
}
