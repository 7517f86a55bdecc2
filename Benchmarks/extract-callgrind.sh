#!/usr/bin/env bash
# Instructions ArticleExtractor executes per page, counted by valgrind's callgrind (see Benchmarks/EXTRACT.md):
# a measure of its speed that the load of the machine does not move, unlike the milliseconds of
# extract-quality.sh.
#
#   Benchmarks/extract-callgrind.sh [--pages DIR] [--set FILE]
#
# --pages   the test pages, one directory per page with source.html (default: Mozilla Readability's, as for
#           extract-quality.sh)
# --set     a file naming pages, one a line: their instructions are also summed (EXTRACT.md's 26 pages around
#           the median)
#
# Builds extract-bench in release (Benchmarks/.build-release) and runs it once over all the pages under
# callgrind, which dumps its counts after each extraction (the parser's thread included; the process start, the
# file reads and the printing fall between extractions and count with the next page, a few thousand
# instructions). Prints each page's instructions, smallest first, then the median page's. Under valgrind a page
# runs some fifty times slower: the largest pages pass the extractor's 5 s limit there and stop early, so their
# counts mean nothing; the median does not depend on them.
set -euo pipefail
cd "$(dirname "$0")/.."

pages=""
set_file=""
while [ $# -gt 0 ]; do
    case "$1" in
        --pages) pages="$2"; shift 2 ;;
        --set) set_file="$2"; shift 2 ;;
        *) echo "usage: $0 [--pages DIR] [--set FILE]" >&2; exit 2 ;;
    esac
done
source Benchmarks/lib/extract-bench.sh
[ -n "$pages" ] || pages=$(readability_test_pages)
require_test_pages "$pages" source.html

source scripts/lib/system-packages.sh
ensure_system_packages
ensure_packages valgrind

build_extract_bench
# ArticleExtractor.extract(html:url:declaredCharset:), whatever its mangled name.
symbol=$(nm "$bench" | grep -o '\$s16ArticleExtractorAAV7extract4html3url15declaredCharset[A-Za-z0-9_]*' | head -1)
if [ -z "$symbol" ]; then
    echo "error: ArticleExtractor.extract not found in $bench" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
page_dirs=("$pages"/*/)
echo "Running ${#page_dirs[@]} pages under callgrind (some fifty times slower than natively)..." >&2
valgrind --tool=callgrind --callgrind-out-file="$work/out" "--dump-after=$symbol" \
    "$bench" "${page_dirs[@]%/}" > "$work/pages.tsv" 2> "$work/valgrind.log"

# Dump N (out.N) follows the Nth extraction, which extract-bench printed on its Nth line.
counts="$work/counts.tsv"
: > "$counts"
line=0
while IFS=$'\t' read -r name _; do
    line=$((line + 1))
    instructions=$(grep -m1 '^summary:' "$work/out.$line" | cut -d' ' -f2)
    printf '%s\t%s\n' "$name" "$instructions" >> "$counts"
done < "$work/pages.tsv"

echo "== instructions per page, callgrind, $(wc -l < "$counts") pages; load: $(cut -d' ' -f1-3 /proc/loadavg)"
sort -t$'\t' -k2 -n "$counts" | awk -F'\t' '{ printf "%-45s %14d\n", $1, $2 }'
sort -t$'\t' -k2 -n "$counts" | awk -F'\t' '
    { value[NR] = $2 }
    END {
        median = NR % 2 ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2
        printf "median page: %.0f instructions\n", median
    }'
if [ -n "$set_file" ]; then
    join -t$'\t' <(sort "$set_file") <(sort "$counts") | awk -F'\t' '
        { total += $2; pages += 1 }
        END { printf "the %d pages of the set: %.0f instructions\n", pages, total }'
fi
