"""FeedMe's FreshRSS / Google Reader API account, replayed request by request: a plausible sequence.

FeedMe itself is closed source. Its author publishes the service library it is built on, in seazon/FeedUs
(read at 450f6af, 2026-05; nothing copied), and this replays that library's requests exactly:
  lib/src/commonMain/kotlin/com/seazon/feedme/lib/rss/service/freshrss/FreshRssApi.kt   host + "/api/greader.php",
                                                                                       the unread stream in the path form
  lib/src/commonMain/kotlin/com/seazon/feedme/lib/rss/service/gr/GrApi.kt, GReaderApi.kt, GrConstants.kt
  lib/src/commonMain/kotlin/com/seazon/feedme/lib/rss/service/gr/api/MainApi.kt        every request's form
  lib/src/commonMain/kotlin/com/seazon/feedme/lib/rss/service/gr/api/AuthenticationApi.kt, AuthedApi.kt
                                                                                       ClientLogin, token expiry, 401
  lib/src/commonMain/kotlin/com/seazon/feedme/lib/rss/service/gr/bo/*.kt               the kotlinx types
  lib/src/commonMain/kotlin/com/seazon/feedme/lib/network/HttpManager.kt, HttpUtils.kt  Ktor, ignoreUnknownKeys only
  composeApp/.../ui/login/LoginViewModel.kt (host: one trailing "/" dropped, then onHostSet; user-info after login)
  composeApp/.../ui/feeds/FeedsViewModel.kt (subscribe: s=feed/URL, t=URL)
The order of one sync follows FeedMe's own description (seazon/FeedMe doc/en/sync.md: marks up, unread items
"latest 250, then 100s" up to the unread limit, starred items) and an access log of FeedMe 3.16 against FreshRSS
in FreshRSS/FreshRSS#4618 (tag/list, subscription/list, unread-count, items/ids starred n=500 ot=0). FreshRSS's
greader.php names FeedMe for the bare `stream/contents`, POST `stream/items/contents` and an empty action token.

Usage: python3 feedme.py STATE_DIR BASE_URL USER PASSWORD COMMAND [ARGS...]
BASE_URL as typed in FeedMe's login (https://host, https://host/ or https://host/api/greader.php).
FEEDME_ACCOUNT=freshrss (default: requests under .../api/greader.php, unread stream in the path form) or greader
(the generic "Google Reader API" account: the address as typed, unread stream as bare stream/contents?s=).
FEEDME_UNREAD_MAX (default 500) is the "Reading List" limit of unread items kept.
Commands:
  sync                  full manual sync ("All" mode)
  mark-read ID, mark-unread ID, star ID, unstar ID   queued, sent at the start of the next sync (no T token)
  subscribe URL         subscription/edit ac=subscribe s=feed/URL t=URL (as FeedUs does it)
  unsubscribe FEED_ID   subscription/edit ac=unsubscribe
No OPML import through the API is known for FeedMe.
"""
import os
import sys
import time
import urllib.parse

from replay_common import (AppFailure, Recorder, State, body_json, kotlinx, long_form, parse_args, run)

APP = "feedme"
COMMANDS = {"sync", "mark-read", "mark-unread", "star", "unstar", "subscribe", "unsubscribe", "import-opml"}
READING_LIST = "user/-/state/com.google/reading-list"
STATE_READ = "user/-/state/com.google/read"
STATE_STARRED = "user/-/state/com.google/starred"
LONG_PREFIX = "tag:google.com,2005:reader/item/"


def encode(value):
    """Ktor's encodeURLParameter: everything but letters, digits and -._~ is escaped ('/' too)."""
    return urllib.parse.quote(value, safe="-._~")


def form(pairs):
    return "&".join(encode(name) + "=" + encode(value) for name, value in pairs)


