#!/bin/sh
# A new device's first sync through NetNewsWire's requests (first-sync-bench), against rss-serve in release, on
# a library stored at the time of the run (so the three months NetNewsWire asks for hold all of it): 20,000
# articles (20 feeds of 1,000) and 100,000 (100 feeds of 1,000), by one client and by ten at once. Per run it
# prints the wall time, requests per second, the p50 and p99 of each kind of request, and the server's CPU time
# (user + system, from /proc) and peak memory (VmHWM); then, per size and clients, the median and range over the
# rounds. Rounds are interleaved: every configuration once, then again.
# Usage: Benchmarks/first-sync.sh [rounds] [sizes]   (default 3, "20000 100000"; $WORK keeps the databases)
set -eu
ROUNDS=${1:-3}
SIZES=${2:-"20000 100000"}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/rss-first-sync-bench}
mkdir -p "$WORK"
release() { swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$ROOT/Benchmarks/.build-release" "$@"; }
for product in rss-serve rsscore-bench first-sync-bench; do release --product $product >/dev/null; done
BIN=$(release --show-bin-path)
ACCOUNTS="$WORK/accounts.json"
printf 'bench-password\n' | "$BIN/rss-serve" user set bench --accounts "$ACCOUNTS" 2>/dev/null
for size in $SIZES; do
    # Filled afresh each time the script runs: the library must be stored within the last three months.
    rm -f "$WORK/db-$size.sqlite" "$WORK/db-$size.sqlite-wal" "$WORK/db-$size.sqlite-shm"
    "$BIN/rsscore-bench" fill "$WORK/db-$size.sqlite" "$size" $((size / 1000)) now
done
echo "first-sync: $ROUNDS rounds, sizes $SIZES, 1 and 10 clients; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

ticks=$(getconf CLK_TCK)
cpu_seconds() { awk -v t="$ticks" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat"; }
: > "$WORK/runs.txt"
round=1
while [ $round -le "$ROUNDS" ]; do
    for size in $SIZES; do
        for clients in 1 10; do
            "$BIN/rss-serve" --db "$WORK/db-$size.sqlite" --accounts "$ACCOUNTS" --listen 127.0.0.1:0 --no-refresh 2> "$WORK/serve.err" &
            SERVER=$!
            until grep -q 'listening on http' "$WORK/serve.err" && [ -z "$(tail -c 1 "$WORK/serve.err")" ]; do sleep 0.1; done
            URL=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$WORK/serve.err" | head -1)
            before=$(cpu_seconds $SERVER)
            line=$("$BIN/first-sync-bench" "$URL" bench bench-password "$clients")
            after=$(cpu_seconds $SERVER)
            peak=$(awk '/VmHWM/ { print int($2 / 1024) }' "/proc/$SERVER/status")
            kill -TERM $SERVER; wait $SERVER || true
            cpu=$(echo "$after $before" | awk '{ printf "%.2f", $1 - $2 }')
            echo "round $round size $size clients $clients cpu $cpu peak_mib $peak load $(cut -d' ' -f1 /proc/loadavg) $line" | tee -a "$WORK/runs.txt"
        done
    done
    round=$((round + 1))
done

python3 - "$WORK/runs.txt" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    words = line.split(" ", 12)
    size, clients, cpu, peak = int(words[3]), int(words[5]), float(words[7]), int(words[9])
    data = json.loads(words[12])
    runs.setdefault((size, clients), []).append((data, cpu, peak))
def fmt(values, digits=2):
    return f"{statistics.median(values):.{digits}f} [{min(values):.{digits}f}-{max(values):.{digits}f}]"
print("\nmedian [range] over the rounds")
for (size, clients), rows in sorted(runs.items()):
    datas = [row[0] for row in rows]
    print(f"{size} articles, {clients} client(s), {datas[0]['requests'] // clients} requests each:")
    print(f"  total {fmt([d['seconds'] for d in datas])} s, {fmt([d['requests_per_second'] for d in datas], 0)} requests/s,"
          f" server CPU {fmt([row[1] for row in rows])} s, peak {fmt([row[2] for row in rows], 0)} MiB")
    for kind in sorted(datas[0]["kinds"]):
        p50 = [d["kinds"][kind]["p50"] for d in datas]
        p99 = [d["kinds"][kind]["p99"] for d in datas]
        print(f"  {kind:20} x{int(datas[0]['kinds'][kind]['count']):<5} p50 {fmt(p50, 1)} ms  p99 {fmt(p99, 1)} ms")
PY
