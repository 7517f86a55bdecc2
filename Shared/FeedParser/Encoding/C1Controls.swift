/// U+0080–U+009F are control characters nobody means in a feed; when they appear, the text went through a
/// windows-1252 → Latin-1 → UTF-8 mix-up, and the windows-1252 punctuation (curly quotes, dashes) is meant.
enum C1Controls {
    /// The text with C1 controls replaced, or `nil` when there were none (the common case, one fast scan).
    static func remap(_ text: String) -> String? {
        var text = text
        let found = text.withUTF8 { bytes -> Bool in
            var i = 0
            let n = bytes.count
            while i + 1 < n {
                if bytes[i] == 0xC2, bytes[i + 1] >= 0x80, bytes[i + 1] < 0xA0 { return true }
                i += 1
            }
            return false
        }
        guard found else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x80, scalar.value < 0xA0, let mapped = Unicode.Scalar(SingleByteCharsets.remapC1(scalar.value)) {
                scalars.append(mapped)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
