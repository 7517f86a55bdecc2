import Foundation
import HTTPTypes
import Hummingbird
import RssCore
import ServeCore

/// The Nextcloud News API, v1-2 and v1-3, under `/index.php/apps/news/api/`; see docs/serve.md for each
/// endpoint. Requests are routed by ``NextcloudEndpoint`` rather than by the router's own table, since the same
/// path takes PUT and POST and newsboat 2.21 sends guids, slashes and all, inside its paths.
struct NextcloudRoutes: LibraryEndpoint {
    /// The News release whose API this one matches. Clients compare it: RSS Guard 4.0.4 wants at least 6.0.5,
    /// RSS Guard 5 at least 27.2.0, and from 15.1.0 on a feed in no folder is sent with `folderId: null`.
    static let claimedVersion = "28.7.0"

    /// The library the API reads and changes.
    let library: ServeLibrary

    /// Adds the API's routes to `router`: every method under the root, routed by ``NextcloudEndpoint``, each
    /// request answered on its account's library.
    static func register(on router: Router<ServeContext>) {
        // The levels: authenticated as every path is here (News answers it without credentials).
        let levels = String(NextcloudPaths.root.dropFirst().dropLast())
        router.get(RouterPath(levels)) { _, _ in
            try Reply.json(["apiLevels": NextcloudEndpoint.versions.sorted().map(String.init)])
        }
        router.get(RouterPath(Self.userPath)) { _, context in
            try Self.ocsUser(name: context.parameters.get("name"), user: context.user)
        }
        for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch] {
            router.on(RouterPath(levels + "/**"), method: method) { request, context in
                try await context.endpoint(NextcloudRoutes.self).respond(to: request, context: context)
            }
        }
    }

    /// Routes `request` and answers it.
    private func respond(to request: Request, context: ServeContext) async throws -> Response {
        let segments = request.uri.path.dropFirst(NextcloudPaths.root.count).split(separator: "/")
        switch NextcloudEndpoint.route(request.method, segments, query: request.uri.query.map { Substring($0) }) {
        case .notFound: throw NextcloudError.notFound("no such route in the Nextcloud News API v1-2 or v1-3")
        case .wrongMethod: throw NextcloudError(.methodNotAllowed, "this route does not take \(request.method)")
        case .found(let endpoint):
            let parameters = try await NextcloudParameters.of(request)
            return try await respond(to: endpoint, parameters, user: context.user ?? "")
        }
    }

    /// Answers `endpoint` with `parameters`, for `user`.
    private func respond(to endpoint: NextcloudEndpoint, _ parameters: NextcloudParameters, user: String) async throws -> Response {
        switch endpoint {
        case .version: return try Reply.json(["version": Self.claimedVersion])
        case .status: return try Reply.json(Status())
        case .user: return try Reply.json(User(userId: user, displayName: user, lastLoginTimestamp: Int64(Date().timeIntervalSince1970)))
        case .folders, .createFolder, .renameFolder, .deleteFolder, .markFolderRead:
            return try await folders(endpoint, parameters)
        case .feeds, .createFeed, .deleteFeed, .moveFeed, .renameFeed, .markFeedRead, .updateFeed:
            return try await feeds(endpoint, parameters)
        case .items, .updatedItems:
            return try await items(endpoint, parameters)
        case .markItem, .markItems, .starByGuid, .flagsWithoutStar, .markAllRead:
            return try await marks(endpoint, parameters)
        }
    }

    /// The answer of a change that has nothing to say: `[]`, as News answers (and 200, which newsboat needs).
    static func done() throws -> Response { try Reply.json([String]()) }

    /// The directory of the library now.
    func directory() async throws -> NextcloudDirectory {
        try await NextcloudDirectory.current(library)
    }

    /// `GET status`: the version and no warnings (newsboat signs in with it; RSS Guard's account test reads
    /// the version).
    private struct Status: Encodable {
        /// The server's own problems: none.
        struct Warnings: Encodable {
            let improperlyConfiguredCron = false
            let incorrectDbCharset = false
        }
        /// ``NextcloudRoutes/claimedVersion``.
        let version = NextcloudRoutes.claimedVersion
        /// No warnings.
        let warnings = Warnings()
    }

    /// `GET user`, as the spec has it (News has since dropped it).
    private struct User: Encodable {
        /// The signed-in user's name.
        let userId: String
        /// The same: rss-serve keeps no other name.
        let displayName: String
        /// Now, in seconds: the user has just signed in.
        let lastLoginTimestamp: Int64

        private enum CodingKeys: String, CodingKey { case userId, displayName, lastLoginTimestamp, avatar }

        /// Every field, `avatar: null` included.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(userId, forKey: .userId)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(lastLoginTimestamp, forKey: .lastLoginTimestamp)
            try container.encodeNil(forKey: .avatar)
        }
    }
}
