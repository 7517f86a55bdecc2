#if canImport(Glibc)
    import Glibc
#endif

/// Bytes read from a non-terminal input, cut into lines.
struct PlainInputBuffer {
    var bytes: [UInt8] = []
    var ended = false

    /// The next complete line (without `\n` or `\r\n`), or the unterminated rest once the input has ended.
    mutating func nextLine() -> String? {
        if let newline = bytes.firstIndex(of: 0x0A) {
            var line = bytes[..<newline]
            if line.last == 0x0D { line = line.dropLast() }
            defer { bytes.removeSubrange(...newline) }
            return String(decoding: line, as: UTF8.self)
        }
        guard ended, !bytes.isEmpty else { return nil }
        defer { bytes.removeAll() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension LineEditor {
    /// Reads a line from a pipe or file: no prompt, no echo, no history; requests still run while waiting.
    func readPlain() -> LineEditorInput {
        while true {
            serviceRequests()
            pendingFlags.resume = false  // nothing on screen to restore
            if pendingFlags.terminate {
                terminated = true
                return .endOfInput
            }
            if pendingFlags.interrupt {
                pendingFlags.interrupt = false
                return .interrupted
            }
            if let line = plainInput.nextLine() { return .line(line) }
            if plainInput.ended { return .endOfInput }
            guard waitForInput() else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(configuration.input, &chunk, chunk.count)
            if count > 0 {
                plainInput.bytes += chunk[0..<count]
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                plainInput.ended = true
            }
        }
    }
}
