#!/usr/bin/env python3
"""Drive RSS Guard 4.0.4 (Debian's `rssguard`, a Qt reader) against rss-serve, headless, and read back
what it stored in its own database.

    rssguard_driver.py setup PROFILE_DIR KIND BASE_URL USER PASSWORD
        KIND: greader-other | greader-freshrss | nextcloud
    rssguard_driver.py sync PROFILE_DIR [--timeout S]
    rssguard_driver.py star PROFILE_DIR TITLE [--timeout S]
    rssguard_driver.py mark-read PROFILE_DIR TITLE [--timeout S]
    (each run command also takes --shots DIR: screenshots of the virtual screen at each step)

`setup` writes a fresh profile for `rssguard -d PROFILE_DIR`: `config/config.ini` (no first-run
notices, no update check, no tray, no notifications, no article preview, the keys used below, and an
application proxy: the driver's own, started by each run, which passes requests for the server on and
refuses any other, so nothing but the server is reached),
`config/key.private` (the profile's key) and `database/database.db` (RSS Guard's schema, version 1, with one
account whose password is encrypted with that key, the way RSS Guard encrypts it).

The run commands start their own Xvfb (`-displayfd`: a free display), RSS Guard on it (as root with
QTWEBENGINE_DISABLE_SANDBOX=1; HOME and XDG dirs inside PROFILE_DIR/run), follow its debug log (`-l`), press
keys after `xdotool windowfocus --sync`, close it with its Quit key (Ctrl+Q) so it stops its updates and
closes its database, then print JSON read from that database with sqlite3:
  ok, error          the verdict (error is null on success)
  account            type, custom_data without the password, pending_marks_file (marks not yet sent)
  feeds              title, custom_id (greader: feed/URL; nextcloud: the feed id), url
  messages           title, custom_id, custom_hash, is_read, is_important (= starred), feed, feed_title, ...
  requests           what RSS Guard sent to the server, as its proxy saw it: method, path and query, status,
                     auth scheme, content type, body (passwords masked), time
  blocked_requests   what it tried beyond the server (icon services, favicons), refused
  sign_in_errors, fetch_errors   matching lines of RSS Guard's log; log: that log's path; events: timings
  star / mark-read add target, changed_in_app (rows whose flags changed) and mark_requests.
`sync`: RSS Guard syncs the folders and feeds when the account has none yet (the first run), then fetches
all (feeds_update_on_startup, 3 s after start). `star`/`mark-read`: after that sync, the article is picked
as a user would: Shift+Tab x4 to the article search box, the title typed as ^title$, Shift+Tab x4 back to
the feeds list (focus selects the account: all its articles, filtered), Tab into the article list (focus
selects its first row: the article, which RSS Guard marks read on selection, as it always does), then the
star key (Ctrl+Alt+I) or the read key (Ctrl+Alt+R), then Ctrl+Shift+U ("fetch all"), before which RSS
Guard sends the marks it cached. --timeout bounds the whole run (closing may take up to 15 s more). Every
child runs in its own process group with a parent-death signal and is killed when the driver ends,
however it ends. Exit status: 0 success, 1 the sync or the mark failed (reason in "error" and on stderr),
2 bad usage. Files of each run: PROFILE_DIR/run/ (rssguard-*.log, proxy.jsonl, xvfb.log).

What it learnt of RSS Guard 4.0.4 came from its source (github.com/martinrotter/rssguard, tag 4.0.4):
  resources/sql/db_init_sqlite.sql                      tables and columns, schema_version 1
  src/librssguard/database/sqlitedriver.cpp             database/database.db under the data folder;
                                                        an existing schema_version means no initialisation
  src/librssguard/database/databasequeries.{h,cpp}      Accounts.type, custom_data as a JSON object
  src/librssguard/definitions/definitions.h             "greader", "owncloud", key.private, config/config.ini
  src/librssguard/miscellaneous/application.cpp         -d (custom data folder), -l (log file), first runs
  src/librssguard/miscellaneous/settings.{h,cpp}        settings groups, keys and defaults; key file beside config.ini
  src/librssguard/miscellaneous/textfactory.cpp         TextFactory::encrypt with the key from key.private
  src/librssguard/3rd-party/sc/simplecrypt.cpp          the cipher text's format (version 3, flags, chained xor)
  src/librssguard/miscellaneous/feedreader.cpp          feeds_update_on_startup, the cache sync on the timer
  src/librssguard/core/feeddownloader.cpp               marks cached are sent before each update; log lines
  src/librssguard/services/greader/greaderserviceroot.cpp  custom_data keys: service, username, password, url,
                                                        batch_size, download_only_unread,
                                                        intelligent_synchronization, fetch_newer_than
  src/librssguard/services/greader/greaderserviceroot.h    service numbers (FreshRSS 1, Other 1024)
  src/librssguard/services/greader/greadernetwork.cpp      paths; FreshRSS adds api/greader.php/; the
                                                        one-year default of "newer than"; login messages
  src/librssguard/services/owncloud/owncloudserviceroot.cpp  custom_data keys: auth_username, auth_password,
                                                        url, force_update, batch_size, download_only_unread
  src/librssguard/services/owncloud/owncloudnetworkfactory.cpp  index.php/apps/news/api/v1-2/ paths
  src/librssguard/gui/dialogs/formmain.ui, dynamic-shortcuts/dynamicshortcuts.cpp  actions and [keyboard]
  src/librssguard/gui/messagesview.cpp, core/messagesproxymodel.cpp  selecting an article marks it read;
                                                        the search box filters on lower-cased columns
  src/librssguard/network-web/webfactory.cpp, networkfactory.cpp  application proxy; icon look-ups
Python 3 standard library only (sqlite3 included); needs rssguard, xvfb (Xvfb), xdotool (and imagemagick's
`import` for --shots).
"""

