import Foundation
import Hummingbird
import ServeCore

/// Nextcloud's own user API, the one route of it a News client needs: Readrops signs in by reading the user's
/// display name from `GET /ocs/v1.php/cloud/users/{user}` (XML, `ocs/data/displayname`) and fails without it.
extension NextcloudRoutes {
    /// Where Readrops looks the user up.
    static let userPath = "ocs/v1.php/cloud/users/:name"

    /// The signed-in user's record as OCS v1 writes it; 404 for any other user (Nextcloud shows others to
    /// administrators only, and rss-serve's users see nothing of each other).
    static func ocsUser(name: String?, user: String?) throws -> Response {
        guard let user, name == user else { throw NextcloudError.notFound("no such user") }
        let escaped = user.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        let document = """
            <?xml version="1.0"?>
            <ocs><meta><status>ok</status><statuscode>100</statuscode><message>OK</message></meta>\
            <data><enabled>true</enabled><id>\(escaped)</id><displayname>\(escaped)</displayname></data></ocs>

            """
        return Reply.document(document, contentType: "text/xml; charset=utf-8")
    }
}
