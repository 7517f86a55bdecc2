"""NetNewsWire's native Miniflux account (pull request #5405, "Add native Miniflux account type and sync support",
by dave-atx, open, not merged), replayed request by request.

Replays, from reading (nothing copied) the pull request's work. The fetched snapshot of
Ranchero-Software/NetNewsWire (main at 834decf, 2026-08-22) does not have it (its only native Miniflux work is the
closed #5335, a different one); the code-search index holds these files under Ranchero-Software/NetNewsWire at
commits outside that snapshot, taken here to be the pull request's (the author's names, 2.0.49 floor, Basic and
token sign-in and changed_after sync are the ones its description gives):
  Modules/Account/Sources/Account/Miniflux/MinifluxAPICaller.swift (ce06001)      requests, paging, version gates
  Modules/Account/Sources/Account/Miniflux/MinifluxAccountDelegate.swift (28ebf29) sync order, statuses, add/remove
  Modules/Account/Sources/Account/Miniflux/MinifluxEntry.swift (dc9ed31), MinifluxFeed.swift (35ffbdc),
  MinifluxCategory.swift (68b34a5), MinifluxVersion.swift (9aa0f39), MinifluxUser.swift (288cba3),
  MinifluxError.swift (ce06001)                                                   the Codable types
and, for what the index does not hold, the author's branch: dave-atx/NetNewsWire `miniflux` at 0ff0a12
(2026-07-15; its copies of the first two files above are the same but for the URLSession the caller makes):
  Modules/Account/Sources/Account/URLRequest+Account.swift     minifluxBasic -> Authorization: Basic, minifluxAPIToken
                                                               -> X-Auth-Token
  Mac/Preferences/Accounts/AccountsMinifluxWindowController.swift  the sheet: URL normalised (https:// added, a
                                                               trailing "/", "/v1" and "/" dropped), sign-in, refresh
  Modules/Account/Sources/Account/Account.swift (importOPML)   import, then lastArticleFetchStartTime = nil, refreshAll
  Modules/ArticlesDatabase/.../ArticlesTable.swift, StatusesTable.swift   defaultRead statuses, 90-day cutoff
  Modules/SyncDatabase/.../SyncStatusTable.swift               queued marks: selected, deleted per article on success
  Modules/RSWeb/.../URLSession+Webservice*.swift, URL+RSWeb.swift   2xx-3xx or httpError, empty body = nil,
                                                               JSONEncoder payloads, URLComponents.queryItems

Usage: python3 netnewswire_miniflux.py STATE_DIR BASE_URL USER PASSWORD COMMAND [ARGS...]
BASE_URL is the "API URL" typed in the sheet (e.g. http://host:7070, or http://host:7070/v1/); the replay
normalises it as the sheet does, then every request is BASE + "/v1/...". USER and PASSWORD sign in with HTTP
Basic (the sheet's "Username & Password"); an empty USER signs in with PASSWORD as an API token (the sheet's
"API Token", sent as X-Auth-Token; the username is then taken from /v1/me).
Commands:
  sync                 refreshAll. The first one (or the first after import-opml) asks /v1/entries published in the
                       last 3 months, then the unread and starred ids (/v1/entries/ids on 2.3.2 and later, else
                       paged /v1/entries) and fetches each missing entry by id; later ones ask changed_after the
                       client time the previous one started. Queued marks are sent first.
  sync-status          syncArticleStatus (the status timer): send queued marks, then the changed_after entries
  mark-read ID, mark-unread ID, star ID, unstar ID
                       queued locally, sent by the next sync (at once past 100 queued)
  subscribe URL [CATEGORY_ID]
                       FeedFinder on the device, POST /v1/feeds, GET /v1/feeds/ID, then the feed's entries. With
                       CATEGORY_ID the feed goes into that folder (the add-feed sheet offers only folders: Miniflux
                       accounts have .disallowFeedInRootFolder), which also sends PUT /v1/feeds/ID {category_id};
                       without, into the account, which asks /v1/categories for the lowest category id.
  unsubscribe FEED_ID  DELETE /v1/feeds/FEED_ID
  import-opml FILE     POST /v1/import, then a refresh from scratch
ID is the entry id. Prints one JSON object (feeds, folders, items, requests, ...); exits 1 when the app would
stop, with the reason in "error".
"""
import base64
import calendar
import datetime
import json
import sys
import time
import urllib.parse

from replay_common import (ALPHANUMERIC, AppFailure, Recorder, State, body_json, discover_feed, parse_args,
                           percent_encode, run, swift)

APP = "netnewswire_miniflux"
COMMANDS = {"sync", "sync-status", "mark-read", "mark-unread", "star", "unstar", "subscribe", "unsubscribe",
            "import-opml"}