import argparse
import base64
import ctypes
import hashlib
import http.client
import http.server
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
import zlib

KINDS = ("greader-other", "greader-freshrss", "nextcloud")
APP_VERSION = "4.0.4"
# Oldest date RSS Guard's account dialog offers for "only articles newer than"; its default is a year ago.
NEWER_THAN = "2000-01-01"
# Keys given to actions that have none by default ([keyboard] in config.ini, as Settings > Keyboard does).
KEY_STAR = "ctrl+alt+i"          # m_actionSwitchImportanceOfSelectedMessages
KEY_READ = "ctrl+alt+r"          # m_actionMarkSelectedMessagesAsRead
KEY_UPDATE_ALL = "ctrl+shift+u"  # m_actionUpdateAllItems (default)
KEY_QUIT = "ctrl+q"              # m_actionQuit (default)


def die(msg, code=2):
    print(f"rssguard_driver: {msg}", file=sys.stderr)
    sys.exit(code)


# ---------------------------------------------------------------------------------------------------------
# Passwords: RSS Guard's stored form (a version-3 SimpleCrypt text keyed by the profile's 64-bit key).
# Layout: 0x03, flags (compressed | sha1), then bytes xor-chained with the key's bytes (little end first):
# one random byte, the SHA-1 of the payload, the payload = Qt's qCompress (4-byte big-endian length, zlib).

def _key_bytes(key):
    return [(key >> (8 * i)) & 0xFF for i in range(8)]


def encrypt_password(text, key):
    data = text.encode("utf-8")
    payload = len(data).to_bytes(4, "big") + zlib.compress(data, 9) if data else b"\0\0\0\0"
    plain = bytes([secrets.randbelow(256)]) + hashlib.sha1(payload).digest() + payload
    kb, out, last = _key_bytes(key), bytearray(), 0
    for i, b in enumerate(plain):
        c = b ^ kb[i % 8] ^ last
        out.append(c)
        last = c
    return base64.b64encode(bytes([0x03, 0x01 | 0x04]) + bytes(out)).decode("ascii")


def decrypt_password(text, key):
    raw = base64.b64decode(text)
    if len(raw) < 3 or raw[0] != 3:
        raise ValueError("not a version-3 cipher text")
    flags, body = raw[1], raw[2:]
    kb, plain, last = _key_bytes(key), bytearray(), 0
    for i, c in enumerate(body):
        plain.append(c ^ kb[i % 8] ^ last)
        last = c
    plain = bytes(plain[1:])
    if flags & 0x04:
        digest, plain = plain[:20], plain[20:]
        if hashlib.sha1(plain).digest() != digest:
            raise ValueError("integrity check failed")
    if flags & 0x01:
        plain = zlib.decompress(plain[4:]) if len(plain) > 4 else b""
    return plain.decode("utf-8")


# ---------------------------------------------------------------------------------------------------------
# Profile layout.

SCHEMA = [
    "CREATE TABLE Information (inf_key TEXT NOT NULL UNIQUE, inf_value TEXT)",
    "INSERT INTO Information VALUES ('schema_version', '1')",
    """CREATE TABLE Accounts (id INTEGER PRIMARY KEY, type TEXT NOT NULL, proxy_type INTEGER NOT NULL DEFAULT 0,
        proxy_host TEXT, proxy_port INTEGER, proxy_username TEXT, proxy_password TEXT, custom_data TEXT)""",
    """CREATE TABLE Categories (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL, title TEXT NOT NULL,
        description TEXT, date_created BIGINT, icon BLOB, account_id INTEGER NOT NULL, custom_id TEXT,
        FOREIGN KEY (account_id) REFERENCES Accounts (id) ON DELETE CASCADE)""",
    """CREATE TABLE Feeds (id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT, date_created BIGINT,
        icon BLOB, category INTEGER NOT NULL, source TEXT, update_type INTEGER NOT NULL,
        update_interval INTEGER NOT NULL DEFAULT 15, account_id INTEGER NOT NULL, custom_id TEXT NOT NULL,
        custom_data TEXT, FOREIGN KEY (account_id) REFERENCES Accounts (id) ON DELETE CASCADE)""",
    """CREATE TABLE Messages (id INTEGER PRIMARY KEY, is_read INTEGER NOT NULL DEFAULT 0,
        is_important INTEGER NOT NULL DEFAULT 0, is_deleted INTEGER NOT NULL DEFAULT 0,
        is_pdeleted INTEGER NOT NULL DEFAULT 0, feed TEXT NOT NULL, title TEXT NOT NULL, url TEXT, author TEXT,
        date_created BIGINT NOT NULL, contents TEXT, enclosures TEXT, score REAL NOT NULL DEFAULT 0.0,
        account_id INTEGER NOT NULL, custom_id TEXT, custom_hash TEXT,
        FOREIGN KEY (account_id) REFERENCES Accounts (id) ON DELETE CASCADE)""",
    """CREATE TABLE MessageFilters (id INTEGER PRIMARY KEY, name TEXT NOT NULL, script TEXT NOT NULL)""",
    """CREATE TABLE MessageFiltersInFeeds (filter INTEGER NOT NULL, feed_custom_id TEXT NOT NULL,
        account_id INTEGER NOT NULL, FOREIGN KEY (filter) REFERENCES MessageFilters (id) ON DELETE CASCADE,
        FOREIGN KEY (account_id) REFERENCES Accounts (id) ON DELETE CASCADE)""",
    """CREATE TABLE Labels (id INTEGER PRIMARY KEY, name TEXT NOT NULL, color VARCHAR(7), custom_id TEXT,
        account_id INTEGER NOT NULL, FOREIGN KEY (account_id) REFERENCES Accounts (id) ON DELETE CASCADE)""",
    """CREATE TABLE LabelsInMessages (label TEXT NOT NULL, message TEXT NOT NULL, account_id INTEGER NOT NULL,
        FOREIGN KEY (account_id) REFERENCES Accounts (id) ON DELETE CASCADE)""",
]

