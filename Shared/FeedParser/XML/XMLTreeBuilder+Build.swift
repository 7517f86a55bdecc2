import Foundation

extension XMLTreeBuilder {
    /// Builds the element tree of a decoded document within `options`' limits, turning a limit that was hit
    /// into the parse error a caller reports. Shared by the feed parser and the OPML reader.
    static func build(
        _ decoded: DocumentDecoder.Output, of data: Data, options: FeedParser.Options, documentURL: String?,
        continueAfterRoot: Bool = false
    ) throws(FeedParseError) -> XMLDocument {
        var builder = XMLTreeBuilder(
            limits: .init(
                maxDepth: options.maxDepth, maxElements: options.maxElements,
                maxEntityExpansionBytes: options.maxEntityExpansionBytes),
            documentURL: documentURL)
        builder.continueAfterRoot = continueAfterRoot
        let failure = decoded.withUTF8(of: data) { buffer -> XMLTreeBuilder.Failure? in
            do throws(XMLTreeBuilder.Failure) {
                try builder.parse(buffer)
                return nil
            } catch {
                return error
            }
        }
        switch failure {
        case .tooDeep(let limit)?: throw .nestedTooDeeply(limit: limit)
        case .tooManyElements(let limit)?: throw .tooManyElements(limit: limit)
        case nil: return builder.document
        }
    }
}