class FeedMe:
    def __init__(self, state_dir, host, user, password):
        account = os.environ.get("FEEDME_ACCOUNT", "freshrss")
        typed = host.strip()
        if typed.endswith("/"):
            typed = typed[:-1]
        if account == "freshrss" and not typed.endswith("/api/greader.php"):
            typed = typed + "/api/greader.php"  # FreshRssApi.onHostSet
        self.state = State(state_dir, {
            "host": typed, "accountType": account, "token": None, "feeds": {}, "categories": {}, "labels": [],
            "unreadCounts": {}, "unreadMax": 0, "starredCount": 0, "items": {},
            "pending": {"read": [], "unread": [], "star": [], "unstar": []}})
        self.db = self.state.data
        self.user = user
        self.password = password
        self.limit = int(os.environ.get("FEEDME_UNREAD_MAX", "500"))
        self.http = Recorder("FeedMe/4.8 (com.seazon.feedme; build:317; Android SDK 34)")

    # ----- requests --------------------------------------------------------------------------------------

    def expiry(self):
        return (7 * 24 * 3600 if self.db["accountType"] == "freshrss" else 24 * 3600) - 300

    def login(self):
        query = form([("Email", self.user), ("Passwd", self.password)])
        response = self.http.send("POST", self.db["host"] + "/accounts/ClientLogin?" + query, {"Accept": "*/*"})
        if response.status_code != 200:
            raise AppFailure(f"ClientLogin: HTTP {response.status_code}: EAUTHFAILED")
        lines = response.text.split("\n")
        while lines and lines[-1] == "":
            lines.pop()
        token = dict(self.db["token"] or {})
        if len(lines) == 3:
            token["accessToken"] = lines[2][len("Auth="):]
        elif len(lines) == 2:
            token["accessToken"] = lines[1][len("Auth="):]
        if not token.get("accessToken"):
            raise AppFailure(f"ClientLogin: {len(lines)} lines, FeedMe reads the token from line 3 (or 2) only")
        token["expiresTimestamp"] = time.time() + self.expiry()
        self.db["token"] = token

    def api(self, force=False):
        """RssSDK.getRssApi: signs in again when forced or when the token's time is up."""
        token = self.db["token"]
        if force or token is None or token.get("expiresTimestamp", 0) < time.time():
            self.login()

    def execute(self, method, path, params=None, body=None):
        headers = {"Accept": "*/*", "Authorization": "GoogleLogin auth=" + self.db["token"]["accessToken"]}
        url = self.db["host"] + path
        if params:
            url += "?" + form(params)
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        response = self.http.send(method, url, headers, body.encode() if body is not None else None)
        if response.status_code == 401:
            raise AppFailure(f"{path}: 401, \"Authentication expired, please re-authenticate now!\"")
        return response

    def json(self, response, what):
        """convertBody: kotlinx decodes whatever came back; an error page fails there."""
        if response.status_code != 200:
            raise AppFailure(f"{what}: HTTP {response.status_code}: {response.text[:120]!r} is not {what}'s JSON")
        data = body_json(response, what)
        if not isinstance(data, dict):
            raise AppFailure(f"{what}: kotlinx expects an object")
        return data

    def text(self, response, what):
        """Requests whose body FeedMe keeps as text (edit-tag, subscription/edit): FeedMe does not look at the
        status; the replay still fails on one that is not 200."""
        if response.status_code != 200:
            raise AppFailure(f"{what}: HTTP {response.status_code} (FeedMe would go on as if it had worked)")
        return response.text

    # ----- parsing -------------------------------------------------------------------------------------------

    def stream(self, data, what):
        kotlinx(data, "id", "string", what)
        kotlinx(data, "updated", "long", what, 0)
        continuation = kotlinx(data, "continuation", "string", what)
        items = []
        for index, item in enumerate(kotlinx(data, "items", "array", what) or []):
            items.append(self.item(item, f"{what}.items[{index}]"))
        refs = []
        for index, ref in enumerate(kotlinx(data, "itemRefs", "array", what) or []):
            where = f"{what}.itemRefs[{index}]"
            if not isinstance(ref, dict):
                raise AppFailure(f"{where}: kotlinx expects an object")
            for number, stream_id in enumerate(kotlinx(ref, "directStreamIds", "array", where) or []):
                if not isinstance(stream_id, str):
                    raise AppFailure(f"{where}.directStreamIds[{number}]: kotlinx expects a string")
            kotlinx(ref, "timestampUsec", "long", where, 0)
            refs.append(to_long_form(kotlinx(ref, "id", "string", where) or ""))
        return items, refs, continuation

    def item(self, item, where):
        if not isinstance(item, dict):
            raise AppFailure(f"{where}: kotlinx expects an object")
        for key in ("id", "title", "author"):
            kotlinx(item, key, "string", where)
        for key in ("published", "updated", "starred", "crawlTimeMsec"):
            kotlinx(item, key, "long", where, 0)
        for key in ("alternate", "canonical"):
            for number, link in enumerate(kotlinx(item, key, "array", where) or []):
                if not isinstance(link, dict):
                    raise AppFailure(f"{where}.{key}[{number}]: kotlinx expects an object")
                kotlinx(link, "href", "string", f"{where}.{key}[{number}]")
                kotlinx(link, "type", "string", f"{where}.{key}[{number}]")
        categories = kotlinx(item, "categories", "array", where)
        for number, category in enumerate(categories or []):
            if not isinstance(category, str):
                raise AppFailure(f"{where}.categories[{number}]: kotlinx expects a string")
        for key in ("summary", "content"):
            value = kotlinx(item, key, "object", where)
            if value is not None:
                kotlinx(value, "content", "string", f"{where}.{key}")
        origin = kotlinx(item, "origin", "object", where)
        if origin is not None:
            for key in ("streamId", "htmlUrl", "title"):
                kotlinx(origin, key, "string", f"{where}.origin")
        for number, enclosure in enumerate(kotlinx(item, "enclosure", "array", where) or []):
            if not isinstance(enclosure, dict):
                raise AppFailure(f"{where}.enclosure[{number}]: kotlinx expects an object")
            kotlinx(enclosure, "href", "string", f"{where}.enclosure[{number}]")
            kotlinx(enclosure, "type", "string", f"{where}.enclosure[{number}]")
            kotlinx(enclosure, "length", "long", f"{where}.enclosure[{number}]", 0)
        if categories is None:
            raise AppFailure(f"{where}: no categories: GrItem.isUnread's `categories!!` throws")
        alternate = item.get("alternate") or []
        return {
            "id": item.get("id"),
            "title": item.get("title"),
            "fid": (origin or {}).get("streamId"),
            "isUnread": not any(category.endswith("com.google/read") for category in categories),
            "isStar": any(category.endswith("com.google/starred") for category in categories),
            "link": alternate[0].get("href") if alternate else "",
            "published": kotlinx(item, "published", "long", where, 0),
        }

    # ----- sync -----------------------------------------------------------------------------------------------

    def send_marks(self):
        pending = self.db["pending"]
        for key, action, tag in (("read", "a", STATE_READ), ("unread", "r", STATE_READ),
                                 ("star", "a", STATE_STARRED), ("unstar", "r", STATE_STARRED)):
            ids = pending[key]
            if not ids:
                continue
            body = form([(action, tag)] + [("i", item_id) for item_id in ids])
            self.text(self.execute("POST", "/reader/api/0/edit-tag", body=body), "edit-tag")
            pending[key] = []

    def sync(self):
        self.api()
        self.send_marks()
        tags = self.json(self.execute("GET", "/reader/api/0/tag/list", [("output", "json")]), "tag/list")
        labels = []
        for index, tag in enumerate(kotlinx(tags, "tags", "array", "tag/list") or []):
            where = f"tags[{index}]"
            if not isinstance(tag, dict):
                raise AppFailure(f"{where}: kotlinx expects an object")
            tag_id, kind = kotlinx(tag, "id", "string", where), kotlinx(tag, "type", "string", where)
            kotlinx(tag, "sortid", "string", where)
            if tag_id and (kind == "tag" if self.db["accountType"] == "freshrss" else
                           not tag_id.endswith(("com.google/fresh", "com.google/blogger-following",
                                                "com.google/broadcast", "com.google/reading-list",
                                                "com.google/starred"))):
                labels.append(tag_id.rsplit("/", 1)[-1])
        self.db["labels"] = labels
        subs = self.json(self.execute("GET", "/reader/api/0/subscription/list", [("output", "json")]),
                         "subscription/list")
        feeds, categories = {}, {}
        for index, sub in enumerate(kotlinx(subs, "subscriptions", "array", "subscription/list") or []):
            where = f"subscriptions[{index}]"
            if not isinstance(sub, dict):
                raise AppFailure(f"{where}: kotlinx expects an object")
            values = {key: kotlinx(sub, key, "string", where) for key in ("id", "title", "url", "htmlUrl", "sortid", "iconUrl")}
            kotlinx(sub, "firstitemmsec", "long", where, 0)
            names = []
            for number, category in enumerate(kotlinx(sub, "categories", "array", where) or []):
                if not isinstance(category, dict):
                    raise AppFailure(f"{where}.categories[{number}]: kotlinx expects an object")
                category_id = kotlinx(category, "id", "string", f"{where}.categories[{number}]")
                label = kotlinx(category, "label", "string", f"{where}.categories[{number}]")
                if category_id:
                    categories[category_id] = label or ""
                names.append(label or "")
            feeds[values["id"] or ""] = {"title": values["title"], "url": values["htmlUrl"] or values["url"],
                                         "feedUrl": values["url"], "categories": ",".join(names)}
        self.db["feeds"] = feeds
        self.db["categories"] = categories
        counts = self.json(self.execute("GET", "/reader/api/0/unread-count", [("output", "json")]), "unread-count")
        total = kotlinx(counts, "max", "int", "unread-count", 0)
        per_stream = {}
        for index, count in enumerate(kotlinx(counts, "unreadcounts", "array", "unread-count") or []):
            where = f"unreadcounts[{index}]"
            if not isinstance(count, dict):
                raise AppFailure(f"{where}: kotlinx expects an object")
            newest = count.get("newestItemTimestampUsec")
            if newest is not None and not isinstance(newest, (str, int)):
                raise AppFailure(f"{where}.newestItemTimestampUsec: a long or a string, got {newest!r}")
            per_stream[kotlinx(count, "id", "string", where) or ""] = kotlinx(count, "count", "int", where, 0)
        self.db["unreadCounts"] = per_stream
        self.db["unreadMax"] = total or sum(n for stream, n in per_stream.items() if stream in feeds)
        self.fetch_unread()
        self.fetch_starred()

    def fetch_unread(self):
        """"All" mode: the latest unread items, newest first: a page of 250, then pages of 100, up to the limit.
        Local unread items the server no longer lists among them are marked read here (not sent)."""
        seen = []
        continuation = None
        while len(seen) < self.limit:
            count = min(250 if not seen else 100, self.limit - len(seen))
            params = [("output", "json"), ("n", str(count)), ("xt", STATE_READ), ("ot", "")]
            if continuation is not None:
                params.append(("c", continuation))
            if self.db["accountType"] == "freshrss":
                path = "/reader/api/0/stream/contents/" + encode(READING_LIST)  # MainApi.getContents2
            else:
                path = "/reader/api/0/stream/contents"                        # MainApi.getContents
                params.append(("s", READING_LIST))
            data = self.json(self.execute("GET", path, params), "stream/contents")
            items, _, continuation = self.stream(data, "stream/contents")
            for item in items:
                self.store(item)
                seen.append(item["id"])
            if not items or continuation is None:
                break
        for item_id, item in self.db["items"].items():
            if item["isUnread"] and item_id not in seen:
                item["isUnread"] = False

    def fetch_starred(self):
        params = [("output", "json"), ("n", "500"), ("ot", "0"), ("s", STATE_STARRED)]
        data = self.json(self.execute("GET", "/reader/api/0/stream/items/ids", params), "stream/items/ids")
        _, refs, _ = self.stream(data, "stream/items/ids")
        self.db["starredCount"] = len(refs)
        starred = set(refs)
        for item_id, item in self.db["items"].items():
            item["isStar"] = item_id in starred
        missing = [item_id for item_id in refs if item_id not in self.db["items"]]
        for start in range(0, len(missing), 100):
            chunk = missing[start:start + 100]
            response = self.execute("POST", "/reader/api/0/stream/items/contents", [("output", "json")],
                                    body=form([("i", item_id) for item_id in chunk]))
            items, _, _ = self.stream(self.json(response, "stream/items/contents"), "stream/items/contents")
            for item in items:
                item["isStar"] = True
                self.store(item)

    def store(self, item):
        if item["id"] is None:
            return
        self.db["items"][item["id"]] = {key: value for key, value in item.items() if key != "id"}

    # ----- commands -----------------------------------------------------------------------------------------

    def queue(self, item_id, key):
        if not item_id.startswith(LONG_PREFIX):
            item_id = to_long_form(item_id)
        item = self.db["items"].get(item_id)
        if item is None:
            raise AppFailure(f"item {item_id} is not in FeedMe's database")
        opposite = {"read": "unread", "unread": "read", "star": "unstar", "unstar": "star"}[key]
        pending = self.db["pending"]
        if item_id in pending[opposite]:
            pending[opposite].remove(item_id)
        if item_id not in pending[key]:
            pending[key].append(item_id)
        if key in ("read", "unread"):
            item["isUnread"] = key == "unread"
        else:
            item["isStar"] = key == "star"

    def subscribe(self, url):
        self.api()
        body = form([("ac", "subscribe"), ("s", "feed/" + url), ("t", url)])
        self.text(self.execute("POST", "/reader/api/0/subscription/edit", body=body), "subscription/edit")

    def unsubscribe(self, feed_id):
        self.api()
        body = form([("ac", "unsubscribe"), ("s", feed_id)])
        self.text(self.execute("POST", "/reader/api/0/subscription/edit", body=body), "subscription/edit")
        self.db["feeds"].pop(feed_id, None)

    def describe(self):
        feeds = [{"id": feed_id, "title": feed["title"], "url": feed["feedUrl"], "homePageURL": feed["url"],
                  "categories": feed["categories"]} for feed_id, feed in sorted(self.db["feeds"].items())]
        items = [{"id": item_id, "title": item["title"], "feed": item["fid"], "read": not item["isUnread"],
                  "starred": item["isStar"]} for item_id, item in sorted(self.db["items"].items())]
        return {"feeds": feeds, "items": items, "labels": self.db["labels"], "unreadMax": self.db["unreadMax"],
                "starredCount": self.db["starredCount"], "pending": self.db["pending"], "host": self.db["host"]}