# QSettings INI, groups as RSS Guard names them. The proxy port is filled in by each run.
CONFIG = {
    "main": {"first_run": "false", f"first_run_{APP_VERSION}": "false", "update_on_start": "false"},
    "gui": {"use_tray_icon": "false", "enable_notifications": "false", "start_hidden": "false"},
    "feeds": {"feeds_update_on_startup": "true", "feeds_update_on_startup_delay": "3",
              "auto_update_enabled": "false", "show_only_unread_feeds": "false"},
    "messages": {"enable_message_preview": "false", "show_only_unread_messages": "false",
                 "clear_read_on_exit": "false"},
    "database": {"database_driver": "QSQLITE", "use_in_memory_db": "false"},
    "adblock": {"enabled": "false"},
    # HttpProxy (3): the run's refusing proxy, so no icon service or page is reached beyond the server.
    "proxy": {"proxy_type": "3", "host": "127.0.0.1", "port": "9"},
    "keyboard": {"m_actionSwitchImportanceOfSelectedMessages": "Ctrl+Alt+I",
                 "m_actionMarkSelectedMessagesAsRead": "Ctrl+Alt+R"},
}


def ini_text(groups):
    out = []
    for group, values in groups.items():
        out.append(f"[{group}]")
        out.extend(f"{k}={v}" for k, v in values.items())
        out.append("")
    return "\n".join(out)


def ini_set(path, group, key, value):
    """Sets one key in a QSettings INI file RSS Guard may have rewritten, leaving every other line as is."""
    lines = open(path, encoding="utf-8").read().splitlines() if os.path.exists(path) else []
    out, in_group, done, seen_group = [], False, False, False
    for line in lines:
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            if in_group and not done:
                out.append(f"{key}={value}")
                done = True
            in_group = s[1:-1] == group
            seen_group = seen_group or in_group
        elif in_group and s.split("=", 1)[0].strip() == key:
            if not done:
                out.append(f"{key}={value}")
                done = True
            continue
        out.append(line)
    if not done:
        if in_group:
            out.append(f"{key}={value}")
        else:
            out += ([""] if out and out[-1] else []) + [f"[{group}]", f"{key}={value}"]
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    os.replace(path + ".tmp", path)


def account_row(kind, base_url, user, password, key):
    if kind == "nextcloud":
        data = {"auth_username": user, "auth_password": encrypt_password(password, key), "url": base_url,
                "force_update": False, "batch_size": -1, "download_only_unread": False}
        return "owncloud", data
    service = 1 if kind == "greader-freshrss" else 1024
    data = {"service": service, "username": user, "password": encrypt_password(password, key),
            "url": base_url, "batch_size": -1, "download_only_unread": False,
            "intelligent_synchronization": True, "fetch_newer_than": NEWER_THAN}
    return "greader", data


def cmd_setup(profile, kind, base_url, user, password):
    if kind not in KINDS:
        die(f"KIND must be one of {', '.join(KINDS)}")
    if not re.match(r"^https?://", base_url):
        die("BASE_URL must start with http:// or https://")
    if os.path.exists(profile) and os.listdir(profile):
        shutil.rmtree(profile)
    os.makedirs(os.path.join(profile, "config"), exist_ok=True)
    os.makedirs(os.path.join(profile, "database"), exist_ok=True)
    key = secrets.randbits(64) or 1
    with open(os.path.join(profile, "config", "key.private"), "w") as f:
        f.write(str(key))
    with open(os.path.join(profile, "config", "config.ini"), "w", encoding="utf-8") as f:
        f.write(ini_text(CONFIG))
    account_type, data = account_row(kind, base_url, user, password, key)
    db = sqlite3.connect(os.path.join(profile, "database", "database.db"))
    with db:
        for statement in SCHEMA:
            db.execute(statement)
        db.execute("INSERT INTO Accounts (type, proxy_type, custom_data) VALUES (?, 0, ?)",
                   (account_type, json.dumps(data, indent=4)))
    db.close()
    with open(os.path.join(profile, "driver.json"), "w") as f:
        json.dump({"kind": kind, "base_url": base_url, "user": user}, f)
    assert decrypt_password(data.get("password") or data["auth_password"], key) == password
    print(json.dumps({"profile": os.path.abspath(profile), "kind": kind, "account_type": account_type,
                      "custom_data": {k: v for k, v in data.items() if "password" not in k}}))


