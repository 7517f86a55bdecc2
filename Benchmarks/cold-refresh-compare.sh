#!/bin/sh
# CPU per stored article of a cold refresh's storage (issue 14, item 5), two builds side by side: each round
# runs BEFORE's and then AFTER's `rsscore-bench cold-refresh` once (500 feeds × 20 new items, merged as a
# refresh merges them into a fresh copy of one database of ARTICLES articles), and the medians and ranges
# over the rounds are printed for both, with AFTER / BEFORE.
# Usage: Benchmarks/cold-refresh-compare.sh BEFORE-BINARY AFTER-BINARY [rounds 5] [articles 100000]
#   (both binaries are rsscore-bench release builds: `swift build -c release --package-path Benchmarks
#   --product rsscore-bench` in each tree; BEFORE fills the base database, so that when AFTER's schema is newer
#   it upgrades its own copy as it opens it, before the timed merges)
# With RSSCORE_BENCH_ITEMS=generated (or samples), only that kind of items is measured.
set -eu
BEFORE=$1
AFTER=$2
ROUNDS=${3:-5}
ARTICLES=${4:-100000}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cold-refresh-compare.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
"$BEFORE" fill "$WORK/base.sqlite" "$ARTICLES" 200
round=1
while [ "$round" -le "$ROUNDS" ]; do
    for build in before after; do
        if [ "$build" = before ]; then binary=$BEFORE; else binary=$AFTER; fi
        "$binary" cold-refresh 500 20 "$WORK/base.sqlite" 1 | awk -v build="$build" '/CPU per stored article/ { print build, $1, $7 }'
    done
    round=$((round + 1))
done >"$WORK/records"
echo "Cold refresh storage, 500 feeds × 20 new items into $ARTICLES articles, $ROUNDS interleaved rounds: CPU µs per stored article, median (min–max)"
python3 - "$WORK/records" <<'PY'
import statistics, sys
values = {}
for line in open(sys.argv[1]):
    build, kind, micros = line.split()
    values.setdefault((kind, build), []).append(float(micros))
def cell(v):
    return f"{statistics.median(v):7.1f} ({min(v):.1f}–{max(v):.1f})"
print(f"{'items':<11}{'before':<26}{'after':<26}after / before")
for kind in ("generated", "samples"):
    if (kind, "before") not in values:
        continue
    before, after = values[(kind, "before")], values[(kind, "after")]
    print(f"{kind:<11}{cell(before):<26}{cell(after):<26}×{statistics.median(after) / statistics.median(before):.2f}")
PY
