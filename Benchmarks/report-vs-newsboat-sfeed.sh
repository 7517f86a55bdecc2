#!/usr/bin/env bash
# Side-by-side benchmark (not part of the test suite): rss-report --refresh against newsboat and sfeed on
# the same feeds, served from loopback with a fixed latency per request, cold and then warm (second run,
# where conditional requests can answer 304).
#
#   Benchmarks/report-vs-newsboat-sfeed.sh [FEEDS] [LATENCY_MS] [ITEMS_PER_FEED]    (defaults 500 20 20)
#   RSS_REPORT_BIN=path/to/rss-report ...   skip the release build
#   HOSTS=N ...                             spread the feeds over 127.0.0.1 ... 127.0.0.N (default 10; 1 = one host)
#   FAST_304_MS=N ...                       latency of a 304 in the third run (default 2)
#   TOOLS="report newsboat" ...             which tools to time (default: report report-all newsboat sfeed)
#
# rss-report runs two ways, each on its own database: "report" is the cron line of docs/report.md
# (`--refresh --unread --mark-read --quiet`: what is new, once), "report-all" lists every article each time
# (`--refresh --format tsv`, 10,000 lines), more work than the other two tools do (they print nothing).
# Its warm runs add `--force`: a run just after the cold one would otherwise skip every source as not due yet
# (the schedule, docs/activities.md#schedules) and send no request, while newsboat and sfeed ask every feed
# again; forced, rss-report too sends every conditional request and gets the 304s.
#
# The feeds are spread over several loopback addresses (all on this machine) because subscriptions in real life
# are on many hosts and rss-report, unlike the other two, never sends more than 2 requests at a time to one host;
# HOSTS=1 measures the one-host case.
#
# Installs newsboat and sfeed from Debian packages when missing (apt-get, through sudo when not root), builds
# rss-report in release mode, prints a table, and keeps the raw figures under benchmark-results/.
# Goals (issue 7): rss-report faster than both on the cold run; its warm run at least 5x faster than its cold run.
set -euo pipefail
cd "$(dirname "$0")/.."

feeds="${1:-500}"
latency_ms="${2:-20}"
items="${3:-20}"
hosts="${HOSTS:-10}"
fast_304_ms="${FAST_304_MS:-2}"
tools="${TOOLS:-report report-all newsboat sfeed}"
jobs=8

install_missing() {
    local missing=()
    command -v newsboat >/dev/null 2>&1 || missing+=(newsboat)
    command -v sfeed_update >/dev/null 2>&1 || missing+=(sfeed)
    command -v curl >/dev/null 2>&1 || missing+=(curl)
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "Installing ${missing[*]} (apt-get)..." >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
}

case " $tools " in *" newsboat "*|*" sfeed "*) install_missing ;; esac
command -v python3 >/dev/null || { echo "error: python3 is needed for the feed server" >&2; exit 1; }
report="${RSS_REPORT_BIN:-}"   # an already built rss-report, to skip the release build
if [ -z "$report" ]; then
    echo "Building rss-report (release)..." >&2
    swift build -c release --product rss-report >&2
    report="$(swift build -c release --show-bin-path)/rss-report"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# --- The feeds: FEEDS RSS documents of ITEMS items each, every item unique.
python3 - "$work/feeds" "$feeds" "$items" <<'PY'
import os, sys
from email.utils import formatdate
root, count, items = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(root, exist_ok=True)
base = 1_700_000_000
for n in range(count):
    entries = []
    for k in range(items):
        when = formatdate(base - (n * items + k) * 600, usegmt=True)
        entries.append(
            f"<item><title>Feed {n} article {k}: a title of ordinary length for a benchmark</title>"
            f"<link>http://127.0.0.1/articles/{n}/{k}</link><guid>urn:bench:{n}:{k}</guid>"
            f"<pubDate>{when}</pubDate><description>{'Some text of the article body. ' * 12}</description></item>")
    with open(os.path.join(root, f"{n}.xml"), "w") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
                f"<title>Benchmark feed {n}</title><link>http://127.0.0.1/{n}</link>"
                f"<description>feed {n}</description>{''.join(entries)}</channel></rss>")
PY

# --- The server: static feeds with ETag and Last-Modified, 304 on a match, LATENCY_MS before a 200 and the
# number of milliseconds in the file "latency-304" before a 304 (so that one server serves both warm runs); one
# listening socket per loopback address, all on the same port.
cat > "$work/server.py" <<'PY'
import hashlib, os, sys, threading, time
from email.utils import formatdate
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

root, latency, latency_304_file, hosts = sys.argv[1], int(sys.argv[2]) / 1000, sys.argv[3], int(sys.argv[4])
LAST_MODIFIED = formatdate(1_700_000_000, usegmt=True)
cache = {}

class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body leave in two writes; with Nagle's algorithm the body then waits for the client's
    # delayed ACK of the headers (about 40 ms on Linux), which real servers (one writev) never do and which
    # made every cold run here three times slower than the latency asks.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        name = os.path.basename(self.path.split("?")[0])
        path = os.path.join(root, name)
        if not os.path.isfile(path):
            self.send_error(404)
            return
        if name not in cache:
            with open(path, "rb") as f:
                body = f.read()
            cache[name] = (body, '"' + hashlib.sha1(body).hexdigest() + '"')
        body, etag = cache[name]
        if self.headers.get("If-None-Match") == etag or self.headers.get("If-Modified-Since") == LAST_MODIFIED:
            with open(latency_304_file) as f:
                time.sleep(int(f.read()) / 1000)
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        time.sleep(latency)
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", LAST_MODIFIED)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024

