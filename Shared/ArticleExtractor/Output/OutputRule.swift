/// What the writers do with each element of the article.
enum OutputRule {
    /// Written as it is (with its safe attributes only).
    case keep
    /// Its children are written in its place; it separates what comes before and after it, as a block does.
    case unwrapBlock
    /// Its children are written in its place, in the flow of the text.
    case unwrapInline
    /// Left out with everything inside it.
    case drop

    static func of(_ tag: Tag) -> OutputRule {
        switch tag {
        case .p, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .li, .blockquote, .pre, .code, .table, .thead, .tbody, .tr,
             .td, .th, .caption, .figure, .figcaption, .img, .a, .em, .strong, .b, .i, .br, .hr, .sup, .sub, .dl, .dt,
             .dd:
            return .keep
        case .span, .font, .u, .s, .strike, .del, .ins, .small, .big, .mark, .abbr, .cite, .q, .kbd, .samp, .var, .tt,
             .time, .label, .dfn, .bdo, .bdi, .data, .nobr, .picture, .ruby, .rt, .rp, .meter, .progress, .wbr, .tfoot:
            return .unwrapInline
        case .script, .style, .iframe, .object, .embed, .video, .audio, .canvas, .svg, .math, .input, .button, .select,
             .textarea, .option, .optgroup, .datalist, .output, .noscript, .template, .head, .title, .meta, .link, .base,
             .map, .area, .param, .track, .source, .frame, .frameset, .applet, .keygen, .col, .colgroup:
            return .drop
        default:
            return .unwrapBlock
        }
    }

    /// Elements that may hold inline content directly, where blocks written in place of unwrapped ones are kept
    /// apart with line breaks instead of paragraphs.
    static func holdsInlineContent(_ tag: Tag) -> Bool {
        switch tag {
        case .li, .td, .th, .dt, .dd, .figcaption, .caption, .p, .h1, .h2, .h3, .h4, .h5, .h6, .pre, .code, .a, .em,
             .strong, .b, .i, .sup, .sub, .figure:
            true
        default:
            false
        }
    }
}
