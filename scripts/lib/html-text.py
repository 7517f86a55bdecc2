#!/usr/bin/env python3
"""Prints the visible text of an HTML document read on standard input, one block per line, whitespace folded:
`html-text.py < page.html`. scripts/docs checks a rendered page's text with it."""
import html.parser
import sys

BLOCKS = {"p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "section", "tr", "br", "nav", "header"}
HIDDEN = {"script", "style", "noscript", "template"}


class TextParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in HIDDEN:
            self.hidden += 1
        elif tag in BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def main() -> int:
    parser = TextParser()
    parser.feed(sys.stdin.read())
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    print("\n".join(line for line in lines if line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