ENTRIES_PAGE_SIZE = 500        # MinifluxAPICaller.entriesPageSize
ENTRY_IDS_PAGE_SIZE = 10000    # entryIDsPageSize (Miniflux's MaxEntryIDsLimit)
STATUS_CHUNK_SIZE = 1000       # statusChunkSize: entry ids per PUT /v1/entries
MISSING_CHUNK_SIZE = 100       # refreshMissingArticles: ids per chunk, one GET /v1/entries/ID each
SEND_THRESHOLD = 100           # sendStatusBatchThreshold: queued marks sent at once past this
MINIMUM_VERSION = (2, 0, 49)   # older: "NetNewsWire requires Miniflux 2.0.49 or later."
ENTRY_IDS_VERSION = (2, 3, 2)  # /v1/entries/ids and PUT /v1/entries {starred} from this version
CUTOFF = 90 * 24 * 3600        # ArticlesTable.articleCutoffDate
JSON_TYPE = "application/json; charset=utf-8"
INT64 = 2 ** 63
PAGE_LIMIT = 10000             # the replay's own guard: NetNewsWire would page forever

# URLComponents.queryItems: the query-item set (RFC 3986 query characters minus '&' and '=').
QUERY_ITEM_ALLOWED = ALPHANUMERIC + "-._~!$'()*+,;:@/?"


class HTTPError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def version_tuple(text):
    """MinifluxVersion(string:): dot-separated parts, each its leading digits (a suffix such as "-dev" is
    dropped); None when a part has no leading digit."""
    if not isinstance(text, str):
        return None
    parts = [part for part in text.split(".") if part]  # Swift split omits empty pieces
    if not parts:
        return None
    numbers = []
    for part in parts:
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        if not digits:
            return None
        numbers.append(int(digits))
    return tuple(numbers)


def at_least(version, minimum):
    """Compares as MinifluxVersion does: missing parts are 0."""
    length = max(len(version), len(minimum))
    return tuple(version) + (0,) * (length - len(version)) >= tuple(minimum) + (0,) * (length - len(minimum))


def months_before(timestamp, months):
    """Calendar.current.date(byAdding: .month, value: -months): the same local time, the day clamped to the
    month's length."""
    local = datetime.datetime.fromtimestamp(timestamp)
    month = local.month - months
    year = local.year
    while month < 1:
        month += 12
        year -= 1
    day = min(local.day, calendar.monthrange(year, month)[1])
    return local.replace(year=year, month=month, day=day).timestamp()