# ---------------------------------------------------------------------------------------------------------
# The run's application proxy. Qt sends every request through it, loopback included: requests for the
# server (BASE_URL's host and port) are passed on and recorded (method, path, status), any other is
# refused with 403 and recorded as blocked (RSS Guard asks an icon service for each feed's site).

HOP_HEADERS = {"connection", "proxy-connection", "keep-alive", "proxy-authorization", "proxy-authenticate",
               "te", "trailer", "transfer-encoding", "upgrade"}


class GuardProxy:
    def __init__(self, allowed, log_path, t0):
        self.allowed = allowed          # (host, port) of the server
        self.t0 = t0
        self.records = []
        self.lock = threading.Lock()
        self.log = open(log_path, "a", encoding="utf-8")
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _record(self, **rec):
                rec["t"] = round(time.monotonic() - proxy.t0, 3)
                with proxy.lock:
                    proxy.records.append(rec)
                    proxy.log.write(json.dumps(rec) + "\n")
                    proxy.log.flush()

            def _refuse(self, target):
                self._record(method=self.command, url=target, status=403, blocked=True)
                body = b"blocked by rssguard_driver\n"
                self.send_response(403)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_CONNECT(self):
                host, _, port = self.path.rpartition(":")
                if (host.strip("[]").lower(), int(port) if port.isdigit() else -1) != proxy.allowed:
                    return self._refuse(self.path)
                try:
                    upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=30)
                except OSError:
                    self._record(method="CONNECT", url=self.path, status=502, blocked=False)
                    self.send_response(502)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self._record(method="CONNECT", url=self.path, status=200, blocked=False)
                self.send_response(200, "Connection established")
                self.end_headers()
                self.close_connection = True
                pipe(self.connection, upstream)

            def _forward(self):
                target = urllib.parse.urlsplit(self.path)
                if target.scheme != "http" or ((target.hostname or "").lower(), target.port or 80) != proxy.allowed:
                    length = int(self.headers.get("Content-Length") or 0)
                    if length:
                        self.rfile.read(length)
                    return self._refuse(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_HEADERS}
                path = target.path + ("?" + target.query if target.query else "")
                started = time.monotonic()
                upstream_error = None
                try:
                    conn = http.client.HTTPConnection(target.hostname, target.port or 80, timeout=60)
                    conn.request(self.command, path, body=body, headers=headers)
                    resp = conn.getresponse()
                    data = resp.read()
                    status, reason, resp_headers = resp.status, resp.reason, resp.getheaders()
                    conn.close()
                except OSError as e:
                    upstream_error = str(e) or type(e).__name__
                    status, reason, resp_headers, data = 502, "Bad Gateway", [], upstream_error.encode()
                auth = self.headers.get("Authorization", "")
                self._record(method=self.command, url=redact(path), status=status, blocked=False,
                             auth=auth.split(" ", 1)[0] or None,            # the scheme, never the secret
                             content_type=self.headers.get("Content-Type"),
                             body=redact_body(body), body_bytes=len(body or b""),
                             ms=round((time.monotonic() - started) * 1000),
                             **({"upstream_error": upstream_error} if upstream_error else {}))
                self.send_response(status, reason)
                for k, v in resp_headers:
                    if k.lower() not in HOP_HEADERS and k.lower() != "content-length":
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = _forward

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = None

    def serve(self):
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def since(self, mark):
        """Records made after time.monotonic() was `mark`."""
        with self.lock:
            return [r for r in self.records if r["t"] >= mark - self.t0]

    def close(self):
        if self.thread:
            self.server.shutdown()
        self.server.server_close()
        self.log.close()


def pipe(a, b):
    def copy(src, dst):
        try:
            while True:
                chunk = src.recv(65536)
                if not chunk:
                    break
                dst.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
    t = threading.Thread(target=copy, args=(b, a), daemon=True)
    t.start()
    copy(a, b)
    t.join(5)


def redact(path):
    """No password in the record: ClientLogin may carry Passwd in its query."""
    return re.sub(r"(?i)(passwd|password)=[^&]*", r"\1=***", path)


def redact_body(body):
    if not body:
        return None
    text = body[:600].decode("utf-8", "replace")
    return redact(text)


# ---------------------------------------------------------------------------------------------------------
# One run of RSS Guard on its own X display.

class Failure(Exception):
    pass


