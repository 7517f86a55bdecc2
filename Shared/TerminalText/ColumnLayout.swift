/// Rows of cells aligned in columns, measured in terminal columns: source tables, news lists, report lines.
///
/// Each column has a fixed width or takes the width left over (one flexible column, typically a title); every
/// cell is cut with an ellipsis or padded to its column, so CJK and emoji text stay aligned with ASCII text.
///
/// ```swift
/// let layout = ColumnLayout([
///     .init(width: 1), .init(width: 16), .init(width: 12), .init(), .init(width: 5, alignment: .right),
/// ])
/// print(layout.render(["N", "2024-05-01 10:00", sourceName, title, "12"], totalWidth: 100))
/// ```
public struct ColumnLayout: Sendable, Equatable {
    /// One column: its width (nil for "what is left") and how cells sit in it.
    public struct Column: Sendable, Equatable {
        /// The column's width in terminal columns, or nil to take the width the other columns leave.
        public var width: Int?
        /// Where a cell narrower than the column sits.
        public var alignment: TextAlignment

        /// A column of `width` (nil: flexible) with cells aligned by `alignment`.
        public init(width: Int? = nil, alignment: TextAlignment = .left) {
            self.width = width
            self.alignment = alignment
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// What goes between two cells.
    public var separator: String

    /// A layout of `columns` with `separator` between cells.
    public init(_ columns: [Column], separator: String = "  ") {
        self.columns = columns
        self.separator = separator
    }

    /// One row: each cell fitted to its column. Missing cells are empty; extra cells are dropped.
    ///
    /// A flexible column gets what the fixed columns and separators leave of `totalWidth` (at least 1 column);
    /// without `totalWidth` it keeps its text whole. A trailing flexible or left-aligned last cell is not padded,
    /// so lines carry no trailing spaces.
    public func render(_ cells: [String], totalWidth: Int? = nil) -> String {
        let fixed = columns.compactMap(\.width).reduce(0, +)
        let separators = separator.displayWidth * max(columns.count - 1, 0)
        let flexibleCount = columns.filter { $0.width == nil }.count
        let flexibleWidth = totalWidth.map { max(1, ($0 - fixed - separators) / max(flexibleCount, 1)) }
        var parts: [String] = []
        for (index, column) in columns.enumerated() {
            let cell = index < cells.count ? cells[index] : ""
            let isLast = index == columns.count - 1
            guard let width = column.width ?? flexibleWidth else {
                parts.append(cell)
                continue
            }
            if isLast, column.alignment == .left {
                parts.append(cell.truncated(toWidth: width))
            } else {
                parts.append(cell.fitted(toWidth: width, alignment: column.alignment))
            }
        }
        return parts.joined(separator: separator)
    }

    /// The widest cell of each column over `rows`: fixed widths for a table sized to its content.
    public static func naturalWidths(of rows: [[String]]) -> [Int] {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                if index == widths.count { widths.append(0) }
                widths[index] = max(widths[index], cell.displayWidth)
            }
        }
        return widths
    }
}
