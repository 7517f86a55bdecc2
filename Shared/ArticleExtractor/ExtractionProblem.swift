/// Why no article came out of a page: a value a front words, never a message.
///
/// No case carries bytes of the page, so nothing from it can reach a screen or a log through a problem.
public enum ExtractionProblem: Error, Sendable, Hashable {
    /// The page was empty or only whitespace.
    case empty
    /// The bytes are not text: an image, a PDF, an archive, compressed data nobody decompressed.
    case notText
    /// The page is larger than ``ExtractionLimits/maxInputBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// The markup holds more elements than ``ExtractionLimits/maxElements``.
    case tooManyElements(limit: Int)
    /// The markup nests deeper than ``ExtractionLimits/maxDepth``.
    case nestedTooDeeply(limit: Int)
    /// Parsing needed more memory than ``ExtractionLimits/maxParserMemory``.
    case parserMemoryExceeded(limit: Int)
    /// The extraction took longer than ``ExtractionLimits/timeLimit``.
    case timeLimitExceeded(limit: Duration)
    /// The page was read, but nothing in it looks like an article (a front page, a form, an empty shell that
    /// a script would fill), or the parser gave up on its markup.
    case noContent
}
