#!/bin/sh
# A server's libraries kept current (pool-bench, release): 200 libraries following 50 feeds each of a pool of
# 1,000 addresses, served from 50 loopback hosts with 20 ms of latency per request, as rss-serve's LibraryPool
# keeps them. The libraries are made once (each address fetched once for all: `prepare`), then each run copies
# them and measures refresh cycles in which every address is due (a new edition of every feed, the clock an hour
# on): the fetches made (which must equal the distinct addresses due), the wall and CPU time of a cycle, the
# memory with at most 20 libraries open while unused and with all 200 open, and the first answer of a closed
# library (opened, then asked what a sync's first request asks). Runs alternate the two configurations, each in a
# process of its own (its peak memory is its own), and each starts once the 1-minute load is below $MAX_LOAD.
# Usage: Benchmarks/pool.sh [rounds]   (default 3; $WORK keeps the libraries)
set -eu
ROUNDS=${1:-3}
MAX_LOAD=${MAX_LOAD:-1.5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/rss-pool-bench}
release() { swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$ROOT/Benchmarks/.build-release" "$@"; }
release --product pool-bench >/dev/null
BIN=$(release --show-bin-path)
if [ ! -f "$WORK/prepared/library-199.sqlite" ]; then
    rm -rf "$WORK/prepared"
    "$BIN/pool-bench" prepare --dir "$WORK/prepared"
fi
quiet() {
    while [ "$(awk -v max="$MAX_LOAD" '{ print ($1 < max) }' /proc/loadavg)" != 1 ]; do sleep 5; done
}
round=1
while [ $round -le "$ROUNDS" ]; do
    for open in 20 200; do
        quiet
        rm -rf "$WORK/run"
        cp -r "$WORK/prepared" "$WORK/run"
        echo "== round $round, at most $open open"
        if [ "$open" = 20 ]; then
            # Closed after 2 s unused: the first answers are of closed libraries.
            "$BIN/pool-bench" run --dir "$WORK/run" --open 20 --idle-seconds 2 --cycles 3
        else
            # None closed: every library open at once.
            "$BIN/pool-bench" run --dir "$WORK/run" --open 200 --idle-seconds 3600 --cycles 3 --first-answers 0
        fi
    done
    round=$((round + 1))
done
rm -rf "$WORK/run"