def swift_json(value):
    """JSONEncoder's output: compact, keys in the order encoded, non-ASCII as UTF-8, and '/' escaped as '\\/'
    (no .withoutEscapingSlashes)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).replace("/", "\\/").encode("utf-8")


def int64(obj, key, path):
    """A non-optional Int64: present, an integer, within 64 bits."""
    value = swift(obj, key, "int", path, optional=False)
    if not -INT64 <= value < INT64:
        raise AppFailure(f"{path}.{key}: {value} does not fit an Int64")
    return value


def lenient(obj, key, kind):
    """`try? container.decode(T.self, forKey:)`: absent, null or of another type are all nil."""
    value = obj.get(key) if isinstance(obj, dict) else None
    if kind == "string" and isinstance(value, str):
        return value
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "array" and isinstance(value, list):
        return value
    if kind == "object" and isinstance(value, dict):
        return value
    return None


def parse_category(value, path):
    """MinifluxCategory: id (Int64) and title (String) both required."""
    return {"id": int64(value, "id", path), "title": swift(value, "title", "string", path, optional=False)}


def parse_feed(value, path):
    """MinifluxFeed: id and feed_url required; site_url, title and category lenient (a category that does not
    decode is no category)."""
    feed_id = int64(value, "id", path)
    feed_url = swift(value, "feed_url", "string", path, optional=False)
    category = None
    raw = lenient(value, "category", "object")
    if raw is not None:
        try:
            category = parse_category(raw, path + ".category")
        except AppFailure:
            category = None
    return {"id": feed_id, "feed_url": feed_url, "site_url": lenient(value, "site_url", "string"),
            "title": lenient(value, "title", "string"), "category": category}


def parse_entry(value, path):
    """MinifluxEntry: id and feed_id required (Int64); everything else `try?`."""
    if not isinstance(value, dict):
        raise AppFailure(f"{path}: expected an object, got {type(value).__name__}")
    return {"id": int64(value, "id", path), "feed_id": int64(value, "feed_id", path),
            "title": lenient(value, "title", "string"), "url": lenient(value, "url", "string"),
            "author": lenient(value, "author", "string"), "published_at": lenient(value, "published_at", "string"),
            "status": lenient(value, "status", "string"), "starred": lenient(value, "starred", "bool")}


class NetNewsWireMiniflux:
    def __init__(self, state_dir, endpoint, user, password):
        self.typed = endpoint
        self.user = user
        self.password = password
        self.token_mode = user == ""
        self.state = State(state_dir, {
            "endpoint": None, "username": None, "credentialsType": None, "detectedServerVersion": None,
            "lastArticleFetchStartTime": None, "lastRefreshCompletedDate": None, "folders": [], "feeds": {},
            "statuses": {}, "articles": {}, "pending": {}})
        self.db = self.state.data
        self.http = Recorder("NetNewsWire (RSS Reader; https://netnewswire.com/)")
        self.logged_errors = []  # postSyncError and goes on; fails the replay at the end

    # ----- addresses and requests -------------------------------------------------------------------------

    @staticmethod
    def normalized(typed):
        """normalizedEndpointURL(from:): trimmed; https:// when no scheme; a trailing '/', then '/v1', then '/'
        dropped."""
        text = typed.strip()
        if not text:
            raise AppFailure("Invalid API URL.")
        if "://" not in text:
            text = "https://" + text
        if text.endswith("/"):
            text = text[:-1]
        if text.endswith("/v1"):
            text = text[:-3]
        if text.endswith("/"):
            text = text[:-1]
        if not text:
            raise AppFailure("Invalid API URL.")
        return text

    def url(self, path, query=()):
        """endpoint.appendingPathComponent("v1/" + path) (one '/' between them), then URLComponents.queryItems.
        The endpoint is BASE_URL of this run, normalised (as netnewswire.py, the address given wins over the one
        the state recorded at sign-in)."""
        endpoint = self.normalized(self.typed)
        parts = urllib.parse.urlsplit(endpoint)
        base = parts.path.rstrip("/")
        text = urllib.parse.urlunsplit((parts.scheme, parts.netloc, base + "/v1/" + path, "", ""))
        if query:
            text += "?" + "&".join(percent_encode(name, QUERY_ITEM_ALLOWED) + "=" + percent_encode(value, QUERY_ITEM_ALLOWED)
                                   for name, value in query)
        return text

    def auth_headers(self):
        """URLRequest(url:credentials:)."""
        if self.token_mode:
            return {"X-Auth-Token": self.password}
        pair = f"{self.user}:{self.password}".encode("utf-8")
        return {"Authorization": "Basic " + base64.b64encode(pair).decode("ascii")}

    def send(self, method, path, query=(), body=None, content_type=None):
        headers = self.auth_headers()
        if content_type:
            headers["Content-Type"] = content_type
        response = self.http.send(method, self.url(path, query), headers, body)
        status = response.status_code
        if not 200 <= status <= 399:  # validatedHTTPResponse: anything else is WebserviceError.httpError
            raise HTTPError(status, f"{method} /v1/{path}: HTTP {status}")
        return response

    def fetch(self, path, query=(), what=None):
        """fetch(_:query:): a GET whose body must decode; an empty body is WebserviceError.noData."""
        response = self.send("GET", path, query)
        if not response.content:
            raise AppFailure(f"GET /v1/{path}: empty body (WebserviceError.noData)")
        return body_json(response, what or f"GET /v1/{path}")

    def send_json(self, method, path, payload):
        """session.send(request:method:payload:): JSONEncoder body, Content-Type added; the answer is not read."""
        return self.send(method, path, body=swift_json(payload), content_type=JSON_TYPE)

    # ----- the sheet: sign-in ----------------------------------------------------------------------------

    def validate_credentials(self):
        """MinifluxAPICaller.validateCredentials: GET /v1/me (401: invalid, 404: the URL), then the version
        check (404: older than 2.0.49; a version that parses and is older: refused)."""
        self.db["endpoint"] = self.normalized(self.typed)
        try:
            me = self.fetch("me", what="GET /v1/me")
        except HTTPError as error:
            if error.status == 401:
                raise AppFailure("GET /v1/me: 401, NetNewsWire says \"Invalid username/password combination, or "
                                 "invalid API token.\"") from error
            if error.status == 404:
                raise AppFailure("GET /v1/me: 404, NetNewsWire says the API URL was not found") from error
            raise AppFailure(str(error)) from error
        int64(me, "id", "me")
        username = swift(me, "username", "string", "me", optional=False)
        try:
            version = self.fetch("version", what="GET /v1/version")
        except HTTPError as error:
            if error.status == 404:
                raise AppFailure("GET /v1/version: 404, NetNewsWire says \"NetNewsWire requires Miniflux 2.0.49 or "
                                 "later.\"") from error
            raise AppFailure(str(error)) from error
        text = swift(version, "version", "string", "version", optional=False)
        parsed = version_tuple(text)
        if parsed is not None and not at_least(parsed, MINIMUM_VERSION):
            raise AppFailure(f"version {text}: NetNewsWire requires Miniflux 2.0.49 or later")
        self.db["username"] = username if self.token_mode else self.user
        self.db["credentialsType"] = "minifluxAPIToken" if self.token_mode else "minifluxBasic"

    def signed_in(self):
        if not self.db["credentialsType"]:
            self.validate_credentials()

    # ----- version gates -------------------------------------------------------------------------------

    def detect_server_version(self):
        """detectServerVersion: `try?`, so any failure keeps the version detected before (if any)."""
        try:
            answer = self.fetch("version", what="GET /v1/version")
            self.db["detectedServerVersion"] = swift(answer, "version", "string", "version", optional=False)
        except (HTTPError, AppFailure):
            pass

    def supports_entry_ids(self):
        """supportsEntryIDsEndpoint (and supportsBatchStarredUpdates): a detected version of 2.3.2 or later; an
        unknown or unparsable one falls back."""
        parsed = version_tuple(self.db["detectedServerVersion"])
        return parsed is not None and at_least(parsed, ENTRY_IDS_VERSION)

    # ----- refreshAll ------------------------------------------------------------------------------------

    def refresh_all(self):
        try:
            self.refresh_account()
            self.refresh_articles_and_statuses()
        except HTTPError as error:
            raise AppFailure(str(error)) from error

    def refresh_account(self):
        """GET /v1/version, then /v1/categories and /v1/feeds (started together: async let), then the folders,
        the feeds and which folder each is in."""
        self.detect_server_version()
        categories = self.fetch("categories", what="GET /v1/categories")
        if not isinstance(categories, list):
            raise AppFailure("GET /v1/categories: the app decodes [MinifluxCategory], got "
                             f"{type(categories).__name__}")
        categories = [parse_category(value, f"categories[{index}]") for index, value in enumerate(categories)]
        feeds = self.fetch("feeds", what="GET /v1/feeds")
        if not isinstance(feeds, list):
            raise AppFailure(f"GET /v1/feeds: the app decodes [MinifluxFeed], got {type(feeds).__name__}")
        feeds = [parse_feed(value, f"feeds[{index}]") for index, value in enumerate(feeds)]
        self.sync_folders(categories)
        self.sync_feeds(feeds)
        self.sync_feed_folder_relationship(feeds)

    def folder_by_external_id(self, external_id):
        for folder in self.db["folders"]:
            if folder["externalID"] == external_id:
                return folder
        return None

    def sync_folders(self, categories):
        ids = {str(category["id"]) for category in categories}
        removed = [folder for folder in self.db["folders"] if (folder["externalID"] or "") not in ids]
        self.db["folders"] = [folder for folder in self.db["folders"] if folder not in removed]
        for folder in removed:  # removeFolderFromTree: its feeds go with it
            for feed in self.db["feeds"].values():
                if folder["name"] in feed["folders"]:
                    feed["folders"].remove(folder["name"])
        for category in categories:
            external_id = str(category["id"])
            folder = self.folder_by_external_id(external_id)
            if folder is not None:
                if folder["name"] != category["title"]:
                    for feed in self.db["feeds"].values():
                        feed["folders"] = [category["title"] if name == folder["name"] else name
                                           for name in feed["folders"]]
                    folder["name"] = category["title"]
                continue
            # ensureFolder(with:) takes a folder of that name when there is one (two categories of one title
            # share a folder, the later one's id winning).
            same_name = [folder for folder in self.db["folders"] if folder["name"] == category["title"]]
            if same_name:
                same_name[0]["externalID"] = external_id
            else:
                self.db["folders"].append({"name": category["title"], "externalID": external_id})
        self.drop_orphans()

    def sync_feeds(self, feeds):
        """Feeds gone from the server leave their folders (a feed at the account's top level, where only a
        subscribe without a folder puts one, is not looked at); the others take the server's title and site."""
        ids = {str(feed["id"]) for feed in feeds}
        for feed_id, local in self.db["feeds"].items():
            if feed_id not in ids:
                local["folders"] = []
        self.drop_orphans()
        for feed in feeds:
            existing = self.db["feeds"].get(str(feed["id"]))
            if existing is not None:
                existing["title"] = feed["title"]
                existing["homePageURL"] = feed["site_url"]

    def sync_feed_folder_relationship(self, feeds):
        """Each folder holds exactly the feeds of its category; a feed whose category did not decode stays where
        it was; a feed whose category has no folder is not created."""
        without_category = {str(feed["id"]) for feed in feeds if feed["category"] is None}
        for folder in self.db["folders"]:
            members = {str(feed["id"]) for feed in feeds
                       if feed["category"] is not None and str(feed["category"]["id"]) == folder["externalID"]}
            for feed_id, local in self.db["feeds"].items():
                if folder["name"] in local["folders"] and feed_id not in without_category and feed_id not in members:
                    local["folders"].remove(folder["name"])
            for feed in feeds:
                feed_id = str(feed["id"])
                if feed_id not in members:
                    continue
                local = self.db["feeds"].get(feed_id)
                if local is None:
                    local = self.db["feeds"][feed_id] = {"title": feed["title"], "url": feed["feed_url"],
                                                         "homePageURL": feed["site_url"], "folders": []}
                if folder["name"] not in local["folders"]:
                    local["folders"].append(folder["name"])
        self.drop_orphans()

    def drop_orphans(self):
        """A feed in no folder is in no container of the account's tree: gone."""
        for feed_id in [feed_id for feed_id, feed in self.db["feeds"].items()
                        if not feed["folders"] and not feed.get("inAccount")]:
            del self.db["feeds"][feed_id]

    def refresh_articles_and_statuses(self):
        initial = self.db["lastArticleFetchStartTime"] is None
        self.send_article_status()  # a failure ends the refresh (unlike the Reader API account)
        self.refresh_articles()
        if initial:
            self.reconcile_all_article_statuses()
        self.refresh_missing_articles()
        self.db["lastRefreshCompletedDate"] = time.time()

    # ----- entries ---------------------------------------------------------------------------------------

    @staticmethod
    def page_query(offset):
        return [("order", "id"), ("direction", "asc"), ("limit", str(ENTRIES_PAGE_SIZE)), ("offset", str(offset))]

    def entries_page(self, path, query, what):
        """MinifluxEntriesResponse: total (Int) and entries required."""
        answer = self.fetch(path, query, what)
        total = swift(answer, "total", "int", what, optional=False)
        raw = swift(answer, "entries", "array", what, optional=False)
        return total, [parse_entry(value, f"{what}.entries[{index}]") for index, value in enumerate(raw)]

    def refresh_articles(self):
        """refreshArticles: the first time (no lastArticleFetchStartTime) published_after 3 months ago, later
        changed_after the client's own start time of the previous fetch; pages of 500 by offset until a page is
        empty or offset reaches total. Then lastArticleFetchStartTime = this fetch's start."""
        start = time.time()
        last = self.db["lastArticleFetchStartTime"]
        extra = ([("published_after", str(int(months_before(start, 3))))] if last is None
                 else [("changed_after", str(int(last)))])
        offset = 0
        processed = 0
        for _ in range(PAGE_LIMIT):
            total, entries = self.entries_page("entries", self.page_query(offset) + extra, "GET /v1/entries")
            processed += len(entries)
            self.process_entries(entries)
            offset += len(entries)
            if not entries or offset >= total:
                break
        else:
            raise AppFailure("GET /v1/entries: pages never end; NetNewsWire would page forever")
        self.db["lastArticleFetchStartTime"] = start
        return processed

    def process_entries(self, entries):
        """account.updateAsync(defaultRead: true) then applyEntryStatuses: a new article is read until its
        entry says otherwise; a queued mark wins over what the entry says."""
        now = time.time()
        for entry in entries:
            article_id = str(entry["id"])
            self.db["articles"][article_id] = {"title": entry["title"], "feedID": str(entry["feed_id"]),
                                               "url": entry["url"], "published": entry["published_at"]}
            if article_id not in self.db["statuses"]:
                self.db["statuses"][article_id] = {"read": True, "starred": False, "arrived": now}
        pending_read = {article_id for article_id, keys in self.db["pending"].items() if "read" in keys}
        pending_starred = {article_id for article_id, keys in self.db["pending"].items() if "starred" in keys}
        for entry in entries:
            article_id = str(entry["id"])
            if article_id not in pending_read and entry["status"] in ("unread", "read"):
                self.status(article_id)["read"] = entry["status"] == "read"
            if article_id not in pending_starred and entry["starred"] is not None:
                self.status(article_id)["starred"] = entry["starred"]

    def entry_ids(self, selector):
        """retrieveEntryIDs(matching:): /v1/entries/ids (limit 10000, offset) on 2.3.2 and later, paged
        /v1/entries on older or unknown versions; until a page is empty or offset reaches total."""
        ids = set()
        offset = 0
        for _ in range(PAGE_LIMIT):
            if self.supports_entry_ids():
                what = "GET /v1/entries/ids"
                answer = self.fetch("entries/ids", selector + [("limit", str(ENTRY_IDS_PAGE_SIZE)),
                                                               ("offset", str(offset))], what)
                total = swift(answer, "total", "int", what, optional=False)
                raw = swift(answer, "entry_ids", "array", what, optional=False)
                page = [self.check_int64(value, f"{what}.entry_ids[{index}]") for index, value in enumerate(raw)]
            else:
                total, entries = self.entries_page("entries", selector + self.page_query(offset), "GET /v1/entries")
                page = [entry["id"] for entry in entries]
            ids.update(page)
            offset += len(page)
            if not page or offset >= total:
                return ids
        raise AppFailure(f"{selector}: pages never end; NetNewsWire would page forever")

    @staticmethod
    def check_int64(value, where):
        if isinstance(value, bool) or not isinstance(value, int) or not -INT64 <= value < INT64:
            raise AppFailure(f"{where}: the app decodes [Int64], got {json.dumps(value)[:80]}")
        return value

    def reconcile_all_article_statuses(self):
        """The first sync only: the unread and starred id sets (asked together: async let), each applied to the
        local statuses; an error in one still applies the other, then fails the refresh."""
        saved = None
        for selector, key, server_value in (([("status", "unread")], "read", False),
                                            ([("starred", "true")], "starred", True)):
            try:
                ids = self.entry_ids(selector)
            except (HTTPError, AppFailure) as error:
                saved = saved or error
                continue
            pending = {article_id for article_id, keys in self.db["pending"].items() if key in keys}
            updatable = {str(value) for value in ids} - pending
            current = {article_id for article_id, status in self.db["statuses"].items()
                       if status[key] == server_value}
            # syncArticleState: unlike the Reader API account, pending ids are left out of the server's set only,
            # so a queued article the server lists falls in current - updatable and gets the server's opposite.
            for article_id in updatable - current:
                self.status(article_id)[key] = server_value
            for article_id in current - updatable:
                self.status(article_id)[key] = not server_value
        if saved is not None:
            raise saved

    def refresh_missing_articles(self):
        """Statuses without articles (starred, or arrived in the last 90 days): GET /v1/entries/ID one by one,
        100 to a chunk; a 404 deletes the status; another error drops that chunk's entries, the others go on, and
        the refresh fails at the end."""
        cutoff = time.time() - CUTOFF
        missing = sorted((int(article_id) for article_id, status in self.db["statuses"].items()
                          if article_id not in self.db["articles"] and is_int(article_id)
                          and (status["starred"] or status.get("arrived", 0) > cutoff)))
        saved = None
        deleted = set()
        for start in range(0, len(missing), MISSING_CHUNK_SIZE):
            entries = []
            try:
                for entry_id in missing[start:start + MISSING_CHUNK_SIZE]:
                    entry = self.retrieve_entry(entry_id)
                    if entry is None:
                        deleted.add(str(entry_id))
                    else:
                        entries.append(entry)
                self.process_entries(entries)
            except (HTTPError, AppFailure) as error:
                saved = error
        for article_id in deleted:
            self.db["statuses"].pop(article_id, None)
        if saved is not None:
            raise saved

    def retrieve_entry(self, entry_id):
        """GET /v1/entries/ID; None on a 404 (gone on the server)."""
        try:
            answer = self.fetch(f"entries/{entry_id}", what=f"GET /v1/entries/{entry_id}")
        except HTTPError as error:
            if error.status == 404:
                return None
            raise
        return parse_entry(answer, f"entries/{entry_id}")

    # ----- statuses --------------------------------------------------------------------------------------

    def status(self, article_id):
        return self.db["statuses"].setdefault(article_id, {"read": False, "starred": False, "arrived": time.time()})

    def send_article_status(self):
        """sendArticleStatusReturningCount: read, unread, starred, unstarred, each in chunks of 1000. A chunk
        sent deletes every queued row of its articles (the other key too); one that fails stays queued. The
        first group with a failure ends the send (the later groups wait for the next one)."""
        snapshot = {article_id: dict(keys) for article_id, keys in self.db["pending"].items()}
        sent = 0
        for key, flag in (("read", True), ("read", False), ("starred", True), ("starred", False)):
            ids = sorted(int(article_id) for article_id, keys in snapshot.items()
                         if keys.get(key) is flag and is_int(article_id))
            saved = None
            for start in range(0, len(ids), STATUS_CHUNK_SIZE):
                chunk = ids[start:start + STATUS_CHUNK_SIZE]
                try:
                    if key == "read":
                        self.send_json("PUT", "entries", {"entry_ids": chunk, "status": "read" if flag else "unread"})
                    elif self.supports_entry_ids():
                        self.send_json("PUT", "entries", {"entry_ids": chunk, "starred": flag})
                    else:
                        self.starred_fallback(chunk, flag)
                    for entry_id in chunk:
                        self.db["pending"].pop(str(entry_id), None)
                    sent += len(chunk)
                except (HTTPError, AppFailure) as error:
                    saved = error
            if saved is not None:
                raise saved
        return sent

    def starred_fallback(self, chunk, flag):
        """updateEntriesStarredFallback (servers before 2.3.2): GET each entry, toggle its bookmark only when it
        differs (an entry without `starred` differs)."""
        for entry_id in chunk:
            entry = self.retrieve_entry(entry_id)
            if entry is None or entry["starred"] == flag:
                continue
            self.send("PUT", f"entries/{entry_id}/bookmark")

    # ----- commands --------------------------------------------------------------------------------------

    def sync(self):
        self.signed_in()
        self.refresh_all()
        self.check_logged()

    def sync_status(self):
        """syncArticleStatus: send, then refreshArticles (no reconciliation, no missing articles)."""
        self.signed_in()
        try:
            self.send_article_status()
            self.refresh_articles()
        except HTTPError as error:
            raise AppFailure(str(error)) from error

    def mark(self, article_id, key, flag):
        if article_id not in self.db["statuses"]:
            raise AppFailure(f"article {article_id} is not in NetNewsWire's database")
        status = self.status(article_id)
        if status[key] == flag:
            return  # updateStatusesAsync: unchanged, nothing queued
        status[key] = flag
        self.db["pending"].setdefault(article_id, {})[key] = flag
        if sum(len(keys) for keys in self.db["pending"].values()) > SEND_THRESHOLD:
            self.signed_in()
            try:
                self.send_article_status()
            except (HTTPError, AppFailure) as error:
                self.logged_errors.append(f"sending statuses: {error}")
            self.check_logged()

    def subscribe(self, address, category_id=None):
        """createFeed: FeedFinder, the category (the folder's, or the lowest id), POST /v1/feeds, GET the feed,
        addFeed (a folder: PUT /v1/feeds/ID {category_id}), then initialFeedDownload."""
        self.signed_in()
        folder = None
        if category_id is not None:
            folder = self.folder_by_external_id(category_id)
            if folder is None:
                raise AppFailure(f"no folder of category {category_id} in NetNewsWire's account")
        feed_url, _ = discover_feed(address, self.http)
        try:
            if folder is not None:
                category = int(folder["externalID"])
            else:
                categories = self.fetch("categories", what="GET /v1/categories")
                if not isinstance(categories, list):
                    raise AppFailure("GET /v1/categories: not an array")
                parsed = [parse_category(value, f"categories[{index}]") for index, value in enumerate(categories)]
                if not parsed:
                    raise AppFailure("no category to put the feed in (AccountError.invalidParameter)")
                category = min(value["id"] for value in parsed)
            feed_id = self.create_feed(feed_url, category)
            feed = parse_feed(self.fetch(f"feeds/{feed_id}", what=f"GET /v1/feeds/{feed_id}"), f"feeds/{feed_id}")
            local = {"title": feed["title"], "url": feed["feed_url"], "homePageURL": feed["site_url"], "folders": []}
            if folder is not None:
                self.send_json("PUT", f"feeds/{feed_id}", {"category_id": int(folder["externalID"])})
                local["folders"].append(folder["name"])
            else:
                local["inAccount"] = True  # addFeedIfNotInAnyFolder: at the top level until a refresh files it
            self.db["feeds"][str(feed_id)] = local
        except HTTPError as error:
            raise AppFailure(str(error)) from error
        try:  # initialFeedDownload runs in a Task: its failure is logged, the feed stays
            offset = 0
            for _ in range(PAGE_LIMIT):
                total, entries = self.entries_page(f"feeds/{feed_id}/entries", self.page_query(offset),
                                                   f"GET /v1/feeds/{feed_id}/entries")
                self.process_entries(entries)
                offset += len(entries)
                if offset >= total or not entries:
                    break
        except (HTTPError, AppFailure) as error:
            self.logged_errors.append(f"initial feed download: {error}")
        self.check_logged()

    def create_feed(self, feed_url, category):
        """MinifluxAPICaller.createFeed: a refusal's {"error_message"} naming "already exists" is "already
        subscribed", another message is shown as the server's; the answer needs feed_id."""
        response = self.http.send("POST", self.url("feeds"), dict(self.auth_headers(), **{"Content-Type": JSON_TYPE}),
                                  swift_json({"feed_url": feed_url, "category_id": category}))
        if not 200 <= response.status_code <= 399:
            try:
                message = json.loads(response.content.decode("utf-8")).get("error_message")
            except (UnicodeDecodeError, ValueError, AttributeError):
                message = None
            if isinstance(message, str):
                if "already exists" in message:
                    raise AppFailure(f"POST /v1/feeds: HTTP {response.status_code}: already subscribed ({message})")
                raise AppFailure(f"POST /v1/feeds: HTTP {response.status_code}: The Miniflux server reported an "
                                 f"error: {message}")
            raise AppFailure(f"POST /v1/feeds: HTTP {response.status_code}")
        if not response.content:
            raise AppFailure("POST /v1/feeds: empty body (WebserviceError.noData)")
        return int64(body_json(response, "POST /v1/feeds"), "feed_id", "POST /v1/feeds")

    def unsubscribe(self, feed_id):
        self.signed_in()
        if feed_id not in self.db["feeds"]:
            raise AppFailure(f"feed {feed_id} is not in NetNewsWire's account")
        try:
            self.send("DELETE", f"feeds/{feed_id}")
        except HTTPError as error:
            raise AppFailure(str(error)) from error
        del self.db["feeds"][feed_id]

    def import_opml(self, path):
        self.signed_in()
        with open(path, "rb") as handle:
            data = handle.read()
        if not data:
            return
        try:
            self.send("POST", "import", body=data, content_type="text/xml; charset=utf-8")
        except HTTPError as error:
            raise AppFailure(str(error)) from error
        self.db["lastArticleFetchStartTime"] = None
        try:
            self.refresh_all()
        except AppFailure as error:  # try? in Account.importOPML
            self.logged_errors.append(f"refresh after import: {error}")
        self.check_logged()

    def check_logged(self):
        if self.logged_errors:
            raise AppFailure("; ".join(self.logged_errors))

    def describe(self):
        feeds = [{"id": feed_id, "title": feed["title"], "url": feed["url"], "homePageURL": feed["homePageURL"],
                  "folders": sorted(feed["folders"]), "topLevel": bool(feed.get("inAccount"))}
                 for feed_id, feed in sorted(self.db["feeds"].items(), key=lambda pair: int_or(pair[0]))]
        items = [{"id": article_id, "title": article["title"], "feed": article["feedID"],
                  "read": self.db["statuses"].get(article_id, {}).get("read", True),
                  "starred": self.db["statuses"].get(article_id, {}).get("starred", False)}
                 for article_id, article in sorted(self.db["articles"].items(), key=lambda pair: int_or(pair[0]))]
        without = sorted((article_id for article_id in self.db["statuses"] if article_id not in self.db["articles"]),
                         key=int_or)
        return {"feeds": feeds, "folders": sorted(folder["name"] for folder in self.db["folders"]), "items": items,
                "statuses_without_articles": without, "pending": self.db["pending"],
                "serverVersion": self.db["detectedServerVersion"],
                "usesEntryIDs": self.supports_entry_ids(),
                "credentialsType": self.db["credentialsType"],
                "lastArticleFetchStartTime": self.db["lastArticleFetchStartTime"]}


def is_int(text):
    try:
        int(text)
        return True
    except ValueError:
        return False


def int_or(text):
    try:
        return (0, int(text), "")
    except ValueError:
        return (1, 0, text)


def main():
    state_dir, base, user, password, command, args = parse_args(APP, COMMANDS)
    app = NetNewsWireMiniflux(state_dir, base, user, password)
    actions = {
        "sync": app.sync,
        "sync-status": app.sync_status,
        "mark-read": lambda: app.mark(args[0], "read", True),
        "mark-unread": lambda: app.mark(args[0], "read", False),
        "star": lambda: app.mark(args[0], "starred", True),
        "unstar": lambda: app.mark(args[0], "starred", False),
        "subscribe": lambda: app.subscribe(args[0], args[1] if len(args) > 1 else None),
        "unsubscribe": lambda: app.unsubscribe(args[0]),
        "import-opml": lambda: app.import_opml(args[0]),
    }
    if command not in ("sync", "sync-status") and not args:
        sys.stderr.write(f"{command} needs an argument\n")
        sys.exit(2)

    def body():
        try:
            actions[command]()
        except HTTPError as error:
            raise AppFailure(str(error)) from error
    run(APP, command, app.state, app.http, body, app.describe)


if __name__ == "__main__":
    main()
