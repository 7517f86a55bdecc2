/// Removing everything from untrusted text (feed titles, bodies, server messages) that a terminal would act on.
///
/// A feed can carry `ESC[2J` (clear the screen), OSC 52 (write the clipboard), OSC 8 links, DCS strings, C1 controls
/// that some terminals obey as their 7-bit equivalents, and bidi overrides that make text read differently from
/// what it is. After sanitising, the text holds no C0/C1 control character (except the line breaks and tabs the
/// caller keeps), no part of an escape sequence, and no bidi override or isolate; no escape sequence can be formed
/// from what remains, since ESC itself is gone.
public enum TerminalSanitizer {
    /// What to do with one kind of whitespace control character (line breaks, tabs).
    public enum Whitespace: Sendable, Equatable {
        /// Keep it (line breaks are normalised to `\n`).
        case keep
        /// Replace it with one space, so words on either side stay apart: for single-line fields such as titles.
        case space
        /// Drop it.
        case remove
    }

    /// Returns `text` with control characters, escape sequences and bidi overrides/isolates removed.
    ///
    /// - Parameters:
    ///   - text: any text, a feed's or a server's.
    ///   - lineBreaks: what to do with `\n`, `\r\n`, lone `\r`, U+0085, U+2028 and U+2029.
    ///   - tabs: what to do with `\t`.
    public static func sanitize(_ text: String, lineBreaks: Whitespace = .space, tabs: Whitespace = .space) -> String {
        var output = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x9B:
                skipControlSequence(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:
                skipControlString(&scalars)
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                append(lineBreaks, newline: true, to: &output)
            case 0x0D:
                if scalars.first?.value == 0x0A { scalars.removeFirst() }
                append(lineBreaks, newline: true, to: &output)
            case 0x09:
                append(tabs, newline: false, to: &output)
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    private static func append(_ policy: Whitespace, newline: Bool, to output: inout String.UnicodeScalarView) {
        switch policy {
        case .keep: output.append(newline ? "\n" : "\t")
        case .space: output.append(" ")
        case .remove: break
        }
    }

    /// Skips what follows an ESC: a CSI, a control string (OSC, DCS, SOS, PM, APC) or a short escape.
    private static func skipEscapeSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let next = scalars.first else { return }
        switch next {
        case "[":
            scalars.removeFirst()
            skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_":
            scalars.removeFirst()
            skipControlString(&scalars)
        default:
            // nF escapes: intermediates 0x20-0x2F, then one final byte; Fp/Fe/Fs escapes: one byte.
            while let intermediate = scalars.first, (0x20...0x2F).contains(intermediate.value) {
                scalars.removeFirst()
            }
            if let final = scalars.first, (0x30...0x7E).contains(final.value) { scalars.removeFirst() }
        }
    }

    /// Skips CSI parameters and intermediates up to and including the final byte (0x40-0x7E).
    private static func skipControlSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let scalar = scalars.first {
            let value = scalar.value
            if (0x20...0x3F).contains(value) {
                scalars.removeFirst()
            } else {
                if (0x40...0x7E).contains(value) { scalars.removeFirst() }
                return
            }
        }
    }

    /// Skips a control string up to its terminator: BEL, ST (`ESC \` or 0x9C). An unterminated string runs to the
    /// end of the text, as a terminal would swallow it.
    private static func skipControlString(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x07, 0x9C:
                return
            case 0x1B:
                if scalars.first == "\\" { scalars.removeFirst() }
                return
            default:
                continue
            }
        }
    }
}

extension String {
    /// This text made safe to print on a terminal; see ``TerminalSanitizer/sanitize(_:lineBreaks:tabs:)``.
    public func sanitizedForTerminal(
        lineBreaks: TerminalSanitizer.Whitespace = .space,
        tabs: TerminalSanitizer.Whitespace = .space
    ) -> String {
        TerminalSanitizer.sanitize(self, lineBreaks: lineBreaks, tabs: tabs)
    }
}
