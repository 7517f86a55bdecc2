#!/usr/bin/env bash
# Quality and speed of ArticleExtractor beside trafilatura and readability-lxml, on Mozilla Readability's test
# pages (not part of the test suite; see Benchmarks/EXTRACT.md).
#
#   Benchmarks/extract-quality.sh [--pages DIR] [--rounds N] [--worst N]
#
# --pages   the test pages, one directory per page with source.html and expected.html (default: Mozilla
#           Readability's, test/test-pages of mozilla/readability kept in Benchmarks/data and unpacked into
#           Benchmarks/.build-release on the first run)
# --rounds  extractions of each page by ArticleExtractor, the median kept (default 3)
# --worst   how many of ArticleExtractor's worst pages to list (default 15)
#
# Builds extract-bench in release (Benchmarks/.build-release), installs trafilatura and readability-lxml (the
# latest on PyPI) into a venv under that folder when missing, runs the three extractors over the same pages in
# this one run (their outputs left in .build-release/extract-results), and prints one table: F1, precision, recall, the share of pages at F1 >= 0.9, and the median and
# range of the in-process milliseconds per page (process start excluded). Scoring: Benchmarks/lib/extract_quality.py.
set -euo pipefail
cd "$(dirname "$0")/.."

pages=""
rounds=3
worst=15
while [ $# -gt 0 ]; do
    case "$1" in
        --pages) pages="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --worst) worst="$2"; shift 2 ;;
        *) echo "usage: $0 [--pages DIR] [--rounds N] [--worst N]" >&2; exit 2 ;;
    esac
done
source Benchmarks/lib/extract-bench.sh
[ -n "$pages" ] || pages=$(readability_test_pages)
require_test_pages "$pages" expected.html

source scripts/lib/system-packages.sh
ensure_system_packages
ensure_packages python3-venv

build_extract_bench

venv="$scratch/extract-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import trafilatura, readability" 2>/dev/null; then
    echo "Installing trafilatura and readability-lxml into $venv..." >&2
    python3 -m venv "$venv"
    # A venv's own pip may be too old to resolve readability-lxml's lxml[html_clean] extra.
    "$venv/bin/pip" install --quiet --upgrade pip >&2
    "$venv/bin/pip" install --quiet --upgrade trafilatura readability-lxml >&2
fi
versions=$("$venv/bin/python" -c "from importlib.metadata import version as v; print('trafilatura', v('trafilatura') + ',', 'readability-lxml', v('readability-lxml'))")

# The outputs stay there after the run, for reading a page's extraction beside its expected.html.
out="$scratch/extract-results"
rm -rf "$out"
mkdir -p "$out"
page_dirs=("$pages"/*/)
count=${#page_dirs[@]}
echo "== $count pages from $pages; $versions; load: $(cut -d' ' -f1-3 /proc/loadavg)"

mkdir -p "$out/ours"
"$bench" --out "$out/ours" --rounds "$rounds" "${page_dirs[@]%/}" > "$out/ours/times.tsv"
"$venv/bin/python" Benchmarks/lib/extract_quality.py run trafilatura "$pages" "$out/trafilatura"
"$venv/bin/python" Benchmarks/lib/extract_quality.py run readability-lxml "$pages" "$out/readability-lxml"
problems=$(awk -F'\t' '$3 != "ok"' "$out/ours/times.tsv")
if [ -n "$problems" ]; then
    echo "pages ArticleExtractor found no article in:"
    echo "$problems" | sed 's/^/  /'
fi

"$venv/bin/python" Benchmarks/lib/extract_quality.py score "$pages" \
    "ArticleExtractor=$out/ours" "trafilatura=$out/trafilatura" "readability-lxml=$out/readability-lxml:html" \
    --worst "$worst"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
