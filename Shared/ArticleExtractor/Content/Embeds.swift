/// Embedded players worth keeping: videos from the sites articles embed them from.
enum Embeds {
    private static let videoHosts = [
        "//www.dailymotion.com", "//dailymotion.com", "//www.youtube.com", "//youtube.com", "//www.youtube-nocookie.com",
        "//youtube-nocookie.com", "//player.vimeo.com", "//www.player.vimeo.com", "//v.qq.com", "//www.v.qq.com",
        "//archive.org", "//www.archive.org", "//upload.wikimedia.org", "//www.upload.wikimedia.org",
        "//player.twitch.tv", "//www.player.twitch.tv", "//bilibili.com", "//www.bilibili.com", "//live.bilibili.com",
    ]

    /// Whether any attribute of `node` points at a known video player.
    static func isVideo(_ node: Int32, _ document: Document) -> Bool {
        document.attributeList(node).contains { attribute in
            let lower = attribute.value.lowercased()
            return videoHosts.contains { lower.includes($0) }
        }
    }
}
