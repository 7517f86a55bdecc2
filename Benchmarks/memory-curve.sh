#!/usr/bin/env bash
# Time and peak resident memory against the database's size (issue 13, "bounded memory"): not part of the test
# suite. For each size (10,000, 100,000 and 1,000,000 articles by default) it measures whole processes:
#
#   report-json   rss-report --db SYNTHETIC --format json  > /dev/null
#   report-plain  rss-report --db SYNTHETIC                > /dev/null
#   report-tsv    rss-report --db SYNTHETIC --format tsv   > /dev/null
#   repl          printf 'list\nsearch topic7\nquit\n' | rss-repl --db SYNTHETIC --no-preinstalled > /dev/null
#   import        rss-report --db NEW --opml feeds.opml --limit 1 > /dev/null    (a new database each run)
#   refresh       rss-report --db IMPORTED --refresh --force --limit 1 > /dev/null   (every feed file touched first;
#                 --force, since the sources were fetched moments before and are not due)
#
# SYNTHETIC is the database `rsscore-bench fill` makes: ARTICLES articles in 200 sources, a third of them read.
# The import reads an OPML file listing 200 RSS files that hold ARTICLES items in all (ARTICLES / 200 each,
# about 600 bytes an item); IMPORTED is a database that imported them once, untimed, so that a refresh
# re-reads, parses and merges every item of a database that size (a touched file is no longer "not
# modified"). --limit 1 keeps the report those two print to one line a source.
#
#   AFTER=DIR [BEFORE=DIR] Benchmarks/memory-curve.sh [SIZES] [ROUNDS]
#       DIR: a folder holding release builds of rss-report and rss-repl (for instance .build/release);
#       SIZES: article counts, quoted, default "10000 100000 1000000"; ROUNDS: default 3
#   FILL=path/to/rsscore-bench   the filler (default: Benchmarks/.build/release/rsscore-bench)
#   CASES="import refresh"       only these cases (default: all six)
#
# With BEFORE, the two builds run in turn, round after round (before, after, before, after …), each on its
# own copy of the same databases. Each line gives the median wall time and its range (min-max) over the
# rounds, and the median peak resident memory (`/usr/bin/time -f %M`) with its maximum. Raw figures go to
# benchmark-results/ (git-ignored).
#
# Build first:
#   swift build -c release --product rss-report && swift build -c release --product rss-repl
#   swift build -c release --package-path Benchmarks --product rsscore-bench
set -euo pipefail

sizes="${1:-10000 100000 1000000}"
rounds="${2:-3}"
sources=200

die() { echo "error: $*" >&2; exit 1; }
[ -n "${AFTER:-}" ] || die "AFTER must name a folder holding rss-report and rss-repl (see the header)"
sides=(after)
if [ -n "${BEFORE:-}" ]; then sides=(before after); fi
for side in "${sides[@]}"; do
    folder="$(eval echo "\${${side^^}}")"
    for program in rss-report rss-repl; do
        [ -x "$folder/$program" ] || die "no $program in $folder"
    done
done
[ -x /usr/bin/time ] || die "/usr/bin/time is needed for the memory figure (Debian package time)"
command -v python3 >/dev/null || die "python3 is needed to write the feed files"
for number in $sizes "$rounds"; do
    [[ "$number" =~ ^[1-9][0-9]*$ ]] || die "SIZES and ROUNDS are positive whole numbers, not '$number'"
done
folder_of() { realpath "$(eval echo "\${${1^^}}")"; }
declare -A binaries
for side in "${sides[@]}"; do binaries[$side]="$(folder_of "$side")"; done
FILL="$(realpath "${FILL:-$(dirname "$0")/.build/release/rsscore-bench}")"
[ -x "$FILL" ] || die "no filler at $FILL: swift build -c release --package-path Benchmarks --product rsscore-bench"
cd "$(dirname "$0")/.."
source Benchmarks/lib/copy-db.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
results="benchmark-results"
mkdir -p "$results"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
raw="$results/memory-curve-$stamp.tsv"
summary="$results/memory-curve-$stamp.txt"
printf 'articles\tround\tcase\tside\tseconds\tmax_rss_kb\n' > "$raw"
read -r -a cases <<< "${CASES:-report-json report-plain report-tsv repl import refresh}"
for name in "${cases[@]}"; do
    case "$name" in
        report-json | report-plain | report-tsv | repl | import | refresh) ;;
        *) die "no case '$name' (CASES: report-json report-plain report-tsv repl import refresh)" ;;
    esac
done

# 200 RSS files holding $1 items in all, and an OPML file listing them by relative address, in folder $2.
write_feeds() {
    python3 - "$1" "$2" "$sources" <<'PY'
import os, sys
total, folder, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
os.makedirs(folder, exist_ok=True)
words = ("swift linux server release kernel compiler database network security update design performance "
         "memory terminal editor feed reader library package test cloud storage query index").split()
outlines = []
for feed in range(count):
    items = []
    for number in range(feed, total, count):
        text = " ".join(words[(number * 7 + k) % len(words)] for k in range(40))
        items.append(
            f"<item><title>Item {number} {words[number % len(words)]}</title>"
            f"<link>https://example.org/{feed}/{number}</link><guid>item-{number}</guid>"
            f"<pubDate>{['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][number % 7]}, "
            f"{1 + number % 28:02d} Jan 2024 {number % 24:02d}:{number % 60:02d}:00 GMT</pubDate>"
            f"<description>&lt;p&gt;{text}&lt;/p&gt;</description></item>")
    with open(os.path.join(folder, f"feed{feed}.rss"), "w") as out:
        out.write(f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {feed}</title>'
                  f'<link>https://example.org/{feed}</link>{"".join(items)}</channel></rss>')
    outlines.append(f'<outline text="Feed {feed}" type="rss" xmlUrl="feed{feed}.rss"/>')
with open(os.path.join(folder, "feeds.opml"), "w") as out:
    out.write('<?xml version="1.0"?><opml version="2.0"><head><title>bench</title></head><body>'
              + "".join(outlines) + "</body></opml>")
PY
}


