"""Helpers of Benchmarks/extract-quality.sh: run the Python extractors, and score every extractor's output.

  extract_quality.py run TOOL PAGES_DIR OUT_DIR     TOOL: trafilatura or readability-lxml; one line per page:
                                                    name, in-process wall-clock milliseconds, "ok" or the
                                                    error, CPU milliseconds
  extract_quality.py score PAGES_DIR NAME=OUT_DIR[:html]... [--worst N]
                                                    the table of F1, precision, recall, pages at F1 >= 0.9 and
                                                    milliseconds per page (from OUT_DIR/times.tsv), and the pages
                                                    where the first extractor is worst

Scoring, as article-extraction benchmarks do: the text is split into \\w+ tokens, lower-cased; each text becomes
the set of its word 4-grams (shingles); per page, precision is the share of the extracted shingles found in the
expected text and recall the share of the expected ones found in the extraction; both are averaged over the pages
and F1 is computed from the two means. The expected text is expected.html (Readability.js's own output) through
html_to_text, the one HTML-to-text function, which also reads the outputs that are HTML (readability-lxml's).
"""
import os
import re
import statistics
import sys
import time

TOKEN = re.compile(r"\w+", re.UNICODE)
BLOCKS = {
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "div", "dl", "dt", "figcaption", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
    "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
}


def html_to_text(html):
    """The text of an HTML fragment, a line break around every block so that no two blocks' words join."""
    import lxml.html
    if not html.strip():
        return ""
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    parts = []

    def walk(element):
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag in ("script", "style") or not isinstance(element.tag, str):
            if element.tail:
                parts.append(element.tail)
            return
        block = tag.lower() in BLOCKS
        if block:
            parts.append("\n")
        if element.text:
            parts.append(element.text)
        for child in element:
            walk(child)
        if block:
            parts.append("\n")
        if element.tail:
            parts.append(element.tail)

    walk(root)
    return "".join(parts)


def shingles(text, size=4):
    tokens = [token.lower() for token in TOKEN.findall(text)]
    if len(tokens) < size:
        return {tuple(tokens)} if tokens else set()
    return {tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1)}


def page_scores(expected, extracted):
    if not expected and not extracted:
        return 1.0, 1.0
    if not expected or not extracted:
        return 0.0, 0.0
    common = len(expected & extracted)
    return common / len(extracted), common / len(expected)


def run(tool, pages_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    url = "http://fakehost/test/page.html"
    if tool == "trafilatura":
        import trafilatura

        def extract(html):
            return trafilatura.extract(html, url=url) or ""
        suffix = ".txt"
    elif tool == "readability-lxml":
        from readability import Document

        def extract(html):
            return Document(html, url=url).summary(html_partial=True)
        suffix = ".html"
    else:
        sys.exit(f"unknown tool {tool}")
    names = sorted(os.listdir(pages_dir))
    with open(os.path.join(pages_dir, names[0], "source.html"), encoding="utf-8") as warm:
        extract(warm.read())
    lines = []
    for name in names:
        with open(os.path.join(pages_dir, name, "source.html"), encoding="utf-8") as source:
            html = source.read()
        started = time.perf_counter()
        cpu_started = time.process_time()
        status = "ok"
        try:
            output = extract(html)
        except Exception as error:  # a failed page scores zero, as it would for a reader
            output = ""
            status = type(error).__name__
        elapsed = (time.perf_counter() - started) * 1000
        cpu = (time.process_time() - cpu_started) * 1000
        with open(os.path.join(out_dir, name + suffix), "w", encoding="utf-8") as result:
            result.write(output)
        lines.append(f"{name}\t{elapsed:.3f}\t{status}\t{cpu:.3f}")
    with open(os.path.join(out_dir, "times.tsv"), "w") as times:
        times.write("\n".join(lines) + "\n")


def read_times(out_dir, column=1):
    """Milliseconds by page from OUT_DIR/times.tsv: column 1 the wall clock, 3 the CPU time."""
    times = {}
    path = os.path.join(out_dir, "times.tsv")
    if os.path.exists(path):
        for line in open(path):
            fields = line.rstrip("\n").split("\t")
            if len(fields) > column:
                times[fields[0]] = float(fields[column])
    return times


def score(pages_dir, specs, worst):
    names = sorted(os.listdir(pages_dir))
    expected = {}
    for name in names:
        with open(os.path.join(pages_dir, name, "expected.html"), encoding="utf-8") as file:
            expected[name] = shingles(html_to_text(file.read()))
    rows = []
    per_page_first = None
    for spec in specs:
        label, _, location = spec.partition("=")
        out_dir, _, kind = location.partition(":")
        precisions, recalls, f1s = [], [], {}
        for name in names:
            path = os.path.join(out_dir, name + (".html" if kind == "html" else ".txt"))
            text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            if kind == "html":
                text = html_to_text(text)
            p, r = page_scores(expected[name], shingles(text))
            precisions.append(p)
            recalls.append(r)
            f1s[name] = 2 * p * r / (p + r) if p + r else 0.0
        p, r = statistics.mean(precisions), statistics.mean(recalls)
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        good = sum(1 for value in f1s.values() if value >= 0.9) / len(names)
        times = sorted(read_times(out_dir).values())
        median = statistics.median(times) if times else float("nan")
        low, high = (times[0], times[-1]) if times else (float("nan"), float("nan"))
        cpu_times = list(read_times(out_dir, 3).values())
        cpu = statistics.median(cpu_times) if cpu_times else float("nan")
        rows.append((label, f1, p, r, good, median, low, high, cpu))
        if per_page_first is None:
            per_page_first = f1s
    print(f"{'extractor':<20} {'F1':>6} {'precision':>9} {'recall':>7} {'F1>=0.9':>8} {'median ms':>10} "
          f"{'range ms':>16} {'median CPU ms':>14}")
    for label, f1, p, r, good, median, low, high, cpu in rows:
        print(f"{label:<20} {f1:6.3f} {p:9.3f} {r:7.3f} {good:8.0%} {median:10.2f} {f'{low:.2f}-{high:.2f}':>16} {cpu:14.2f}")
    if worst and per_page_first:
        print(f"\nworst pages of {rows[0][0]} (F1):")
        for name, value in sorted(per_page_first.items(), key=lambda item: item[1])[:worst]:
            print(f"  {value:.3f}  {name}")


def main(arguments):
    if len(arguments) >= 4 and arguments[0] == "run":
        run(arguments[1], arguments[2], arguments[3])
    elif len(arguments) >= 3 and arguments[0] == "score":
        worst = 0
        specs = []
        rest = arguments[2:]
        while rest:
            item = rest.pop(0)
            if item == "--worst":
                worst = int(rest.pop(0))
            else:
                specs.append(item)
        score(arguments[1], specs, worst)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
