/// Turns a byte offset into the line and column a person would look for in an editor.
enum TextPosition {
    /// The 1-based line and column (counted in Unicode scalars) of the byte at `offset` in UTF-8 text;
    /// LF, CR LF and a lone CR each end a line. An offset past the end gives the position after the last byte.
    static func of(byte offset: Int, in utf8: some Sequence<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var previous: UInt8 = 0
        for byte in utf8.prefix(max(0, offset)) {
            if byte == 0x0A {
                if previous != 0x0D { line += 1 }
                column = 1
            } else if byte == 0x0D {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            previous = byte
        }
        return (line, column)
    }
}
