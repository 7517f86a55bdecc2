import Foundation
import ServeCore

/// Where the images of articles load from: their own addresses, or the server's media proxy, which fetches them
/// under the account's address policy, so that no tracker learns the reader's address and a page served over
/// HTTPS never loads plain HTTP.
///
/// A proxied address names the image and carries a signature made with a key of this process, so that the
/// proxy fetches only addresses its own pages named.
package struct MediaProxy: Sendable {
    /// Which images go through the proxy.
    package enum Mode: String, Sendable, CaseIterable {
        /// None: every image from its own address (sent with no referrer).
        case none
        /// Plain-HTTP images only (the default): an HTTPS page then loads nothing in the clear.
        case httpOnly = "http-only"
        /// Every image: the browser reaches no other origin at all.
        case all
    }

    package let mode: Mode
    private let key: [UInt8]

    /// A proxy of `mode`, signing with a new random key.
    package init(mode: Mode) {
        self.mode = mode
        var generator = SystemRandomNumberGenerator()
        key = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The address a page shows the image at `address` from: its own, the proxy's, or nil (dropped: an
    /// address that is neither `http(s)` nor a `data:` image).
    func shown(_ address: String) -> String? {
        if address.hasPrefix("data:") { return address }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return nil
        }
        switch mode {
        case .none: return address
        case .httpOnly where scheme == "https": return address
        case .httpOnly, .all:
            return WebLink(path: WebPath.media, query: [("url", address), ("sig", signature(of: address))]).text
        }
    }

    /// The images option of the extractor's safe HTML.
    var imageAddress: (@Sendable (String) -> String?)? {
        guard mode != .none else { return nil }
        let proxy = self
        return { @Sendable address in proxy.shown(address) }
    }

    /// Whether `signature` is this process's for `address`.
    func isSigned(_ address: String, _ signature: String?) -> Bool {
        guard let signature else { return false }
        return Digest.constantTimeEqual(Array(signature.utf8), Array(self.signature(of: address).utf8))
    }

    private func signature(of address: String) -> String {
        Digest.hex(Digest.hmacSHA256(key: key, message: address.utf8).prefix(16))
    }
}
