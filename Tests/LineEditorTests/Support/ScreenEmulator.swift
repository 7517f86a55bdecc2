/// A small terminal emulator: enough of xterm to replay what libedit writes and read back the screen.
///
/// Handles printable text (one column per scalar: the tests type ASCII), CR, LF, BS, auto-wrap with a pending
/// wrap at the right margin, cursor movement (CSI A B C D G H d), erasing (CSI J K), insert/delete characters
/// (CSI @ P) and insert mode (CSI 4 h/l); other sequences are consumed and ignored.
struct ScreenEmulator {
    let columns: Int
    let rows: Int
    private(set) var grid: [[Character]]
    private(set) var row = 0
    private(set) var column = 0
    private var wrapPending = false
    private var insertMode = false
    private var pending: [Unicode.Scalar] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen's lines with trailing spaces removed.
    var lines: [String] {
        grid.map { line in
            var text = String(line)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The non-empty lines, top to bottom.
    var text: String {
        lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The line the cursor is on.
    var cursorLine: String { lines[row] }

    mutating func feed(_ bytes: [UInt8]) {
        pending += String(decoding: bytes, as: UTF8.self).unicodeScalars
        var index = 0
        while index < pending.count {
            let scalar = pending[index]
            if scalar == "\u{1B}" {
                guard let consumed = escape(at: index) else { break }  // incomplete: wait for more bytes
                index += consumed
                continue
            }
            control(scalar)
            index += 1
        }
        pending.removeFirst(index)
    }

    private mutating func control(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "\r": column = 0; wrapPending = false
        case "\n": lineFeed()
        case "\u{8}": column = max(0, column - 1); wrapPending = false
        case "\u{7}", "\u{0}": break
        default:
            guard scalar.value >= 0x20 else { return }
            put(Character(scalar))
        }
    }

    private mutating func put(_ character: Character) {
        if wrapPending {
            column = 0
            lineFeed()
            wrapPending = false
        }
        if insertMode {
            grid[row].insert(character, at: column)
            grid[row].removeLast()
        } else {
            grid[row][column] = character
        }
        if column == columns - 1 {
            wrapPending = true
        } else {
            column += 1
        }
    }

    private mutating func lineFeed() {
        wrapPending = false
        if row == rows - 1 {
            grid.removeFirst()
            grid.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    /// Handles the escape sequence at `start`; returns its length, or nil when it is not complete yet.
    private mutating func escape(at start: Int) -> Int? {
        guard start + 1 < pending.count else { return nil }
        let kind = pending[start + 1]
        guard kind == "[" else { return 2 }  // ESC = , ESC > , ESC 7 ... : ignored
        var index = start + 2
        var parameters = ""
        while index < pending.count {
            let scalar = pending[index]
            if (0x40...0x7E).contains(scalar.value) {
                csi(parameters, final: scalar)
                return index - start + 1
            }
            parameters.unicodeScalars.append(scalar)
            index += 1
        }
        return nil
    }

    private mutating func csi(_ parameters: String, final: Unicode.Scalar) {
        if parameters.hasPrefix("?") { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        let first = max(numbers.first ?? 1, 1)
        let raw = numbers.first ?? 0
        switch final {
        case "A": row = max(0, row - first); wrapPending = false
        case "B": row = min(rows - 1, row + first); wrapPending = false
        case "C": column = min(columns - 1, column + first); wrapPending = false
        case "D": column = max(0, column - first); wrapPending = false
        case "H", "f":
            row = min(rows - 1, max(numbers.first ?? 1, 1) - 1)
            column = min(columns - 1, max(numbers.count > 1 ? numbers[1] : 1, 1) - 1)
            wrapPending = false
        case "G": column = min(columns - 1, first - 1); wrapPending = false
        case "d": row = min(rows - 1, first - 1); wrapPending = false
        case "K":
            let range: Range<Int> = raw == 1 ? 0..<(column + 1) : raw == 2 ? 0..<columns : column..<columns
            for index in range { grid[row][index] = " " }
        case "J":
            if raw == 2 {
                grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            } else {
                for index in column..<columns { grid[row][index] = " " }
                for line in (row + 1)..<rows { grid[line] = Array(repeating: " ", count: columns) }
            }
        case "@":
            for _ in 0..<first {
                grid[row].insert(" ", at: column)
                grid[row].removeLast()
            }
        case "P":
            for _ in 0..<first {
                grid[row].remove(at: column)
                grid[row].append(" ")
            }
        case "h": if raw == 4 { insertMode = true }
        case "l": if raw == 4 { insertMode = false }
        default: break
        }
    }
}
