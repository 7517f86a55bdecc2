/// Telling tables of data (kept whole) from tables that lay a page out (judged like any block).
///
/// A table is data when it says so (a summary, a caption, header cells, column groups) or is large enough;
/// layout when it says so (`role="presentation"`, `datatable="0"`), nests other tables, or is a single row or
/// column.
enum DataTables {
    static func mark(in scope: Int32, _ document: Document) -> Set<Int32> {
        var data: Set<Int32> = []
        for table in document.elements(in: scope, tag: .table) where isData(table, document) {
            data.insert(table)
        }
        return data
    }

    private static func isData(_ table: Int32, _ document: Document) -> Bool {
        if document.attribute(table, "role") == "presentation" { return false }
        if document.attribute(table, "datatable") == "0" { return false }
        if let summary = document.attribute(table, "summary"), !summary.isEmpty { return true }
        if let caption = document.elements(in: table, tag: .caption).first, document.firstChild(caption) >= 0 { return true }
        if !document.elements(in: table, tags: [.col, .colgroup, .tfoot, .thead, .th]).isEmpty { return true }
        if !document.elements(in: table, tag: .table).isEmpty { return false }
        var rows = 0
        var columns = 0
        for row in document.elements(in: table, tag: .tr) {
            rows += Int(document.attribute(row, "rowspan") ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 1
            var cellsInRow = 0
            for cell in document.elements(in: row, tag: .td) {
                cellsInRow += Int(document.attribute(cell, "colspan") ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 1
            }
            columns = max(columns, cellsInRow)
        }
        if rows == 1 || columns == 1 { return false }
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }
}
