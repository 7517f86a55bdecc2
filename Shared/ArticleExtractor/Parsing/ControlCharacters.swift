/// Removing from page text what a terminal would act on: C0 controls but line feed and tab, DEL, and C1
/// controls (U+0080–U+009F). With ESC and CSI gone, no escape sequence survives; vertical tab, form feed and
/// carriage return become spaces, so the words around them stay apart.
enum ControlCharacters {
    /// Appends `bytes` (valid UTF-8) to `output` without control characters.
    static func appendCleaned(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard needsCleaning(bytes) else {
            output.append(contentsOf: bytes)
            return
        }
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0xC2, index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] < 0xA0 {
                index += 2
                continue
            }
            switch byte {
            case 0x09, 0x0A: output.append(byte)
            case 0x0B, 0x0C, 0x0D: output.append(0x20)
            case 0x00...0x1F, 0x7F: break
            default: output.append(byte)
            }
            index += 1
        }
    }

    /// `text` without control characters (for attribute values and metadata).
    static func cleaned(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            guard needsCleaning(bytes) else { return text }
            var output: [UInt8] = []
            appendCleaned(bytes, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// `bytes` (UTF-8) as a string without control characters.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard needsCleaning(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        appendCleaned(bytes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func needsCleaning(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight bytes at a time while none is below 0x20, 0x7F or 0xC2 (exact up to the first that is).
            if index + 8 <= count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let special = ByteLanes.below(word, 0x20) | ByteLanes.equal(word, 0x7F) | ByteLanes.equal(word, 0xC2)
                guard special != 0 else {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount / 8
            }
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A { return true }
            if byte == 0x7F { return true }
            if byte == 0xC2, index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] < 0xA0 { return true }
            index += 1
        }
        return false
    }
}
