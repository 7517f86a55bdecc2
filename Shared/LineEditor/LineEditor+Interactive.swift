import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

extension LineEditor {
    /// Reads a line with libedit; restarts it (keeping the typed text) after a suspend or a resume.
    func readInteractive(_ session: LibEditSession) -> LineEditorInput {
        var restored: (scalars: [Unicode.Scalar], cursor: Int)?
        while true {
            serviceRequests()
            if pendingFlags.terminate {
                terminated = true
                return .endOfInput
            }
            pendingFlags.resume = false
            if let restored {
                var keys = String(String.UnicodeScalarView(restored.scalars))
                keys += String(repeating: "\u{2}", count: restored.scalars.count - restored.cursor)  // Ctrl-B
                el_wpush(session.editLine, wideCString(keys))
            }
            restored = nil
            abortReason = nil
            lineOnScreen = true
            var count: Int32 = 0
            let buffer = el_wgets(session.editLine, &count)
            lineOnScreen = false
            if let reason = abortReason {
                abortReason = nil
                let geometry = session.geometry()
                switch reason {
                case .interrupt:
                    pendingFlags.interrupt = false
                    writeAll(geometry.moveToEnd + "^C\r\n", to: configuration.output)
                    return .interrupted
                case .terminate:
                    writeAll(geometry.moveToEnd + "\r\n", to: configuration.output)
                    terminated = true
                    return .endOfInput
                case .suspend:
                    restored = session.currentLine()
                    writeAll(geometry.moveToEnd + "\r\n", to: configuration.output)
                    ignoreNextResume = true
                    kill(0, SIGTSTP)
                case .restart:
                    restored = session.currentLine()
                    writeAll("\r\n", to: configuration.output)
                }
                continue
            }
            guard let buffer, count > 0 else {
                // Ctrl-D on an empty line, or the terminal went away.
                writeAll("\r\n", to: configuration.output)
                terminated = true
                return .endOfInput
            }
            var scalars = String.UnicodeScalarView()
            for index in 0..<Int(count) {
                scalars.append(Unicode.Scalar(UInt32(bitPattern: buffer[index])) ?? "\u{FFFD}")
            }
            while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
            let line = String(scalars)
            if configuration.recordsHistory { addToHistory(line) }
            return .line(line)
        }
    }

    /// libedit's character source: waits for a key while running requests; -1 stops the current read.
    func nextCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        guard waitForInput() else {
            if pendingFlags.terminate {
                abortReason = .terminate
            } else if pendingFlags.interrupt {
                abortReason = .interrupt
            } else {
                abortReason = .restart
            }
            errno = EINTR
            return -1
        }
        var bytes: [UInt8] = [0]
        guard readByte(into: &bytes[0]) else { return -1 }
        let lead = bytes[0]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        for _ in 1..<max(length, 1) {
            var next: UInt8 = 0
            guard readByte(into: &next) else { break }
            bytes.append(next)
        }
        let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        character.pointee = wchar_t(bitPattern: scalar.value)
        return 1
    }

    private func readByte(into byte: inout UInt8) -> Bool {
        while true {
            let count = read(configuration.input, &byte, 1)
            if count == 1 { return true }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }
}
