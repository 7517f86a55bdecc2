/// The pages' icon (the tab's): a feed's three arcs, in SVG, served by the server like the style sheet, so that
/// a browser never asks for `/favicon.ico`.
enum Icon {
    static let text = #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b57d0"/><circle cx="4.5" cy="11.5" r="1.6" fill="#fff"/><path d="M3 7.2a5.8 5.8 0 0 1 5.8 5.8M3 3.6a9.4 9.4 0 0 1 9.4 9.4" stroke="#fff" stroke-width="1.8" fill="none"/></svg>
"""#
}
