import Foundation
import LoopbackServers
import RssCore
import Testing

/// The web front's media proxy: with `--media-proxy all` an article's images load from the server, which
/// fetches them under the reading account's address policy and sends on only raster images; a proxied address
/// the server did not sign is refused.
@Suite("web front: media proxy", .serialized)
struct WebMediaTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64))

    @Test("images through the proxy, under the account's policy; unsigned or non-raster ones refused")
    func proxy() async throws {
        let site = try LoopbackFeedServer { request in
            switch request.path {
            case "/photo.png": return .init(status: 200, headers: ["Content-Type": "image/png"], body: Self.png)
            case "/drawing.svg":
                return .init(status: 200, headers: ["Content-Type": "image/svg+xml"], body: Data("<svg onload='alert(1)'/>".utf8))
            default:
                let feed = """
                    <?xml version="1.0"?><rss version="2.0"><channel><title>pictures</title><link>/</link>
                    <image><url>/photo.png</url><title>pictures</title><link>/</link></image>
                    <item><title>with images</title><guid>p-1</guid><link>/p/1</link><description>\
                    &lt;p&gt;&lt;img src="/photo.png" alt="a photo"&gt;&lt;img src="/drawing.svg" alt="a drawing"&gt;\
                    &lt;img src="https://images.example/remote.jpg" alt="remote"&gt;&lt;/p&gt;</description></item>
                    </channel></rss>
                    """
                return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(feed.utf8))
            }
        }
        let server = try await ServeProcess(arguments: ["--media-proxy", "all"])
        for (name, password, extra) in [
            (ServeProcess.user, ServeProcess.password, ["--allow-private", "127.0.0.1/32"]), ("bob", "bob's password", ["--library", "with:alice"]),
        ] {
            let set = try await ServeProcess.run(["user", "set", name, "--accounts", server.accounts] + extra, input: password + "\n", directory: server.directory)
            #expect(set.status == 0, "\(set.stderr)")
        }
        try await Browser.with(server.baseURL) { alice in
            #expect(try await alice.signIn(ServeProcess.user, ServeProcess.password).status == 303)
            let sources = try await alice.get("/web/sources")
            #expect(try await alice.post("/web/sources/add", [("csrf", sources.csrf ?? ""), ("address", site.url("feed.xml"))]).status == 303)
            let articles = try await Library.articles(server.database)
            let number = try #require(articles.first?.number)
            let page = try await alice.get("/web/article/\(number)")
            #expect(page.header("Content-Security-Policy")?.contains("img-src 'self' data:") == true)
            let images = Self.sources(in: page.body)
            #expect(images.count == 3 && images.allSatisfy { $0.hasPrefix("/web/media?url=") }, "\(images)")
            let photo = try await alice.get(try #require(images.first))
            #expect(photo.status == 200 && photo.header("Content-Type") == "image/png" && Data(photo.body.utf8).count > 0)
            #expect(photo.header("Content-Security-Policy") == "default-src 'none'; sandbox")
            let drawing = try await alice.get(images[1])
            #expect(drawing.status == 415)
            let forged = try await alice.get("/web/media?url=" + Browser.encode(site.url("photo.png")) + "&sig=00000000000000000000000000000000")
            #expect(forged.status == 404)

            // The icon the feed declares, fetched and served by the server, shown beside the source's name.
            let source = try #require(try await Library.sources(server.database).first)
            #expect(source.iconURL?.absoluteString == site.url("photo.png"))
            let sourcePage = try await alice.get("/web/sources/\(source.id.uuidString)")
            #expect(sourcePage.body.contains("<img class=\"icon\" src=\"/web/icon/\(source.id.uuidString)\""))
            let icon = try await alice.get("/web/icon/\(source.id.uuidString)")
            #expect(icon.status == 200 && icon.header("Content-Type") == "image/png")
            #expect(try await alice.get("/web/icon/\(UUID().uuidString)").status == 404)

            // Bob reads the same library under his own policy: the public web only.
            try await Browser.with(server.baseURL) { bob in
                #expect(try await bob.signIn("bob", "bob's password").status == 303)
                let refused = try await bob.get(try #require(images.first))
                #expect(refused.status == 502, "\(refused.status) \(refused.body)")
                // His policy does not reach the icon either: the pages' own icon stands for it.
                let icon = try await bob.get("/web/icon/\(source.id.uuidString)")
                #expect(icon.status == 200 && icon.header("Content-Type") == "image/svg+xml")
            }
        }
    }

    /// The `src` of every `<img>` of `html`, unescaped.
    static func sources(in html: String) -> [String] {
        html.components(separatedBy: "<img src=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
