/// Where actions were dispatched from: a ``DispatchContext`` without its sequence number, kept once per run
/// of queued actions from the same place.
@usableFromInline
struct CallSite {
    @usableFromInline let file: String
    @usableFromInline let function: String
    @usableFromInline let line: UInt

    @inlinable
    init(file: String, function: String, line: UInt) {
        self.file = file
        self.function = function
        self.line = line
    }

    /// Whether `file`, `function` and `line` are this very call site: the same line and strings with
    /// identical representations (the same literal, as `#fileID` and `#function` pass). Comparing
    /// representations costs two compares per string where `==` compares characters once they differ; a
    /// string that is equal but stored elsewhere only makes a new entry, never a wrong one.
    @inlinable
    func isSame(file: String, function: String, line: UInt) -> Bool {
        self.line == line && Self.bits(of: self.file) == Self.bits(of: file)
            && Self.bits(of: self.function) == Self.bits(of: function)
    }

    @inlinable
    static func bits(of string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    /// The context of the action numbered `sequence` that was dispatched from here.
    @inlinable
    func context(sequence: UInt64) -> DispatchContext {
        DispatchContext(file: file, function: function, line: line, sequence: sequence)
    }
}
