#!/bin/sh
# Load on rss-serve: 50 concurrent sync clients for 60 s against a 100,000-article database (serve-bench),
# while an rss-repl on the same database runs `list` again and again. Prints, per round, requests per second,
# p50/p99 latency, errors, the server's resident memory (now and peak), and the REPL's `list` time (a run of
# `list` + `quit` minus a run of `quit` alone, taken in pairs during the load); then the median and range of
# each over the rounds.
# Usage: Benchmarks/serve-load.sh [rounds] [seconds] [clients]   (builds in release first; $WORK keeps the database)
# Everything is built in release in one build tree, Benchmarks/.build-release (the Benchmarks package builds the
# reader's executables as its dependency's products): RssCore, NIO and the rest are compiled once, and a debug
# build or a test run in the same checkout is not locked out meanwhile.
set -eu
ROUNDS=${1:-3}
SECONDS_PER_ROUND=${2:-60}
CLIENTS=${3:-50}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/rss-serve-bench}
mkdir -p "$WORK"
release() { swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$ROOT/Benchmarks/.build-release" "$@"; }
for product in rss-serve rsscore-bench serve-bench rss-repl; do release --product $product >/dev/null; done
BIN=$(release --show-bin-path)
BENCH=$BIN
DB="$WORK/db.sqlite"
[ -f "$DB" ] || "$BENCH/rsscore-bench" fill "$DB" 100000 200
ACCOUNTS="$WORK/accounts.json"
printf 'bench-password\n' | "$BIN/rss-serve" user set bench --accounts "$ACCOUNTS" 2>/dev/null
echo "serve-load: $ROUNDS rounds of $SECONDS_PER_ROUND s, $CLIENTS clients, $(sqlite3 "$DB" 'select count(*) from article') articles; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

ms() { date +%s%N; }
repl_ms() {
    start=$(ms)
    printf '%b' "$1" | XDG_STATE_HOME="$WORK/state" "$BIN/rss-repl" --db "$DB" >/dev/null
    echo $(( ($(ms) - start) / 1000000 ))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
range() { sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }'; }

: > "$WORK/rounds.txt"
round=1
while [ $round -le "$ROUNDS" ]; do
    "$BIN/rss-serve" --db "$DB" --accounts "$ACCOUNTS" --listen 127.0.0.1:0 --no-refresh 2> "$WORK/serve.err" &
    SERVER=$!
    # The whole line (the file ends with its newline): a line read half-written gave an empty address once.
    until grep -q 'listening on http' "$WORK/serve.err" && [ -z "$(tail -c 1 "$WORK/serve.err")" ]; do sleep 0.1; done
    URL=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$WORK/serve.err" | head -1)
    "$BENCH/serve-bench" "$URL" bench bench-password "$SECONDS_PER_ROUND" "$CLIENTS" > "$WORK/bench.out" &
    LOAD=$!
    : > "$WORK/list.txt"
    sleep 2
    while kill -0 $LOAD 2>/dev/null; do
        quit=$(repl_ms 'quit\n')
        list=$(repl_ms 'list\nquit\n')
        kill -0 $LOAD 2>/dev/null && echo $((list - quit)) >> "$WORK/list.txt"
    done
    wait $LOAD || true
    rss_now=$(awk '/VmRSS/ { print int($2 / 1024) }' /proc/$SERVER/status)
    rss_peak=$(awk '/VmHWM/ { print int($2 / 1024) }' /proc/$SERVER/status)
    kill -TERM $SERVER
    wait $SERVER || true
    line=$(head -1 "$WORK/bench.out")
    rps=$(echo "$line" | sed -n 's/.*s: \([0-9]*\)\/s.*/\1/p')
    p50=$(echo "$line" | sed -n 's/.*p50 \([0-9.]*\) ms.*/\1/p')
    p99=$(echo "$line" | sed -n 's/.*p99 \([0-9.]*\) ms.*/\1/p')
    errors=$(echo "$line" | sed -n 's/.*errors \([0-9]*\).*/\1/p')
    list_median=$(median < "$WORK/list.txt")
    list_max=$(sort -n "$WORK/list.txt" | tail -1)
    echo "round $round: $line; server RSS ${rss_now} MiB (peak ${rss_peak} MiB); REPL list median ${list_median} ms, max ${list_max} ms over $(wc -l < "$WORK/list.txt") probes"
    grep "first error" "$WORK/bench.out" || true
    echo "$rps $p50 $p99 $errors $rss_peak $list_median $list_max" >> "$WORK/rounds.txt"
    round=$((round + 1))
done
column() { awk -v c="$1" '{ print $c }' "$WORK/rounds.txt"; }
echo "over $ROUNDS rounds, median (range):"
echo "  requests/s  $(column 1 | median) ($(column 1 | range))"
echo "  p50 ms      $(column 2 | median) ($(column 2 | range))"
echo "  p99 ms      $(column 3 | median) ($(column 3 | range))"
echo "  errors      $(column 4 | median) ($(column 4 | range))"
echo "  peak RSS MiB $(column 5 | median) ($(column 5 | range))"
echo "  REPL list ms median $(column 6 | median) ($(column 6 | range)), worst probe $(column 7 | sort -n | tail -1)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
