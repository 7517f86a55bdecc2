/// Measures how deeply a JSON text nests, without parsing it, so that hostile input (`[[[[…`) is refused
/// before a recursive parser sees it.
enum JSONDepth {
    /// The maximum nesting depth, stopping early once `limit` is passed.
    static func maxDepth(_ bytes: some Sequence<UInt8>, limit: Int) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                if depth > deepest { deepest = depth; if deepest > limit { return deepest } }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }
}
