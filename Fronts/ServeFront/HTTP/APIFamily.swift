import WebFront
import ServeCore

/// The API a request path belongs to, which decides how it is authenticated (``AuthenticationMiddleware``):
/// paths are normalised first (``RequestPath``).
enum APIFamily: Equatable {
    /// Google Reader's sign-in, `/accounts/ClientLogin`: open.
    case googleReaderLogin
    /// `/reader/…`: a Google Reader session token.
    case googleReader
    /// `/v1/…`: a Miniflux token or Basic credentials.
    case miniflux
    /// `/fever/`, `/api/fever.php`: Fever authenticates with its own `api_key`, in the request itself.
    case fever
    /// `/index.php/apps/news/api/…`: Basic credentials.
    case nextcloudNews
    /// `/` and `/web/…`: the web front, which signs browsers in with its session cookie.
    case web
    /// Anything else: any valid credentials, then 404.
    case unknown

    init(path: String) {
        if path == GoogleReaderRoutes.loginPath {
            self = .googleReaderLogin
        } else if path.hasPrefix("/reader/") {
            self = .googleReader
        } else if path == "/v1" || path.hasPrefix("/v1/") {
            self = .miniflux
        } else if FeverPaths.all.contains(path) {
            self = .fever
        } else if path.hasPrefix(NextcloudPaths.root) {
            self = .nextcloudNews
        } else if WebFront.owns(path) {
            self = .web
        } else {
            self = .unknown
        }
    }
}

/// Where Fever clients are told to find the API: Miniflux's address and FreshRSS's.
enum FeverPaths {
    static let all: Set<String> = ["/fever", "/fever/", "/api/fever.php", "/api/fever.php/"]
}

/// Where Nextcloud News clients find the API.
enum NextcloudPaths {
    static let root = "/index.php/apps/news/api/"
}
