/// The element names the extractor tells apart; every other element is ``unknown``.
///
/// Names come from Gumbo's tag numbers through ``GumboTags`` (so the numbering of Gumbo's enum never leaks
/// here); SVG and MathML elements other than their roots are ``unknown`` too.
enum Tag: UInt8, CaseIterable {
    case unknown
    case html, head, body, title, meta, link, base, script, style, noscript, template
    case div, p, span, a, img, picture, source, figure, figcaption
    case h1, h2, h3, h4, h5, h6
    case ul, ol, li, dl, dt, dd, blockquote, pre, code
    case table, thead, tbody, tfoot, tr, td, th, caption, col, colgroup
    case section, article, main, header, footer, nav, aside, address, hgroup
    case form, fieldset, legend, input, textarea, select, button, option, optgroup, label, datalist, output
    case iframe, object, embed, param, video, audio, track, canvas, svg, math, map, area
    case br, hr, wbr
    case em, strong, b, i, u, s, strike, del, ins, sup, sub, small, big, mark, abbr, cite, q, kbd, samp, `var`, tt
    case time, font, center, details, summary, dfn, bdo, bdi, data, meter, progress, ruby, rt, rp, nobr
    case frame, frameset, dialog, menu, applet, marquee, listing, xmp, plaintext, keygen

    /// The tag's name as HTML writes it.
    var name: String { Self.names[Int(rawValue)] }

    /// Every tag's name, by raw value (looked up while writing HTML, where `String(describing:)` would reflect).
    private static let names: [String] = allCases.map { String(describing: $0) }

    /// The tag named `name` (lower-case), or ``unknown``.
    static func named(_ name: String) -> Tag { byName[name] ?? .unknown }

    private static let byName: [String: Tag] = Dictionary(uniqueKeysWithValues: allCases.map { (String(describing: $0), $0) })

    /// h1 to h6.
    var isHeading: Bool {
        switch self {
        case .h1, .h2, .h3, .h4, .h5, .h6: true
        default: false
        }
    }

    /// Elements whose content flows within a line (HTML's phrasing content, as an article's markup uses it).
    ///
    /// Canvas, iframe, svg and video are left out: they stand on their own in articles and are dropped later.
    var isPhrasing: Bool {
        switch self {
        case .abbr, .audio, .b, .bdo, .br, .button, .cite, .code, .data, .datalist, .dfn, .em, .embed, .i, .img,
             .input, .kbd, .label, .mark, .math, .meter, .noscript, .object, .output, .progress, .q, .ruby, .samp,
             .script, .select, .small, .span, .strong, .sub, .sup, .textarea, .time, .var, .wbr, .font, .u, .s,
             .strike, .tt, .big, .nobr, .bdi:
            true
        default:
            false
        }
    }

    /// Elements that make a `<div>` holding them a container rather than a paragraph.
    var makesDivAContainer: Bool {
        switch self {
        case .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul: true
        default: false
        }
    }

    /// Elements that start a new block of text (a line break before and after in plain text).
    var isBlock: Bool {
        switch self {
        case .p, .div, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .li, .dl, .dt, .dd, .blockquote, .pre, .table,
             .thead, .tbody, .tfoot, .tr, .caption, .figure, .figcaption, .section, .article, .main, .header,
             .footer, .nav, .aside, .address, .hgroup, .form, .fieldset, .legend, .hr, .center, .details, .summary,
             .dialog, .menu, .listing, .xmp, .plaintext, .body, .html, .video, .audio, .iframe, .canvas, .svg,
             .math, .object, .embed, .noscript, .template, .frameset, .td, .th, .option, .select, .textarea,
             .marquee:
            true
        default:
            false
        }
    }

    /// Elements with no content (never given children).
    var isVoid: Bool {
        switch self {
        case .area, .base, .br, .col, .embed, .hr, .img, .input, .link, .meta, .param, .source, .track, .wbr,
             .keygen, .frame:
            true
        default:
            false
        }
    }
}
