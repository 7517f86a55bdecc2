#!/usr/bin/env bash
# Side-by-side benchmark (not part of the test suite): two rss-report binaries, "before" and "after", on the
# same synthetic database of 100,000 articles in 200 sources (every third read), the one rsscore-bench fills.
#
#   BEFORE=path/to/old/rss-report AFTER=path/to/new/rss-report Benchmarks/report-large-db.sh [ARTICLES] [ROUNDS]
#       (defaults 100000 and 7)
#   FILL=path/to/old/rsscore-bench ...   the filler (default: Benchmarks/.build/release/rsscore-bench in the
#                                         package BEFORE was built in, found by walking up from BEFORE)
#   SOURCES=N ...                         sources in the database (default 200)
#
# Why: rss-report used to read articles by driving the news list a page at a time (500 rows a page, written to
# the settings for the run); it now reads with RssCore's query API. This tells whether a report on a large
# database got faster or slower, case by case, and how much memory it takes.
#
# What: the wall time (and peak resident memory, from /usr/bin/time) of one whole process, for each case:
# the plain listing of every article, --format json, --format tsv, the cron-like --unread --limit 5, and
# --since 2d (with --now at the newest synthetic article, so that 2d is 2,880 articles; the real clock is far
# past them). No --refresh: there is no network here. The binaries run in turn, round after round
# (before, after, before, after, ...); each case prints the median and min-max of each binary and the ratio
# after/before of the medians. Raw figures go to benchmark-results/ (git-ignored).
#
# The database: the before binary knows schema version 2 and refuses a newer one, and the after binary migrates
# a version 2 database to version 3 on first open. So the database is filled with the before code's filler
# (`rsscore-bench fill`, schema 2) and each binary opens a copy of it once, untimed: the after binary migrates
# its copy, and the migrated copy is the one timed (so is a before binary's, should it migrate too). Then each
# binary runs each case once on a scratch copy whose content (sqlite3 .dump) is compared with the untouched
# copy: a binary whose runs change the database gets its copy restored (and synced) before each of its timed
# runs. The old binary does: it sets a page size of 500 for the run and then writes the user's back, which
# leaves a `pageSize` row in the settings of a database that had none.
#
# Build the binaries in release mode first, for instance (the before code in a second work tree):
#   (cd ../old && swift build -c release --product rss-report &&
#    swift build -c release --package-path Benchmarks --product rsscore-bench)
#   swift build -c release --product rss-report
#   BEFORE=../old/.build/release/rss-report AFTER=.build/release/rss-report Benchmarks/report-large-db.sh
set -euo pipefail

articles="${1:-100000}"
rounds="${2:-7}"
sources="${SOURCES:-200}"
# The synthetic articles are dated a minute apart back from this moment (SyntheticFeeds.fill's `now`).
newest="2025-06-15T15:06:40Z"

die() { echo "error: $*" >&2; exit 1; }
[ -x "${BEFORE:-}" ] || die "BEFORE must name the old rss-report binary (see the header)"
[ -x "${AFTER:-}" ] || die "AFTER must name the new rss-report binary (see the header)"
[ -x /usr/bin/time ] || die "/usr/bin/time is needed for the memory figure (Debian package time)"
command -v sqlite3 >/dev/null || die "sqlite3 is needed to check the databases (Debian package sqlite3)"
for number in "$articles" "$rounds" "$sources"; do
    [[ "$number" =~ ^[1-9][0-9]*$ ]] || die "ARTICLES, ROUNDS and SOURCES are positive whole numbers, not '$number'"
done
# Paths as given from where the script was started; it then works from the project's folder.
BEFORE="$(realpath "$BEFORE")"
AFTER="$(realpath "$AFTER")"
if [ -n "${FILL:-}" ]; then FILL="$(realpath "$FILL")"; fi
cd "$(dirname "$0")/.."
source Benchmarks/lib/copy-db.sh

