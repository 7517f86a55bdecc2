/// What a block holds, counted in one walk of its subtree for ``ConditionalCleaning``: its text, its
/// paragraphs, images, list items, inputs and embeds, and how much of its text sits in lists, headings, links
/// and text-holding elements.
///
/// A share "in headings" sums, for each heading inside, the length of its text, so that nested elements count
/// again (as Readability counts them); here that sum is taken from each text node times the number of such
/// elements around it, in the same walk, instead of measuring every descendant's subtree again.
struct BlockCensus: TreeVisitor {
    let dataTables: Set<Int32>
    private(set) var measure = TextMeasure()
    private(set) var paragraphs = 0
    private(set) var images = 0
    private(set) var listItems = 0
    private(set) var inputs = 0
    private(set) var embeds = 0
    private(set) var holdsVideo = false
    private(set) var holdsDataTable = false
    private(set) var listText = 0
    private(set) var headingText = 0
    private(set) var textHolderText = 0
    private(set) var linkText = 0.0
    private var openLists = 0
    private var openHeadings = 0
    private var openTextHolders = 0
    private var linkWeights: [Double] = []

    /// Takes the census of everything under `node`.
    init(of node: Int32, in document: Document, dataTables: Set<Int32>) {
        self.dataTables = dataTables
        document.walk(node, &self)
    }

    private static let textHolders: TagSet = [.span, .li, .td, .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul]

    mutating func enter(_ node: Int32, in document: Document) -> Bool {
        if document.isText(node) {
            var text = TextMeasure()
            text.add(document.textBytes(node))
            measure.add(text)
            let length = text.length
            listText += length * openLists
            headingText += length * openHeadings
            textHolderText += length * openTextHolders
            if let weight = linkWeights.last { linkText += Double(length) * weight }
            return false
        }
        let tag = document.tag(node)
        switch tag {
        case .p: paragraphs += 1
        case .img: images += 1
        case .li: listItems += 1
        case .input: inputs += 1
        case .object, .embed, .iframe:
            embeds += 1
            if Embeds.isVideo(node, document) { holdsVideo = true }
        case .table:
            if dataTables.contains(node) { holdsDataTable = true }
        case .a:
            let href = document.attribute(node, "href") ?? ""
            linkWeights.append(href.hasPrefix("#") && href.count > 1 ? 0.3 : 1)
        default:
            break
        }
        if tag == .ul || tag == .ol { openLists += 1 }
        if tag.isHeading { openHeadings += 1 }
        if Self.textHolders.contains(tag) { openTextHolders += 1 }
        return true
    }

    mutating func leave(_ node: Int32, in document: Document) {
        let tag = document.tag(node)
        if tag == .a { linkWeights.removeLast() }
        if tag == .ul || tag == .ol { openLists -= 1 }
        if tag.isHeading { openHeadings -= 1 }
        if Self.textHolders.contains(tag) { openTextHolders -= 1 }
    }

    /// The share of the text inside links.
    var linkDensity: Double { measure.length > 0 ? linkText / Double(measure.length) : 0 }
    /// The share of the text inside headings.
    var headingDensity: Double { measure.length > 0 ? Double(headingText) / Double(measure.length) : 0 }
    /// The share of the text inside text-holding elements (paragraphs, cells, items, blocks).
    var textHolderDensity: Double { measure.length > 0 ? Double(textHolderText) / Double(measure.length) : 0 }
}