first = Server(("127.0.0.1", 0), Handler)
port = first.server_address[1]
servers = [first] + [Server((f"127.0.0.{n}", port), Handler) for n in range(2, hosts + 1)]
for server in servers[1:]:
    threading.Thread(target=server.serve_forever, daemon=True).start()
print(port, flush=True)
first.serve_forever()
PY
echo "$latency_ms" > "$work/latency-304"
python3 "$work/server.py" "$work/feeds" "$latency_ms" "$work/latency-304" "$hosts" > "$work/port" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port="$(head -n 1 "$work/port")"
url() { echo "http://127.0.0.$(( $1 % hosts + 1 )):$port/$1.xml"; }
curl -fsS "$(url 0)" >/dev/null

# --- The same subscriptions for the three tools.
{
    echo '<?xml version="1.0"?><opml version="2.0"><head><title>bench</title></head><body>'
    for n in $(seq 0 $((feeds - 1))); do echo "<outline text=\"f$n\" type=\"rss\" xmlUrl=\"$(url "$n")\"/>"; done
    echo '</body></opml>'
} > "$work/feeds.opml"
for n in $(seq 0 $((feeds - 1))); do url "$n"; done > "$work/newsboat-urls"
printf 'reload-threads %s\n' "$jobs" > "$work/newsboat-config"
{
    echo "sfeedpath=\"$work/sfeed\""
    echo "maxjobs=$jobs"
    echo "feeds() {"
    for n in $(seq 0 $((feeds - 1))); do echo "    feed \"f$n\" \"$(url "$n")\""; done
    echo "}"
} > "$work/sfeedrc"

# --- Timing: "wall (cpu)" seconds of one command (cpu = user + system of the tool and its children), its
# status kept.
seconds() {
    local status TIMEFORMAT='%R %U %S'
    set +e
    { time "$@" >"$work/out" 2>"$work/err"; } 2>"$work/time"
    status=$?
    set -e
    awk '{ printf "%.2f (%.2f)", $1, $2 + $3 }' "$work/time"
    [ "$status" -eq 0 ] || printf ' exit %s' "$status"
}

# The warm runs set force=(--force) (see the header).
force=()
run_report() {
    "$report" --db "$work/rss-report.sqlite" --opml "$work/feeds.opml" --refresh "${force[@]}" --unread --mark-read --quiet
}
run_report-all() {
    "$report" --db "$work/rss-report-all.sqlite" --opml "$work/feeds.opml" --refresh "${force[@]}" --quiet --format tsv
}
run_newsboat() { newsboat -C "$work/newsboat-config" -u "$work/newsboat-urls" -c "$work/newsboat-cache.db" -x reload; }
run_sfeed() { sfeed_update "$work/sfeedrc"; }

echo "Timing $feeds feeds of $items items on $hosts loopback address(es), ${latency_ms} ms per answer, $jobs jobs..." >&2
declare -A cold warm fast label
label[report]="rss-report (cron)"
label[report-all]="rss-report (all, tsv)"
label[newsboat]="newsboat -x reload"
label[sfeed]="sfeed_update"
for tool in $tools; do
    echo "$latency_ms" > "$work/latency-304"
    force=()
    cold[$tool]="$(seconds "run_$tool")"
    force=(--force)
    warm[$tool]="$(seconds "run_$tool")"
    echo "$fast_304_ms" > "$work/latency-304"
    fast[$tool]="$(seconds "run_$tool")"
done

mkdir -p benchmark-results
results="benchmark-results/report-vs-newsboat-sfeed-$(date +%Y%m%d-%H%M%S).txt"
{
    echo "$feeds feeds x $items items on 127.0.0.1-$hosts, $jobs parallel fetches; seconds wall (cpu)"
    echo "cold: ${latency_ms} ms before every answer; warm (rss-report with --force): the same for the 304s;" \
        "warm, fast 304: ${fast_304_ms} ms before a 304"
    printf '%-22s %15s %15s %10s %20s %10s\n' "tool" "cold" "warm" "warm/cold" "warm, fast 304" "fast/cold"
    for tool in $tools; do
        ratio="$(awk -v c="${cold[$tool]%% *}" -v w="${warm[$tool]%% *}" 'BEGIN { printf "%.2f", w / c }')"
        fast_ratio="$(awk -v c="${cold[$tool]%% *}" -v w="${fast[$tool]%% *}" 'BEGIN { printf "%.2f", w / c }')"
        printf '%-22s %15s %15s %10s %20s %10s\n' "${label[$tool]}" "${cold[$tool]}" "${warm[$tool]}" "$ratio" \
            "${fast[$tool]}" "$fast_ratio"
    done
    echo "goals: rss-report cold < newsboat cold and < sfeed cold; rss-report warm <= cold / 5"
} | tee "$results"
echo "(kept in $results)" >&2