# The filler of the package BEFORE comes from: the first folder above it with Benchmarks/Package.swift.
find_filler() {
    local dir
    dir="$(cd "$(dirname "$BEFORE")" && pwd)"
    while [ "$dir" != / ]; do
        if [ -f "$dir/Benchmarks/Package.swift" ]; then
            echo "$dir/Benchmarks/.build/release/rsscore-bench"
            return
        fi
        dir="$(dirname "$dir")"
    done
}
fill="${FILL:-$(find_filler)}"
[ -x "$fill" ] || die "no filler${fill:+ at $fill}: build the before code's rsscore-bench" \
    "(swift build -c release --package-path Benchmarks --product rsscore-bench) or set FILL"

work="$(mktemp -d)"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

results="benchmark-results"
mkdir -p "$results"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
raw="$results/report-large-db-$stamp.tsv"
summary="$results/report-large-db-$stamp.txt"
declare -A content restore   # per binary: the untouched database's content hash; restore it before each run?
printf 'round\tcase\tbinary\tms\tmax_rss_kb\n' > "$raw"

# The cases: a name, then rss-report's arguments after --db.
case_names=(plain json tsv unread-limit5 since-2d)
case_args() {
    case "$1" in
        plain) ;;
        json) echo --format json ;;
        tsv) echo --format tsv ;;
        unread-limit5) echo --unread --limit 5 ;;
        since-2d) echo --since 2d --now "$newest" ;;
    esac
}

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
binary_of() { if [ "$1" = before ]; then echo "$BEFORE"; else echo "$AFTER"; fi; }
content_hash() { sqlite3 "$1" .dump | sha256sum | cut -d' ' -f1; }
schema_version() { sqlite3 "$1" 'PRAGMA user_version'; }

# Median (mean of the two middle values for an even count), min and max of a column, per case and binary.
stats() {
    awk -F'\t' -v c="$1" -v s="$2" -v col="$3" 'NR > 1 && $2 == c && $3 == s { print $col }' "$raw" | sort -g |
        awk '{ v[NR] = $1 } END {
            m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%s %s %s\n", m, v[1], v[NR] }'
}