def to_long_form(short):
    """GrStream.convertToLongForm: decimal to 16 zero-padded hex digits; kept as is when not a number."""
    try:
        return long_form(short)
    except ValueError:
        return LONG_PREFIX + short


def main():
    state_dir, base, user, password, command, args = parse_args(APP, COMMANDS)
    if command == "import-opml":
        sys.stderr.write("no OPML import through the Google Reader API is known for FeedMe\n")
        sys.exit(2)
    if command != "sync" and not args:
        sys.stderr.write(f"{command} needs an argument\n")
        sys.exit(2)
    app = FeedMe(state_dir, base, user, password)
    first = app.db["token"] is None

    def body():
        if first:  # LoginViewModel: sign in, then user-info
            app.api(force=True)
            info = app.json(app.execute("GET", "/reader/api/0/user-info", [("output", "json")]), "user-info")
            app.db["token"]["id"] = kotlinx(info, "userId", "string", "user-info")
            app.db["token"]["email"] = kotlinx(info, "userEmail", "string", "user-info")
        actions = {
            "sync": app.sync,
            "mark-read": lambda: app.queue(args[0], "read"),
            "mark-unread": lambda: app.queue(args[0], "unread"),
            "star": lambda: app.queue(args[0], "star"),
            "unstar": lambda: app.queue(args[0], "unstar"),
            "subscribe": lambda: app.subscribe(args[0]),
            "unsubscribe": lambda: app.unsubscribe(args[0]),
        }
        actions[command]()
    run(APP, command, app.state, app.http, body, app.describe)


if __name__ == "__main__":
    main()