# Runs case $1 of side $2 on size $3 once; prints "seconds max_rss_kb".
run_case() {
    local name="$1" side="$2" size="$3" bin="${binaries[$2]}" db="$work/$2-$3"
    local -a command
    case "$name" in
        report-json) command=("$bin/rss-report" --db "$db-synthetic.sqlite" --format json) ;;
        report-plain) command=("$bin/rss-report" --db "$db-synthetic.sqlite") ;;
        report-tsv) command=("$bin/rss-report" --db "$db-synthetic.sqlite" --format tsv) ;;
        repl) command=("$bin/rss-repl" --db "$db-synthetic.sqlite" --no-preinstalled) ;;
        import)
            rm -f "$db-new.sqlite" "$db-new.sqlite-wal" "$db-new.sqlite-shm"
            command=("$bin/rss-report" --db "$db-new.sqlite" --opml "$work/feeds-$size/feeds.opml" --limit 1) ;;
        refresh)
            touch "$work/feeds-$size"/*.rss
            command=("$bin/rss-report" --db "$db-imported.sqlite" --refresh --force --limit 1) ;;
    esac
    local input=/dev/null
    if [ "$name" = repl ]; then
        printf 'list\nsearch topic7\nquit\n' > "$work/repl-input"
        input="$work/repl-input"
    fi
    local status=0
    XDG_STATE_HOME="$work/state" /usr/bin/time -f '%e %M' -o "$work/time" "${command[@]}" < "$input" > /dev/null \
        2> "$work/stderr" || status=$?
    # Exit 1 or 2 would mean failed feeds: a figure of a run that did not do the work is no figure.
    [ "$status" = 0 ] || die "$name ($side, $size) exited $status: $(tail -n 3 "$work/stderr")"
    tail -n 1 "$work/time"
}

stats() {  # median, min and max of column $4 for size $1, case $2, side $3
    awk -F'\t' -v n="$1" -v c="$2" -v s="$3" -v col="$4" 'NR > 1 && $1 == n && $3 == c && $4 == s { print $col }' \
        "$raw" | sort -g | awk '{ v[NR] = $1 } END {
            m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%s %s %s\n", m, v[1], v[NR] }'
}

run() {
    echo "memory and time against the database's size: sizes $sizes, $rounds rounds, $sources sources"
    for side in "${sides[@]}"; do echo "$side: ${binaries[$side]}"; done
    echo "machine: $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    local size side round name
    for size in $sizes; do
        echo
        local start=$SECONDS
        # The synthetic database only for the cases that read it.
        local synthetic=false
        [[ " ${cases[*]} " =~ \ (report-json|report-plain|report-tsv|repl)\  ]] && synthetic=true
        if $synthetic; then "$FILL" fill "$work/synthetic.sqlite" "$size" "$sources"; fi
        write_feeds "$size" "$work/feeds-$size"
        for side in "${sides[@]}"; do
            if $synthetic; then copy_db "$work/synthetic.sqlite" "$work/$side-$size-synthetic.sqlite"; fi
            # The database the refreshes run on: the feeds imported once, untimed.
            "${binaries[$side]}/rss-report" --db "$work/$side-$size-imported.sqlite" \
                --opml "$work/feeds-$size/feeds.opml" --limit 1 > /dev/null 2> "$work/prepare-stderr" \
                || die "importing the feeds ($side, $size) failed: $(tail -n 3 "$work/prepare-stderr")"
        done
        rm -f "$work"/synthetic.sqlite*
        echo "$size articles: databases filled and feeds written in $(( SECONDS - start )) s" \
            "($(du -sh "$work/feeds-$size" | cut -f1) of feeds)"
        for round in $(seq "$rounds"); do
            for name in "${cases[@]}"; do
                for side in "${sides[@]}"; do
                    run_case "$name" "$side" "$size" > "$work/figures" || exit 1
                    read -r seconds kilobytes < "$work/figures"
                    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$round" "$name" "$side" "$seconds" "$kilobytes" >> "$raw"
                done
            done
        done
        echo "$size articles: seconds, median (min-max) of $rounds rounds; peak resident MB, median (max)"
        printf '%-13s' case
        for side in "${sides[@]}"; do printf ' %22s %16s' "$side s" "$side MB"; done
        echo
        for name in "${cases[@]}"; do
            printf '%-13s' "$name"
            for side in "${sides[@]}"; do
                read -r t_med t_min t_max <<< "$(stats "$size" "$name" "$side" 5)"
                read -r m_med _ m_max <<< "$(stats "$size" "$name" "$side" 6)"
                awk -v tm="$t_med" -v tl="$t_min" -v th="$t_max" -v mm="$m_med" -v mx="$m_max" 'BEGIN {
                    printf " %22s %16s", sprintf("%.2f (%.2f-%.2f)", tm, tl, th), sprintf("%.0f (%.0f)", mm / 1024, mx / 1024) }'
            done
            echo
        done
        rm -rf "$work/feeds-$size" "$work"/*-"$size"-*.sqlite*
    done
    echo
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "raw figures: $raw; this summary: $summary"
}

run 2>&1 | tee "$summary"
