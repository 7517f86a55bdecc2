#!/bin/sh
# Start-up and per-command time of rss-repl on a database of 100,000 articles (50 feeds of 2,000 items).
# Usage: Benchmarks/repl-startup.sh [runs]   (builds rss-repl in release first; the database is kept in $WORK)
set -eu
RUNS=${1:-5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/rss-repl-bench}
swift build -c release --product rss-repl --package-path "$ROOT" >/dev/null
BIN=$(swift build -c release --show-bin-path --package-path "$ROOT")/rss-repl
mkdir -p "$WORK"
if [ ! -f "$WORK/db.sqlite" ]; then
    python3 - "$WORK" <<'PY'
import sys, os
work = sys.argv[1]
outlines = []
for f in range(50):
    items = "".join(f"<item><title>Item {i} of feed {f}</title><guid>f{f}-{i}</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><description>Text of item {i} in feed {f}, with a few words to index.</description></item>" for i in range(2000))
    path = os.path.join(work, f"feed{f}.rss")
    open(path, "w").write(f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {f}</title>{items}</channel></rss>')
    outlines.append(f'<outline text="Feed {f}" type="rss" xmlUrl="file://{path}"/>')
open(os.path.join(work, "feeds.opml"), "w").write('<?xml version="1.0"?><opml version="2.0"><head><title>b</title></head><body>' + "".join(outlines) + "</body></opml>")
PY
    printf 'import %s/feeds.opml\nrefresh\n' "$WORK" | "$BIN" --db "$WORK/db.sqlite" >/dev/null
fi
ms() { date +%s%N; }
time_script() {
    best=999999
    i=0
    while [ $i -lt "$RUNS" ]; do
        start=$(ms)
        printf '%b' "$1" | XDG_STATE_HOME="$WORK/state" "$BIN" --db "$WORK/db.sqlite" >/dev/null
        elapsed=$(( ($(ms) - start) / 1000000 ))
        [ $elapsed -lt $best ] && best=$elapsed
        i=$((i + 1))
    done
    echo $best
}
base=$(time_script 'quit\n')
echo "start to first prompt and exit: ${base} ms (best of $RUNS; goal under 200 ms)"
for command in 'list' 'list unread' 'next' 'search item 1999' 'sources' 'open 1' 'star 1' 'mark-all-read Feed 3' 'switch'; do
    t=$(time_script "list\n$command\nquit\n")
    echo "$command: $((t - base)) ms over start-up (includes one list; goal under 50 ms)"
done