# The benchmark; its output also goes to benchmark-results/.
run() {
    echo "rss-report on a large database: $articles articles in $sources sources, $rounds rounds"
    echo "before: $BEFORE"
    echo "after:  $AFTER"
    echo "filler: $fill"
    echo "machine: $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    local name arguments
    for name in "${case_names[@]}"; do
        arguments="$(case_args "$name")"
        echo "case $(printf '%-14s' "$name") rss-report --db DB${arguments:+ $arguments} > /dev/null"
    done

    start="$(now_ms)"
    "$fill" fill "$work/filled.sqlite" "$articles" "$sources"
    local filled_version
    filled_version="$(schema_version "$work/filled.sqlite")"
    echo "filled with the before code's filler in $(( $(now_ms) - start )) ms: schema version $filled_version," \
        "$(du -h "$work/filled.sqlite" | cut -f1)"
    # Each binary opens its own copy once, untimed: one that migrates it (the after binary) is timed on the
    # migrated copy; one that does not (the before binary) on the copy as filled.
    local side
    for side in before after; do
        copy_db "$work/filled.sqlite" "$work/$side.sqlite"
        copy_db "$work/filled.sqlite" "$work/first-open.sqlite"
        start="$(now_ms)"
        "$(binary_of "$side")" --db "$work/first-open.sqlite" --limit 1 > /dev/null
        if [ "$(schema_version "$work/first-open.sqlite")" != "$filled_version" ]; then
            copy_db "$work/first-open.sqlite" "$work/$side.sqlite"
            echo "$side: migrated its copy once before timing (schema version $(schema_version "$work/$side.sqlite")," \
                "first open $(( $(now_ms) - start )) ms, not counted)"
        else
            echo "$side: opens the database as filled (schema version $filled_version)"
        fi
    done
    rm -f "$work"/filled.sqlite* "$work"/first-open.sqlite*

    # The untouched databases, their content, and each binary's working copy.
    for side in before after; do
        copy_db "$work/$side.sqlite" "$work/$side.pristine"
        content[$side]="$(content_hash "$work/$side.pristine")"
        restore[$side]=no
    done

    # One run of each binary and case on a scratch copy: does it change the database, what does it print.
    echo
    echo "check: does a run change the database (sqlite3 .dump compared with the untouched copy)? what does it print?"
    for name in "${case_names[@]}"; do
        read -r -a args <<< "$(case_args "$name")"
        line="  $(printf '%-14s' "$name")"
        for side in before after; do
            copy_db "$work/$side.pristine" "$work/scratch.sqlite"
            "$(binary_of "$side")" --db "$work/scratch.sqlite" "${args[@]}" > "$work/out-$side"
            if [ "$(content_hash "$work/scratch.sqlite")" = "${content[$side]}" ]; then
                change="unchanged"
            else
                change="CHANGED (restored before each run)"
                restore[$side]=yes
            fi
            line+="  $side: $(wc -l < "$work/out-$side") lines, $(wc -c < "$work/out-$side") bytes, database $change;"
        done
        # The report's own time (plain header, JSON "generated") may differ by a second: count the lines.
        line+="  lines that differ: $(diff "$work/out-before" "$work/out-after" | grep -c '^>' || true)"
        echo "$line"
    done
    rm -f "$work"/out-* "$work"/scratch.sqlite*

    # The timed rounds, interleaved: in each round every case runs with before, then with after.
    for round in $(seq "$rounds"); do
        for name in "${case_names[@]}"; do
            read -r -a args <<< "$(case_args "$name")"
            for side in before after; do
                if [ "${restore[$side]}" = yes ]; then
                    copy_db "$work/$side.pristine" "$work/$side.sqlite"
                    sync "$work/$side.sqlite"   # no write-back of the copy during the timed run
                fi
                start="$(date +%s%N)"
                /usr/bin/time -f %M -o "$work/rss" \
                    "$(binary_of "$side")" --db "$work/$side.sqlite" "${args[@]}" > /dev/null
                end="$(date +%s%N)"
                elapsed="$(awk -v ns=$(( end - start )) 'BEGIN { printf "%.1f", ns / 1e6 }')"
                printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "$side" "$elapsed" "$(tail -n 1 "$work/rss")" >> "$raw"
            done
        done
    done

    # Whatever ran on a copy that was not restored must have left it as it was.
    for side in before after; do
        if [ "${restore[$side]}" = no ] && [ "$(content_hash "$work/$side.sqlite")" != "${content[$side]}" ]; then
            echo "warning: the $side database changed during the rounds; its figures may be off" >&2
        fi
    done

    echo
    echo "wall time per run, ms: median (min-max) of $rounds interleaved rounds; peak resident memory, MB: median"
    printf '%-14s %24s %24s %8s %9s %9s\n' case before after ratio "mem bef." "mem aft."
    for name in "${case_names[@]}"; do
        read -r b_med b_min b_max <<< "$(stats "$name" before 4)"
        read -r a_med a_min a_max <<< "$(stats "$name" after 4)"
        read -r b_mem _ <<< "$(stats "$name" before 5)"
        read -r a_mem _ <<< "$(stats "$name" after 5)"
        awk -v n="$name" -v bm="$b_med" -v bl="$b_min" -v bh="$b_max" -v am="$a_med" -v al="$a_min" -v ah="$a_max" \
            -v bk="$b_mem" -v ak="$a_mem" 'BEGIN {
                printf "%-14s %24s %24s %7.2fx %9.1f %9.1f\n", n,
                    sprintf("%.0f (%.0f-%.0f)", bm, bl, bh), sprintf("%.0f (%.0f-%.0f)", am, al, ah), am / bm,
                    bk / 1024, ak / 1024 }'
    done
    echo "ratio: after/before of the medians (below 1: after is faster)"
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "raw figures: $raw; this table: $summary"
}

run 2>&1 | tee "$summary"
