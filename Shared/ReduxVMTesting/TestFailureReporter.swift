import Testing

/// A place in test source code, to attribute a failure to the line that made the failing call.
public struct TestSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// `#fileID` of the call.
    public let fileID: String
    /// `#filePath` of the call.
    public let filePath: String
    /// `#line` of the call.
    public let line: Int
    /// `#column` of the call.
    public let column: Int

    /// Records a location; callers pass their defaulted `#fileID`, `#filePath`, `#line`, `#column`.
    public init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `file:line`.
    public var description: String { "\(fileID):\(line)" }
}

/// How a ``TestStore`` reports a failed expectation.
///
/// The default records a Swift Testing issue at the call site. An XCTest suite passes
/// `TestFailureReporter { message, location in XCTFail(message, file: …, line: …) }`, and a test of the test
/// store itself can collect the messages.
public struct TestFailureReporter: Sendable {
    private let body: @Sendable (String, TestSourceLocation) -> Void

    /// A reporter that calls `body` with the message and the call site.
    public init(_ body: @escaping @Sendable (_ message: String, _ location: TestSourceLocation) -> Void) {
        self.body = body
    }

    /// Reports `message` at `location`.
    public func report(_ message: String, at location: TestSourceLocation) {
        body(message, location)
    }

    /// Records each failure as a Swift Testing issue (so `withKnownIssue` can expect one).
    public static let swiftTesting = TestFailureReporter { message, location in
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: location.fileID, filePath: location.filePath, line: location.line,
                column: location.column))
    }
}
