import Foundation

/// What a page's JSON-LD says of its article (schema.org `Article` and its kinds: `NewsArticle`,
/// `BlogPosting`, `TechArticle`…), from the first script that describes one.
struct JSONLDArticle {
    var name: String?
    var headline: String?
    var authors: [String] = []
    var datePublished: String?
    var description: String?
    var publisherName: String?
    var image: String?

    /// The article of the first script that holds one, looking into arrays and `@graph`.
    static func first(in scripts: [String]) -> JSONLDArticle? {
        for script in scripts {
            var text = script.trimmingSpaces()
            if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") {
                text = String(text.dropFirst(9).dropLast(3))
            }
            guard let data = text.data(using: .utf8),
                  let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { continue }
            if let article = find(in: parsed, contextOK: false) { return article }
        }
        return nil
    }

    private static func find(in value: Any, contextOK: Bool) -> JSONLDArticle? {
        if let array = value as? [Any] {
            for item in array {
                if let found = find(in: item, contextOK: contextOK) { return found }
            }
            return nil
        }
        guard let object = value as? [String: Any] else { return nil }
        let context = object["@context"]
        let contextIsSchema = contextOK || isSchemaContext(context)
        if isArticleType(object["@type"]), contextIsSchema {
            return JSONLDArticle(object)
        }
        if let graph = object["@graph"] as? [Any] {
            for item in graph {
                if let found = find(in: item, contextOK: contextIsSchema) { return found }
            }
        }
        return nil
    }

    private static func isSchemaContext(_ context: Any?) -> Bool {
        if let text = context as? String { return text.lowercased().contains("schema.org") }
        if let object = context as? [String: Any] { return isSchemaContext(object["@vocab"]) }
        if let array = context as? [Any] { return array.contains { isSchemaContext($0) } }
        return false
    }

    private static func isArticleType(_ type: Any?) -> Bool {
        if let text = type as? String { return articleTypes.contains(text.replacingOccurrences(of: "schema:", with: "")) }
        if let array = type as? [Any] { return array.contains { isArticleType($0) } }
        return false
    }

    private static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    private init(_ object: [String: Any]) {
        name = Self.string(object["name"])
        headline = Self.string(object["headline"])
        authors = Self.names(object["author"])
        datePublished = Self.string(object["datePublished"])
        description = Self.string(object["description"])
        publisherName = (object["publisher"] as? [String: Any]).flatMap { Self.string($0["name"]) }
        image = Self.imageURL(object["image"])
    }

    private static func string(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        let trimmed = ControlCharacters.cleaned(HTMLEntities.unescapeBasic(text)).trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func names(_ value: Any?) -> [String] {
        if let text = string(value) { return [text] }
        if let object = value as? [String: Any] { return string(object["name"]).map { [$0] } ?? [] }
        if let array = value as? [Any] { return array.flatMap { names($0) } }
        return []
    }

    private static func imageURL(_ value: Any?) -> String? {
        if let text = string(value) { return text }
        if let object = value as? [String: Any] { return string(object["url"]) ?? string(object["contentUrl"]) }
        if let array = value as? [Any] { return array.lazy.compactMap { imageURL($0) }.first }
        return nil
    }
}
