import Foundation
import ServeCore

/// A file the pages load from the server (the style sheet, the script), under a name made of its content's
/// digest: a browser keeps it for a year, and a new version of the program has new names.
struct WebAsset: Sendable {
    /// The name in the address: `style-1a2b3c4d5e6f.css`.
    let name: String
    /// Its `Content-Type`.
    let contentType: String
    /// Its bytes.
    let bytes: [UInt8]

    init(stem: String, fileExtension: String, contentType: String, text: String) {
        bytes = Array(text.utf8)
        name = stem + "-" + String(Digest.hex(Digest.sha256(bytes)).prefix(12)) + "." + fileExtension
        self.contentType = contentType
    }

    /// Its address.
    var link: WebLink { WebLink(path: WebPath.staticFiles + "/" + name) }

    static let styleSheet = WebAsset(stem: "style", fileExtension: "css", contentType: "text/css; charset=utf-8", text: StyleSheet.text)
    static let script = WebAsset(stem: "reader", fileExtension: "js", contentType: "text/javascript; charset=utf-8", text: ReaderScript.text)
    static let icon = WebAsset(stem: "icon", fileExtension: "svg", contentType: "image/svg+xml", text: Icon.text)

    /// Every asset, by name.
    static let byName: [String: WebAsset] = Dictionary(uniqueKeysWithValues: [styleSheet, script, icon].map { ($0.name, $0) })
}
