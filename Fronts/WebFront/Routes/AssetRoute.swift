import HTTPTypes
import Hummingbird
import ServeCore

/// The style sheet and the script, by their content-addressed names: cached for a year, never revalidated.
enum AssetRoute {
    static func answer(_ request: Request, context: ServeContext) throws -> Response {
        guard let name = context.parameters.get("name"), let asset = WebAsset.byName[name] else {
            throw HTTPError(.notFound)
        }
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
