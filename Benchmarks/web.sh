#!/bin/sh
# The web front's pages (release): rss-serve on synthetic libraries of 100,000 and 1,000,000 articles (rsscore-bench
# fill: 100 and 1,000 sources), each page asked REQUESTS times (200) on a kept-alive connection with gzip accepted,
# by Benchmarks/lib/web_pages.py: the unread list (50 articles), an article, two searches of all articles (a
# rare word, `topic777`, in 0.1% of the titles; a common one, `topic7`, which as the start of a word matches 11.1%:
# topic7, topic70… topic799), the sources page. Per page: p50, p99 and max time, bytes as sent and uncompressed, the server's own
# files the page loads; then Chromium's DOMContentLoaded of the unread list (10 loads, cache warm). Rounds are
# interleaved (every size once, then again), each started once the 1-minute load is below 1.5.
# With FRESHRSS=DIR (a FreshRSS instance with DIR/start.sh, DIR/stop.sh, DIR/pages.txt: `NAME=PATH` lines of
# its pages and BASE=URL, and DIR/feeds/*.xml: the feeds its library was made of), each round also measures
# FreshRSS's pages and rss-serve's on a library of the same feeds (read with rss-report), the same way; the search
# is then of the unread articles for a word both libraries hold (`SEARCH`, default lighthouse), as FreshRSS's is.
# Usage: Benchmarks/web.sh [rounds] [sizes]   (default 3, "100000 1000000"; $WORK keeps the databases)
set -eu
ROUNDS=${1:-3}
SIZES=${2:-"100000 1000000"}
REQUESTS=${REQUESTS:-200}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/rss-web-bench}
mkdir -p "$WORK"
release() { swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$ROOT/Benchmarks/.build-release" "$@"; }
for product in rss-serve rss-report rsscore-bench; do release --product $product >/dev/null; done
BIN=$(release --show-bin-path)
ACCOUNTS="$WORK/accounts.json"
printf 'bench-password\n' | "$BIN/rss-serve" user set bench --accounts "$ACCOUNTS" 2>/dev/null
for size in $SIZES; do
    [ -f "$WORK/db-$size.sqlite" ] || "$BIN/rsscore-bench" fill "$WORK/db-$size.sqlite" "$size" $((size / 1000))
done
if [ -n "${FRESHRSS:-}" ]; then
    SIZES="freshrss-feeds $SIZES"
    if [ ! -f "$WORK/db-freshrss-feeds.sqlite" ]; then
        for feed in "$FRESHRSS"/feeds/*.xml; do
            "$BIN/rss-report" --db "$WORK/db-freshrss-feeds.sqlite" --url "file://$feed" --quiet >/dev/null
        done
    fi
fi
quiet() { while [ "$(awk '{ print ($1 < 1.5) }' /proc/loadavg)" != 1 ]; do sleep 5; done; }
echo "web: $ROUNDS rounds, sizes $SIZES, $REQUESTS requests a page; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
round=1
while [ $round -le "$ROUNDS" ]; do
    for size in $SIZES; do
        quiet
        # A copy each run: the pages must not see the marks another run made.
        cp "$WORK/db-$size.sqlite" "$WORK/run.sqlite"
        rm -f "$WORK/run.sqlite-wal" "$WORK/run.sqlite-shm"
        "$BIN/rss-serve" --db "$WORK/run.sqlite" --accounts "$ACCOUNTS" --listen 127.0.0.1:0 --no-refresh 2> "$WORK/serve.err" &
        SERVER=$!
        until grep -q 'listening on http' "$WORK/serve.err" && [ -z "$(tail -c 1 "$WORK/serve.err")" ]; do sleep 0.1; done
        URL=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$WORK/serve.err" | head -1)
        echo "== round $round, rss-serve, $size; load $(cut -d' ' -f1-3 /proc/loadavg)"
        searches="search=/web/all?q=topic777 search-common=/web/all?q=topic7"
        [ "$size" = freshrss-feeds ] && searches="search=/web/unread?q=${SEARCH:-lighthouse}"
        # shellcheck disable=SC2086
        python3 "$ROOT/Benchmarks/lib/web_pages.py" "$URL" rss-serve:bench:bench-password "$REQUESTS" \
            unread=/web/unread article=@first-article $searches sources=/web/sources
        echo "peak memory $(awk '/VmHWM/ { print int($2 / 1024) }' /proc/$SERVER/status) MB"
        kill -TERM $SERVER
        wait $SERVER || true
        if [ "$size" = freshrss-feeds ]; then
            quiet
            "$FRESHRSS/start.sh" >/dev/null
            base=$(sed -n 's/^BASE=//p' "$FRESHRSS/pages.txt")
            echo "== round $round, FreshRSS, its library of the same feeds; load $(cut -d' ' -f1-3 /proc/loadavg)"
            # shellcheck disable=SC2046
            python3 "$ROOT/Benchmarks/lib/web_pages.py" "$base" none "$REQUESTS" $(grep -v '^BASE=' "$FRESHRSS/pages.txt")
            "$FRESHRSS/stop.sh" >/dev/null
        fi
    done
    round=$((round + 1))
done
