import Foundation
import HTTPTypes
import Hummingbird
import ReduxVM
@_spi(Serve) import RssCore
import ServeCore

/// `/web/icon/ID`: the icon source ID's feed declares, fetched by the server under the signed-in account's
/// address policy, kept in memory a while, and sent as an image of the server's own (raster images only); the
/// pages' own feed icon when the feed declares none, or its icon cannot be had. A source of another library is
/// a 404, as one that never existed.
struct IconRoute: Sendable {
    let libraries: ServeLibraries
    let cache: MediaCache

    /// The largest icon fetched.
    static let maximumBytes = 512 << 10

    func answer(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text), let source = library.store.state.sources[id] else {
            throw HTTPError(.notFound)
        }
        guard let icon = source.iconURL else { return Self.fallback.response }
        let key = "icon\n" + (context.user ?? "") + "\n" + icon.absoluteString
        if let cached = cache.entry(for: key) { return cached.response }
        var entry = Self.fallback
        if case .success(let media) = await libraries.pool.fetchMedia(icon, policy: library.policy, maximumBytes: Self.maximumBytes) {
            if let type = MediaRoute.rasterType(media.contentType) { entry = MediaCache.Entry(data: media.data, contentType: type) }
        }
        // Kept either way: an icon that cannot be had is not asked for at every page.
        cache.store(entry, for: key)
        return entry.response
    }

    /// The pages' own icon.
    static let fallback = MediaCache.Entry(data: Data(WebAsset.icon.bytes), contentType: WebAsset.icon.contentType)
}