class Session:
    def __init__(self, profile, timeout, shots=None):
        self.profile = os.path.abspath(profile)
        meta_path = os.path.join(self.profile, "driver.json")
        if not os.path.exists(meta_path):
            die(f"{profile} is not a profile written by `setup`")
        self.meta = json.load(open(meta_path))
        self.deadline = time.monotonic() + timeout
        self.timeout = timeout
        self.shots = shots
        self.shot_no = 0
        self.procs = []
        self.proxy = None
        self.display = None
        self.window = None
        self.run_dir = os.path.join(self.profile, "run")
        os.makedirs(self.run_dir, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.log_path = os.path.join(self.run_dir, f"rssguard-{stamp}-{os.getpid()}.log")
        self.out_path = os.path.join(self.run_dir, f"rssguard-{stamp}-{os.getpid()}.out")
        self.events = []
        self.t0 = time.monotonic()

    # -- time and bookkeeping
    def remaining(self):
        return self.deadline - time.monotonic()

    def note(self, what):
        self.events.append({"t": round(time.monotonic() - self.t0, 2), "event": what})

    # -- start and stop
    def start(self):
        base = urllib.parse.urlsplit(self.meta["base_url"])
        allowed = ((base.hostname or "").lower(), base.port or (443 if base.scheme == "https" else 80))
        self.proxy = GuardProxy(allowed, os.path.join(self.run_dir, "proxy.jsonl"), self.t0)
        config = os.path.join(self.profile, "config", "config.ini")
        ini_set(config, "proxy", "proxy_type", "3")
        ini_set(config, "proxy", "host", "127.0.0.1")
        ini_set(config, "proxy", "port", str(self.proxy.port))
        # Children first, threads after: the children are forked with a death signal set (preexec).
        self.start_xvfb()
        self.start_rssguard()
        self.proxy.serve()

    def spawn(self, argv, **kw):
        p = subprocess.Popen(argv, start_new_session=True, stdin=subprocess.DEVNULL,
                             preexec_fn=die_with_parent, **kw)
        self.procs.append(p)
        return p

    def start_xvfb(self):
        if not shutil.which("Xvfb"):
            raise Failure("Xvfb is not installed (apt-get install xvfb)")
        r, w = os.pipe()
        xlog = open(os.path.join(self.run_dir, "xvfb.log"), "ab")
        self.spawn(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp",
                    "-noreset"], pass_fds=(w,), stdout=xlog, stderr=xlog)
        os.close(w)
        buf = b""
        end = time.monotonic() + min(20, max(1, self.remaining()))
        os.set_blocking(r, False)
        while time.monotonic() < end and not buf.endswith(b"\n"):
            try:
                chunk = os.read(r, 32)
                if not chunk:
                    break
                buf += chunk
            except BlockingIOError:
                time.sleep(0.05)
        os.close(r)
        if not buf.strip().isdigit():
            raise Failure("Xvfb did not start (see run/xvfb.log)")
        self.display = ":" + buf.strip().decode()
        self.note(f"Xvfb on {self.display}")

    def env(self):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DBUS_", "QT_", "XDG_", "WAYLAND")) and k.lower() not in
               ("http_proxy", "https_proxy", "all_proxy", "no_proxy")}
        home = os.path.join(self.run_dir, "home")
        runtime = os.path.join(self.run_dir, "xdg-runtime")
        for d in (home, runtime):
            os.makedirs(d, exist_ok=True)
        os.chmod(runtime, 0o700)
        env.update({
            "DISPLAY": self.display, "HOME": home, "XDG_RUNTIME_DIR": runtime,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"), "XDG_DATA_HOME": os.path.join(home, ".local/share"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"), "QT_QPA_PLATFORM": "xcb",
            # QtWebEngine's sandbox cannot start as root, nor in most containers.
            "QTWEBENGINE_DISABLE_SANDBOX": "1", "NO_AT_BRIDGE": "1", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
        })
        return env

    def start_rssguard(self):
        exe = shutil.which("rssguard")
        if not exe:
            raise Failure("rssguard is not installed (apt-get install rssguard)")
        out = open(self.out_path, "ab")
        self.rssguard = self.spawn([exe, "-d", self.profile, "-l", self.log_path], stdout=out, stderr=out,
                                   env=self.env(), cwd=self.run_dir)
        self.note("rssguard started")

    def kill_all(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except (ProcessLookupError, PermissionError):
                    pass
        end = time.monotonic() + 5
        for p in reversed(self.procs):
            try:
                p.wait(max(0.1, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(p.pid, signal.SIGKILL)   # whatever is left in its group (QtWebEngineProcess)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                p.wait(2)
            except subprocess.TimeoutExpired:
                pass
        if self.proxy:
            self.proxy.close()
            self.proxy = None

    # -- the log
    def log_text(self):
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def log_mark(self):
        return len(self.log_text())

    def wait_log(self, pattern, since=0, timeout=None, what=None, fail_patterns=()):
        end = time.monotonic() + (timeout if timeout is not None else self.remaining())
        end = min(end, self.deadline)
        rx = re.compile(pattern)
        while True:
            text = self.log_text()[since:]
            m = rx.search(text)
            if m:
                return since + m.end(), m
            for fp in fail_patterns:
                fm = re.search(fp, text)
                if fm:
                    raise Failure(f"RSS Guard logged: {line_at(text, fm.start())}")
            if self.rssguard.poll() is not None:
                raise Failure(f"rssguard exited with status {self.rssguard.returncode} "
                              f"while waiting for {what or pattern}")
            if time.monotonic() > end:
                raise Failure(f"timed out waiting for {what or pattern}")
            time.sleep(0.1)

    # -- X
    def x(self, *args, timeout=10, check=True):
        env = dict(os.environ, DISPLAY=self.display)
        r = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True,
                           timeout=max(1, min(timeout, self.remaining())), stdin=subprocess.DEVNULL)
        if check and r.returncode != 0:
            raise Failure(f"xdotool {' '.join(args)} failed: {r.stderr.strip()}")
        return r.stdout

    def find_window(self):
        if not shutil.which("xdotool"):
            raise Failure("xdotool is not installed (apt-get install xdotool)")
        while self.remaining() > 0:
            out = self.x("search", "--onlyvisible", "--name", "^RSS Guard", check=False, timeout=5).split()
            if out:
                self.window = out[0]
                return self.window
            if self.rssguard.poll() is not None:
                raise Failure(f"rssguard exited with status {self.rssguard.returncode} before its window showed")
            time.sleep(0.2)
        raise Failure("timed out waiting for RSS Guard's window")

    def visible_windows(self):
        ids = self.x("search", "--onlyvisible", "--name", ".", check=False).split()
        names = []
        for wid in ids:
            name = self.x("getwindowname", wid, check=False).strip()
            if name:
                names.append(name)
        return names

    def focus(self):
        self.x("windowfocus", "--sync", self.window, timeout=5)

    def key(self, *keys):
        self.focus()
        self.x("key", "--delay", "80", *keys)
        self.note("keys " + " ".join(keys))

    def type_text(self, text):
        self.focus()
        self.x("type", "--delay", "30", "--", text, timeout=30)
        self.note(f"typed {text!r}")

    def shot(self, label):
        if not self.shots:
            return
        os.makedirs(self.shots, exist_ok=True)
        self.shot_no += 1
        path = os.path.join(self.shots, f"{self.shot_no:02d}-{label}.png")
        tool = shutil.which("import")
        if tool:
            subprocess.run([tool, "-display", self.display, "-window", "root", path],
                           capture_output=True, timeout=20, stdin=subprocess.DEVNULL)

    def quit(self):
        """Ctrl+Q, as a user quits: RSS Guard then stops its updates and closes its database."""
        if self.rssguard.poll() is not None:
            return self.rssguard.returncode
        try:
            if self.window:
                self.key(KEY_QUIT)
            self.rssguard.wait(max(1, min(30, self.remaining() + 15)))
            self.note("rssguard quit")
        except (Failure, subprocess.TimeoutExpired, subprocess.SubprocessError):
            self.note("rssguard did not quit on Ctrl+Q: SIGTERM")
            try:
                os.killpg(self.rssguard.pid, signal.SIGTERM)
                self.rssguard.wait(10)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(self.rssguard.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.rssguard.wait(5)
        return self.rssguard.returncode


try:
    _PRCTL = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError):
    _PRCTL = None


def die_with_parent():
    """In the child before exec: SIGKILL it when the driver dies, even by SIGKILL (Linux prctl)."""
    if _PRCTL is not None:
        _PRCTL(1, int(signal.SIGKILL), 0, 0, 0)   # PR_SET_PDEATHSIG


def line_at(text, pos):
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start:end if end >= 0 else len(text)].strip()


# ---------------------------------------------------------------------------------------------------------
# Reading RSS Guard's database.

def db_connect(profile):
    path = os.path.join(profile, "database", "database.db")
    db = sqlite3.connect(f"file:{urllib.parse.quote(path)}?mode=ro", uri=True, timeout=10)
    db.row_factory = sqlite3.Row
    return db


def db_state(profile):
    db = db_connect(profile)
    try:
        acc = db.execute("SELECT id, type, custom_data FROM Accounts ORDER BY id LIMIT 1").fetchone()
        data = json.loads(acc["custom_data"] or "{}") if acc else {}
        account = None
        if acc:
            account = {"id": acc["id"], "type": acc["type"],
                       "custom_data": {k: v for k, v in data.items() if "password" not in k},
                       "pending_marks_file": os.path.exists(
                           os.path.join(profile, f"{acc['id']}-cached-msgs.dat"))}
        feeds = [dict(r) for r in db.execute(
            "SELECT id, title, custom_id, source AS url, category FROM Feeds ORDER BY id")]
        categories = [dict(r) for r in db.execute("SELECT id, title, custom_id, parent_id FROM Categories")]
        labels = [dict(r) for r in db.execute("SELECT id, name, custom_id FROM Labels")]
        messages = [dict(r) for r in db.execute(
            """SELECT Messages.id, Messages.title, Messages.custom_id, Messages.custom_hash, Messages.is_read,
                      Messages.is_important, Messages.is_deleted, Messages.feed, Feeds.title AS feed_title,
                      Messages.url, Messages.date_created
               FROM Messages LEFT JOIN Feeds ON Messages.feed = Feeds.custom_id
                                            AND Messages.account_id = Feeds.account_id
               ORDER BY Messages.id""")]
        for m in messages:
            m["starred"] = bool(m["is_important"])
        return {"account": account, "feeds": feeds, "categories": categories, "labels": labels,
                "messages": messages}
    finally:
        db.close()


def messages_titled(profile, title):
    db = db_connect(profile)
    try:
        return [dict(r) for r in db.execute(
            "SELECT id, title, custom_id, is_read, is_important FROM Messages WHERE title = ? AND is_deleted = 0",
            (title,))]
    finally:
        db.close()


def message_flags(profile):
    db = db_connect(profile)
    try:
        return {r[0]: (r[1], r[2]) for r in db.execute("SELECT id, is_read, is_important FROM Messages")}
    finally:
        db.close()


# ---------------------------------------------------------------------------------------------------------
# Commands that run RSS Guard.

SIGN_IN_FAILURES = [
    r"greader: Login failed with error: [^\n]*",
    r"nextcloud: Obtaining of categories failed with error[^\n]*",
    r"nextcloud: Obtaining of feeds failed with error[^\n]*",
]
FETCH_FAILURES = [
    r"Error when fetching feed:[^\n]*",
    r"Unknown error when fetching feed:[^\n]*",
    r"greader: Cannot download [^\n]*",
    r"nextcloud: Obtaining messages failed[^\n]*",
]


def wait_update(session, since, what):
    """Waits for the end of one "fetch all": RSS Guard first sends the marks it holds, then fetches."""
    pos, _ = session.wait_log(r"Finished feed updates in thread", since=since, what=what)
    return pos


def errors_in(text, patterns):
    found = []
    for p in patterns:
        for m in re.finditer(p, text):
            found.append(m.group(0).strip())
    return found


def startup_sync(session):
    """RSS Guard syncs the account's folders and feeds as it starts (when it has none yet), then, after
    feeds_update_on_startup_delay, fetches all. If that fetch ran before the feeds were in, fetch again."""
    session.start()
    session.find_window()
    session.note("window " + session.window)
    session.shot("started")
    pos = wait_update(session, 0, "the fetch at start-up to finish")
    text = session.log_text()[:pos]
    session.note("fetch at start-up finished")
    state = db_state(session.profile)
    if "No feeds to update in worker thread" in text and state["feeds"]:
        time.sleep(0.5)   # the update lock is released just after the log line
        mark = session.log_mark()
        session.key(KEY_UPDATE_ALL)
        pos = wait_update(session, mark, "the fetch started with Ctrl+Shift+U to finish")
    session.shot("synced")
    others = [w for w in session.visible_windows() if not w.startswith("RSS Guard")]
    if others:
        session.note(f"other windows: {others}")
    return pos


def report(session, command, error=None, extra=None):
    text = session.log_text()
    state = {}
    try:
        state = db_state(session.profile)
    except sqlite3.Error as e:
        error = error or f"cannot read RSS Guard's database: {e}"
    records = session.proxy.records if session.proxy else getattr(session, "final_records", [])
    out = {
        "command": command, "ok": error is None, "error": error, "kind": session.meta["kind"],
        "base_url": session.meta["base_url"],
        "account": state.get("account"),
        "feeds": state.get("feeds", []),
        "categories": state.get("categories", []),
        "labels": state.get("labels", []),
        "messages": state.get("messages", []),
        "requests": [r for r in records if not r.get("blocked")],
        "blocked_requests": [r for r in records if r.get("blocked")],
        "sign_in_errors": errors_in(text, SIGN_IN_FAILURES),
        "fetch_errors": errors_in(text, FETCH_FAILURES),
        "rssguard_exit": getattr(session, "exit_status", None),
        "log": session.log_path, "events": session.events,
    }
    if extra:
        out.update(extra)
    return out


def sync_verdict(out):
    unreachable = [r for r in out["requests"] if r.get("upstream_error")]
    if unreachable:
        return f"the server at {out['base_url']} could not be reached: {unreachable[0]['upstream_error']}"
    if out["sign_in_errors"]:
        return "sign-in failed: " + out["sign_in_errors"][0]
    bad = [r for r in out["requests"] if r["status"] >= 400]
    if bad:
        return "the server refused: " + ", ".join(f"{r['method']} {r['url']} -> {r['status']}" for r in bad[:5])
    if out["fetch_errors"]:
        return "fetch failed: " + out["fetch_errors"][0]
    if not out["feeds"]:
        return "no feed was synced"
    return None


def run(command, profile, timeout, shots, action):
    session = Session(profile, timeout, shots)
    error, extra = None, {}
    try:
        extra = action(session) or {}
    except Failure as e:
        error = str(e)
        session.shot("failure")
    except subprocess.TimeoutExpired as e:
        error = f"timed out: {e}"
    finally:
        try:
            if session.display and getattr(session, "rssguard", None) is not None:
                session.exit_status = session.quit()
        except Exception as e:  # noqa: BLE001 - still kill everything below
            error = error or f"closing RSS Guard failed: {e}"
        if session.proxy:
            session.final_records = list(session.proxy.records)
        session.kill_all()
    out = report(session, command, error, extra)
    if out["error"] is None:
        out["error"] = sync_verdict(out) if command == "sync" else extra.get("verdict")
        out["ok"] = out["error"] is None
    print(json.dumps(out, indent=1, ensure_ascii=False))
    if not out["ok"]:
        print(f"rssguard_driver: {command} failed: {out['error']}", file=sys.stderr)
    return 0 if out["ok"] else 1


def cmd_sync(profile, timeout, shots):
    return run("sync", profile, timeout, shots, lambda s: (startup_sync(s), None)[1])


def mark_action(kind, title):
    """Selects the article in the list as a user does and presses the key, then "fetch all", which first
    sends the marks RSS Guard cached. Returns the outcome for the report."""

    def action(session):
        startup_sync(session)
        matches = messages_titled(session.profile, title)
        if not matches:
            raise Failure(f"no article titled {title!r} in RSS Guard's database after the sync")
        target = matches[0]
        before = message_flags(session.profile)
        already = bool(target["is_important"] if kind == "star" else target["is_read"])
        session.note(f"target {target['custom_id']} read={target['is_read']} starred={target['is_important']}")

        # The article search box: Shift+Tab four times from the window's first focus (the feeds list and the
        # article list are passed while the list is empty, so nothing is selected on the way).
        session.key(*(["shift+Tab"] * 4))
        pattern = "^" + re.escape(title.lower()) + "$"
        mark = session.log_mark()
        session.type_text(pattern)
        session.wait_log(r"Running search of messages with pattern", since=mark, timeout=10,
                         what="the article search box to take the title (focus not in the search box?)")
        session.shot("searched")
        # Back to the feeds list: focus entering it selects its first row, the account, which lists all its
        # articles, filtered to the title; then Tab into the article list selects its first row.
        mark = session.log_mark()
        session.key(*(["shift+Tab"] * 4))
        session.wait_log(r"Repopulated model", since=mark, timeout=10, what="the account's articles to load")
        time.sleep(0.5)
        mark = session.log_mark()
        session.key("Tab")
        session.wait_log(r"Current row changed - proxy 'QModelIndex\(0,", since=mark, timeout=10,
                         what="the article to be selected")
        time.sleep(0.5)
        session.shot("selected")
        key = KEY_STAR if kind == "star" else KEY_READ
        if kind == "star" and already:
            session.note("already starred: no key pressed")
        else:
            session.key(key)
        # The mark is in RSS Guard's database at once; check it landed on that article and no other.
        end = time.monotonic() + 10
        while True:
            now = message_flags(session.profile)
            flag = now[target["id"]][1 if kind == "star" else 0]
            if flag == 1 or time.monotonic() > end:
                break
            time.sleep(0.2)
        changed = {i: {"read": v[0], "starred": v[1]} for i, v in now.items() if before.get(i) != v}
        session.shot("marked")
        if flag != 1:
            raise Failure(f"the {kind} did not reach RSS Guard's database for {title!r}")
        stray = [i for i in changed if i != target["id"]]
        if stray:
            raise Failure(f"other articles changed too: {stray}")
        # Send it: "fetch all" (Ctrl+Shift+U) sends the cached marks first, then fetches.
        time.sleep(0.3)
        t_mark = time.monotonic()
        mark = session.log_mark()
        session.key(KEY_UPDATE_ALL)
        wait_update(session, mark, "the fetch that sends the mark to finish")
        sent = [r for r in session.proxy.since(t_mark) if not r.get("blocked")
                and re.search(r"edit-tag|items/(read|unread|star|unstar)/multiple", r["url"])]
        if kind == "star":
            carries = [r for r in sent if "star/multiple" in r["url"] or "com.google/starred" in (r.get("body") or "")]
        else:
            carries = [r for r in sent if "read/multiple" in r["url"] or "com.google/read" in (r.get("body") or "")]
        pending = db_state(session.profile)["account"]["pending_marks_file"]
        verdict = None
        if any(r["status"] >= 300 for r in sent):
            verdict = "the server refused the mark: " + ", ".join(
                f"{r['method']} {r['url']} -> {r['status']}" for r in sent)
        elif not carries and not already:
            verdict = f"RSS Guard sent no {kind} mark to the server"
        elif pending:
            verdict = "RSS Guard still holds marks it could not send"
        return {"target": {"title": title, "custom_id": target["custom_id"], "was_marked_before": already},
                "changed_in_app": changed, "mark_requests": sent, "verdict": verdict}

    return action


def main(argv):
    ap = argparse.ArgumentParser(prog="rssguard_driver.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("setup")
    p.add_argument("profile")
    p.add_argument("kind", choices=KINDS)
    p.add_argument("base_url")
    p.add_argument("user")
    p.add_argument("password")
    for name in ("sync", "star", "mark-read"):
        p = sub.add_parser(name)
        p.add_argument("profile")
        if name != "sync":
            p.add_argument("title")
        p.add_argument("--timeout", type=float, default=180.0)
        p.add_argument("--shots", help="directory for screenshots of each step")
    a = ap.parse_args(argv)
    if a.command == "setup":
        cmd_setup(a.profile, a.kind, a.base_url, a.user, a.password)
        return 0
    if a.timeout <= 0:
        die("--timeout must be positive")
    if a.command == "sync":
        return cmd_sync(a.profile, a.timeout, a.shots)
    kind = "star" if a.command == "star" else "read"
    return run(a.command, a.profile, a.timeout, a.shots, mark_action(kind, a.title))


def _on_signal(signum, frame):
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, _on_signal)
    sys.exit(main(sys.argv[1:]))
