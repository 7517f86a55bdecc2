import TerminalText
import Testing

@Suite("Column layout")
struct ColumnLayoutTests {
    let layout = ColumnLayout([
        .init(width: 1), .init(width: 8), .init(), .init(width: 3, alignment: .right),
    ])

    @Test("cells are fitted to fixed columns and the flexible one takes the rest")
    func fitted() {
        let line = layout.render(["N", "日本のニュース", "A long title that will not fit", "12"], totalWidth: 40)
        #expect(line == "N  日本の…   A long title that wil…   12")
        #expect(line.displayWidth == 40)
    }

    @Test("rows stay aligned whatever their scripts")
    func aligned() {
        let rows = [["N", "Example", "ASCII title", "1"], [" ", "例え", "タイトル 😀", "123"]]
        let lines = rows.map { layout.render($0, totalWidth: 30) }
        #expect(lines.allSatisfy { $0.displayWidth == 30 })
    }

    @Test("a left-aligned last column is not padded; without a total width the flexible column is whole")
    func trailing() {
        let simple = ColumnLayout([.init(width: 4, alignment: .right), .init()], separator: " ")
        #expect(simple.render(["7", "title"], totalWidth: 20) == "   7 title")
        #expect(simple.render(["7", "a very long title indeed"]) == "   7 a very long title indeed")
        #expect(simple.render(["7"], totalWidth: 20) == "   7 ")
    }

    @Test("natural widths are the widest cell per column")
    func natural() {
        #expect(ColumnLayout.naturalWidths(of: [["ab", "日本"], ["abc", "x", "z"]]) == [3, 4, 1])
    }
}
