#!/usr/bin/env bash
# Hostile pages through ArticleExtractor (not part of the test suite; see Benchmarks/EXTRACT.md): for each, the
# problem or "ok", the in-process milliseconds, and the peak resident memory of the whole process
# (`/usr/bin/time -f %M`, which includes reading the page file and the Swift runtime).
#
#   Benchmarks/extract-hostile.sh
#
# Builds extract-bench in release (Benchmarks/.build-release); the pages are generated into a temporary folder.
# The same cases are tests (Tests/ArticleExtractorTests/HostileTests.swift); this script measures their memory.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/system-packages.sh
ensure_system_packages
ensure_packages time

source Benchmarks/lib/extract-bench.sh
build_extract_bench

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
paragraph='<p>The council met on Tuesday evening to discuss the new cycle lanes, which residents have asked for since the spring, and voted to fund the first stretch.</p>'
python3 - "$work" "$paragraph" <<'PY'
import os, random, sys
work, paragraph = sys.argv[1], sys.argv[2]
def page(name, data):
    os.makedirs(os.path.join(work, name))
    with open(os.path.join(work, name, "source.html"), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
article = "<html><body><article>" + paragraph * 8 + "</article></body></html>"
page("million-nested", "<div>" * 1_000_000)
page("million-siblings", "<p>x</p>" * 1_000_000)
page("50-MB-markup", (paragraph + "\n") * (50 * 1024 * 1024 // (len(paragraph) + 1)))
page("nested-1990-deep", "<div>" * 1990 + paragraph * 8 + "</div>" * 1990)
page("9-MB-article", "<html><body><article>" + (paragraph + "\n") * (9 * 1024 * 1024 // (len(paragraph) + 1)) + "</article></body></html>")
page("240k-elements", "<html><body><div>" + "<span>x</span>" * 240_000 + paragraph * 8 + "</div></body></html>")
page("reopened-formatting", "<p>" + "".join(f'<b id="b{i}">' for i in range(1500)) + "text</p>" + "<p>text</p>" * 3000)
random.seed(26)
page("invalid-utf8-5-MB", bytes(random.randrange(0x20, 0x100) for _ in range(5 * 1024 * 1024)))
page("nul-and-escapes", article.replace("council", "coun\x00cil\x1b[2J\x1b]0;pwned\x07").encode())
page("unknown-charset", '<meta charset="x-unheard-of">' + article)
# Fails an assertion of Debian's Gumbo (a CDATA section in an SVG description inside a table).
page("gumbo-assertion", "<table><svg><desc><![CDATA[y]]>x" + article)
PY

printf '%-22s %-40s %10s %12s\n' page outcome ms "peak RSS MB"
for dir in "$work"/*/; do
    name=$(basename "$dir")
    # Standard error (where glibc reports a failed Gumbo assertion) stays out of the table.
    line=$(/usr/bin/time -f "%M" -o "$work/$name.rss" "$bench" "${dir%/}" 2>/dev/null)
    rss_kb=$(tail -1 "$work/$name.rss")
    ms=$(echo "$line" | cut -f2)
    outcome=$(echo "$line" | cut -f3)
    printf '%-22s %-40s %10s %12s\n' "$name" "$outcome" "$ms" "$(awk -v kb="$rss_kb" 'BEGIN { printf "%.1f", kb / 1024 }')"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
