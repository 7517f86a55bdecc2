"""NetNewsWire's Reader API account ("FreshRSS" / "Reader API"), replayed request by request.

Replays, from reading (nothing copied) Ranchero-Software/NetNewsWire at 834decf (2026-08):
  Modules/Account/Sources/Account/ReaderAPI/ReaderAPICaller.swift         requests, encodings, paging, token
  Modules/Account/Sources/Account/ReaderAPI/ReaderAPIAccountDelegate.swift sync order, status sync, add/remove feed
  Modules/Account/Sources/Account/ReaderAPI/ReaderAPIEntry.swift, ReaderAPISubscription.swift, ReaderAPITag.swift,
  ReaderAPIUnreadEntry.swift                                              the Codable types (what must be there)
  Modules/Account/Sources/Account/ReaderAPI/URLRequest+ReaderAPI.swift    ClientLogin body, auth header
  Modules/Account/Sources/Account/Account.swift (importOPML)              OPML import then refresh from scratch
  Modules/RSWeb/Sources/RSWeb/HTTPConditionalGetInfo.swift, HTTPDateInfo.swift, URL+RSWeb.swift,
  URLComponents+RSWeb.swift, WebServices/URLSession+Webservice*.swift    conditional GET, Date header, 2xx-3xx
and swiftlang/swift-foundation URL_Impl.swift (appendingPathComponent: one slash between address and path) and
URLParser.swift (what URLComponents.queryItems leaves unencoded: '/', ':', '+', ... so `s=` goes out raw).

Usage: python3 netnewswire.py STATE_DIR BASE_URL USER PASSWORD COMMAND [ARGS...]
BASE_URL is the "API URL" the user types, as typed (e.g. https://host/api/greader.php, or https://host/).
Commands:
  sync                 refreshAll: the first one after sign-in pulls 3 months of ids; later ones from the server's
                       Date of the previous sync. Queued marks are sent in it.
  sync-status          syncArticleStatus (NetNewsWire's status timer): send queued marks, re-read unread/starred ids
  mark-read ID, mark-unread ID, star ID, unstar ID
                       queued locally (SyncStatus), sent by the next sync (at once past 100 queued)
  subscribe URL        FeedFinder on the device, quickadd, subscription/list, then that feed's first download
  unsubscribe FEED_ID  subscription/edit ac=unsubscribe (FEED_ID as the server gave it, e.g. feed/12)
  import-opml FILE     subscription/import, then a refresh from scratch (lastArticleFetchStartTime = nil)
ID is the app's article id (the decimal short id), or the long form.
"""
import sys
import time
import urllib.parse

from replay_common import (ALPHANUMERIC, AppFailure, Recorder, State, body_json, discover_feed, http_date,
                           long_form, parse_args, percent_encode, run, swift)

APP = "netnewswire"
COMMANDS = {"sync", "sync-status", "mark-read", "mark-unread", "star", "unstar", "subscribe", "unsubscribe",
            "import-opml"}
READING_LIST = "user/-/state/com.google/reading-list"
STATE_READ = "user/-/state/com.google/read"
STATE_STARRED = "user/-/state/com.google/starred"
THREE_MONTHS = 91 * 24 * 3600  # Calendar: one month is not a fixed length; 3 months ~ 91 days, close enough here

# URLComponents.queryItems: the query-item set (RFC 3986 query characters minus '&' and '=').
QUERY_ITEM_ALLOWED = ALPHANUMERIC + "-._~!$'()*+,;:@/?"
# encodeForURLPath: CharacterSet.urlHostAllowed minus '+' and '&'. '/' and '?' are escaped, '=' and ':' not.
HOST_ALLOWED = ALPHANUMERIC + "-._~!$'()*,;=:[]"
# enhancedPercentEncodedQuery (ClientLogin): urlQueryAllowed minus !*'();:@&=+$,/?%#[], then %20 -> '+'.
CLIENT_LOGIN_ALLOWED = ALPHANUMERIC + "-._~"


class NetNewsWire:
    def __init__(self, state_dir, endpoint, user, password):
        self.endpoint = endpoint.strip()
        self.user = user
        self.password = password
        self.state = State(state_dir, {
            "endpoint": self.endpoint, "auth": None, "conditional": {}, "lastArticleFetchStartTime": None,
            "lastRefreshCompletedDate": None, "folders": {}, "feeds": {}, "statuses": {}, "articles": {},
            "pending": {}})
        self.db = self.state.data
        self.http = Recorder("NetNewsWire (RSS Reader; https://netnewswire.com/)")
        self.action_token = None  # ReaderAPICaller.accessToken: in memory only, so once per launch
        self.logged_errors = []   # what NetNewsWire logs and goes on from (postSyncError); fails the replay at the end

    # ----- addresses and requests -------------------------------------------------------------------------

    def url(self, path, query=()):
        """endpoint.appendingPathComponent(path) (modern Foundation: exactly one '/' between them), then
        URLComponents.queryItems (names and values encoded with the query-item set)."""
        parts = urllib.parse.urlsplit(self.endpoint)
        base = parts.path
        joined = base + path[1:] if base.endswith("/") else base + path
        text = urllib.parse.urlunsplit((parts.scheme, parts.netloc, joined, "", ""))
        if query:
            text += "?" + "&".join(percent_encode(name, QUERY_ITEM_ALLOWED) + "=" + percent_encode(value, QUERY_ITEM_ALLOWED)
                                   for name, value in query)
        return text

    def send(self, method, path, query=(), body=None, content_type=None, conditional=None, authorized=True):
        headers = {}
        if authorized:
            headers["Authorization"] = "GoogleLogin auth=" + (self.db["auth"] or "")
        if content_type:
            headers["Content-Type"] = content_type
        info = self.db["conditional"].get(conditional) if conditional else None
        if info:
            if info.get("lastModified") and "2038" not in info["lastModified"]:
                headers["If-Modified-Since"] = info["lastModified"]
            if info.get("etag"):
                headers["If-None-Match"] = info["etag"]
        response = self.http.send(method, self.url(path, query), headers, body)
        status = response.status_code
        if not 200 <= status <= 399:  # URLSession+Webservice: anything else is WebserviceError.httpError
            raise HTTPError(status, f"{method} {path}: HTTP {status}")
        return response

    def decode(self, response, what):
        """send(request:resultType:): an empty body is nil (a 304 too); anything else must decode."""
        if not response.content:
            return None
        return body_json(response, what)

    def store_conditional(self, key, response):
        last_modified = response.headers.get("Last-Modified")
        etag = response.headers.get("ETag")
        if last_modified is None and etag is None:
            self.db["conditional"].pop(key, None)
        else:
            self.db["conditional"][key] = {"lastModified": last_modified, "etag": etag}

    # ----- sign-in and the action token ----------------------------------------------------------------------

    def validate_credentials(self):
        body = ("Email=" + percent_encode(self.user, CLIENT_LOGIN_ALLOWED).replace("%20", "+") +
                "&Passwd=" + percent_encode(self.password, CLIENT_LOGIN_ALLOWED).replace("%20", "+"))
        try:
            response = self.send("POST", "/accounts/ClientLogin", body=body.encode(),
                                 content_type="application/x-www-form-urlencoded", authorized=False)
        except HTTPError as error:
            if error.status == 404:
                raise AppFailure("ClientLogin: 404, NetNewsWire says \"The API URL wasn't found.\"") from error
            raise AppFailure(f"ClientLogin: HTTP {error.status} (sign-in refused)") from error
        values = {}
        for line in response.content.decode("utf-8", "replace").split("\n"):
            pieces = [piece for piece in line.split("=") if piece]  # Swift split omits empty pieces
            if len(pieces) == 2:
                values[pieces[0]] = pieces[1]
        if "Auth" not in values:
            raise AppFailure(f"ClientLogin: no Auth= line NetNewsWire can read in {response.text[:200]!r}")
        self.db["auth"] = values["Auth"]

    def token(self):
        if self.action_token is None:
            response = self.send("GET", "/reader/api/0/token")
            text = response.content.decode("utf-8", "replace")
            self.action_token = text[:-1] if text.endswith("\n") else text
        return self.action_token

    def with_write_token(self, operation):
        try:
            return operation(self.token())
        except HTTPError as error:
            if error.status not in (401, 403):
                raise
            self.action_token = None
            return operation(self.token())

    # ----- refreshAll ------------------------------------------------------------------------------------

    def refresh_all(self, retried=False):
        try:
            self.refresh_account()
            try:
                self.send_article_status()
            except (HTTPError, AppFailure) as error:  # "A failed status send must not block fetching new articles"
                self.logged_errors.append(f"sending statuses: {error}")
            article_ids = self.retrieve_item_ids("allForAccount")
            self.mark_local(article_ids, "read", True)
            try:
                self.refresh_article_status()
            except (HTTPError, AppFailure) as error:
                self.logged_errors.append(f"refreshing statuses: {error}")
            self.refresh_missing_articles()
        except HTTPError as error:
            if error.status in (401, 403) and not retried:  # credentials error: sign in again, refresh again
                self.validate_credentials()
                return self.refresh_all(retried=True)
            raise AppFailure(str(error)) from error

    def refresh_account(self):
        tags_response = self.send("GET", "/reader/api/0/tag/list", [("output", "json")], conditional="tags")
        tags = self.decode(tags_response, "tag/list")
        self.store_conditional("tags", tags_response)
        tag_list = None
        if tags is not None:
            tag_list = [dict(id=swift(tag, "id", "string", f"tags[{index}]", optional=False),
                             type=swift(tag, "type", "string", f"tags[{index}]"))
                        for index, tag in enumerate(swift(tags, "tags", "array", "tag/list", optional=False))]
        subs_response = self.send("GET", "/reader/api/0/subscription/list", [("output", "json")],
                                  conditional="subscriptions")
        subs = self.decode(subs_response, "subscription/list")
        self.store_conditional("subscriptions", subs_response)
        subscriptions = None if subs is None else self.parse_subscriptions(subs)
        self.sync_folders(tag_list)
        self.sync_feeds(subscriptions)

    @staticmethod
    def parse_subscriptions(subs):
        result = []
        for index, sub in enumerate(swift(subs, "subscriptions", "array", "subscription/list", optional=False)):
            where = f"subscriptions[{index}]"
            feed_id = swift(sub, "id", "string", where, optional=False)
            categories = []
            for number, category in enumerate(swift(sub, "categories", "array", where, optional=False)):
                categories.append((swift(category, "id", "string", f"{where}.categories[{number}]", optional=False),
                                   swift(category, "label", "string", f"{where}.categories[{number}]", optional=False)))
            url = swift(sub, "url", "string", where)
            result.append({"id": feed_id, "title": swift(sub, "title", "string", where), "categories": categories,
                           "url": url if url is not None else (feed_id[5:] if feed_id.startswith("feed/") else feed_id),
                           "homePageURL": swift(sub, "htmlUrl", "string", where),
                           "iconURL": swift(sub, "iconUrl", "string", where)})
        return result

    def sync_folders(self, tags):
        if tags is None:
            return
        folder_ids = [tag["id"] for tag in tags if "/label/" in tag["id"]]
        if not folder_ids:
            return
        for external_id in list(self.db["folders"]):
            if external_id not in folder_ids:
                del self.db["folders"][external_id]
                for feed in self.db["feeds"].values():
                    if external_id in feed["folders"]:
                        feed["folders"].remove(external_id)
        for external_id in folder_ids:
            self.db["folders"].setdefault(external_id, external_id.split("/label/", 1)[1])

    def sync_feeds(self, subscriptions):
        if subscriptions is None:
            return
        ids = {sub["id"] for sub in subscriptions}
        for feed_id in list(self.db["feeds"]):
            if feed_id not in ids:
                del self.db["feeds"][feed_id]
        for sub in subscriptions:
            feed = self.db["feeds"].get(sub["id"])
            title = fullwidth_decoded(sub["title"])
            if feed is None:
                self.db["feeds"][sub["id"]] = {"title": title, "url": sub["url"], "homePageURL": sub["homePageURL"],
                                               "folders": []}
            else:
                if title:
                    feed["title"] = title
                feed["homePageURL"] = sub["homePageURL"]
        # syncFeedFolderRelationship: a feed is in the folders its categories name (folders known from tag/list).
        for sub in subscriptions:
            folders = [category for category, _ in sub["categories"] if category in self.db["folders"]]
            self.db["feeds"][sub["id"]]["folders"] = folders

    # ----- item ids --------------------------------------------------------------------------------------

    def retrieve_item_ids(self, kind, feed_id=None):
        query = [("n", "1000"), ("output", "json")]
        if kind == "allForAccount":
            since = self.db["lastArticleFetchStartTime"] or (time.time() - THREE_MONTHS)
            query += [("ot", str(int(since))), ("s", READING_LIST)]
        elif kind == "allForFeed":
            query += [("ot", str(int(time.time() - THREE_MONTHS))), ("s", feed_id)]
        elif kind == "unread":
            query += [("s", READING_LIST), ("xt", STATE_READ)]
        else:
            query += [("s", STATE_STARRED)]
        response = self.send("GET", "/reader/api/0/stream/items/ids", query)
        refs, continuation = self.parse_refs(response, kind)
        if not refs:
            return []
        date = http_date(response)
        ids = refs
        pages = 0
        while continuation is not None:
            pages += 1
            if pages > 10000:
                raise AppFailure(f"items/ids ({kind}): continuations never end; NetNewsWire would loop forever")
            paged = [item for item in query if item[0] != "c"] + [("c", continuation)]
            response = self.send("GET", "/reader/api/0/stream/items/ids", paged)
            refs, continuation = self.parse_refs(response, kind)
            ids += refs
        if kind == "allForAccount":
            self.db["lastArticleFetchStartTime"] = date  # the server's Date of the first page (None if absent)
            self.db["lastRefreshCompletedDate"] = time.time()
        return ids

    def parse_refs(self, response, kind):
        wrapper = self.decode(response, f"items/ids ({kind})")
        if wrapper is None:
            return [], None
        refs = swift(wrapper, "itemRefs", "array", "items/ids") or []
        ids = [swift(ref, "id", "string", f"itemRefs[{index}]") for index, ref in enumerate(refs)]
        return [item for item in ids if item is not None], swift(wrapper, "continuation", "string", "items/ids")

    # ----- statuses --------------------------------------------------------------------------------------

    def status(self, article_id):
        return self.db["statuses"].setdefault(article_id, {"read": False, "starred": False})

    def mark_local(self, article_ids, key, flag):
        """markAsRead/markAsUnread/...Async: statuses (made when missing), not queued for sending."""
        for article_id in article_ids:
            self.status(article_id)[key] = flag

    def refresh_article_status(self):
        saved = None
        try:
            unread = self.retrieve_item_ids("unread")
            pending = {article_id for article_id, keys in self.db["pending"].items() if "read" in keys}
            current = {article_id for article_id, status in self.db["statuses"].items() if not status["read"]}
            server = set(unread)
            self.mark_local(server - current - pending, "read", False)
            self.mark_local(current - server - pending, "read", True)
        except (HTTPError, AppFailure) as error:
            saved = error
        try:
            starred = self.retrieve_item_ids("starred")
            pending = {article_id for article_id, keys in self.db["pending"].items() if "starred" in keys}
            current = {article_id for article_id, status in self.db["statuses"].items() if status["starred"]}
            server = set(starred)
            self.mark_local(server - current - pending, "starred", True)
            self.mark_local(current - server - pending, "starred", False)
        except (HTTPError, AppFailure) as error:
            saved = saved or error
        if saved is not None:
            raise saved

    def send_article_status(self):
        groups = [("read", False, "r", STATE_READ), ("read", True, "a", STATE_READ),
                  ("starred", True, "a", STATE_STARRED), ("starred", False, "r", STATE_STARRED)]
        saved = None
        sent = 0
        for key, flag, action, state in groups:
            ids = sorted(article_id for article_id, keys in self.db["pending"].items() if keys.get(key) is flag)
            sendable = [article_id for article_id in ids if is_int(article_id)]
            for article_id in set(ids) - set(sendable):  # unsendable ids are dropped, not retried
                self.db["pending"][article_id].pop(key, None)
            for start in range(0, len(sendable), 1000):
                chunk = sendable[start:start + 1000]
                items = "&".join("i=" + long_form(article_id) for article_id in chunk)

                def post(token, items=items, action=action, state=state):
                    body = f"T={token}&{items}&{action}={state}"
                    return self.send("POST", "/reader/api/0/edit-tag", body=body.encode(),
                                     content_type="application/x-www-form-urlencoded")
                try:
                    self.with_write_token(post)
                    for article_id in chunk:
                        self.db["pending"][article_id].pop(key, None)
                    sent += len(chunk)
                except (HTTPError, AppFailure) as error:
                    saved = error
        self.db["pending"] = {article_id: keys for article_id, keys in self.db["pending"].items() if keys}
        if saved is not None:
            raise saved
        return sent

    def refresh_missing_articles(self):
        missing = sorted(article_id for article_id in self.db["statuses"] if article_id not in self.db["articles"])
        for start in range(0, len(missing), 150):
            chunk = missing[start:start + 150]
            items = "&".join("i=" + long_form(article_id) for article_id in chunk if is_int(article_id))
            if not items:
                continue

            def post(token, items=items):
                body = f"T={token}&output=json&{items}"
                return self.send("POST", "/reader/api/0/stream/items/contents", body=body.encode(),
                                 content_type="application/x-www-form-urlencoded")
            try:
                response = self.with_write_token(post)
                wrapper = self.decode(response, "items/contents")
                if wrapper is None:
                    raise AppFailure("items/contents: empty body (AccountError.invalidResponse)")
                self.process_entries(wrapper)
            except (HTTPError, AppFailure) as error:  # logged per chunk; the others still go
                self.logged_errors.append(f"refreshing missing articles: {error}")

    def process_entries(self, wrapper):
        swift(wrapper, "id", "string", "items/contents", optional=False)
        swift(wrapper, "updated", "int", "items/contents", optional=False)
        entries = swift(wrapper, "items", "array", "items/contents", optional=False)
        parsed = []
        for index, entry in enumerate(entries):  # decode all first: one bad entry fails the whole response
            where = f"items[{index}]"
            article_id = swift(entry, "id", "string", where, optional=False)
            summary = swift(entry, "summary", "object", where, optional=False)
            alternates = swift(entry, "alternate", "array", where)
            origin = swift(entry, "origin", "object", where, optional=False)
            swift(entry, "categories", "array", where, optional=False)
            for number, category in enumerate(entry["categories"]):
                if not isinstance(category, str):
                    raise AppFailure(f"{where}.categories[{number}]: the app decodes [String]")
            swift(entry, "crawlTimeMsec", "string", where)
            swift(entry, "timestampUsec", "string", where)
            parsed.append({
                "id": unique_id(article_id),
                "title": swift(entry, "title", "string", where),
                "author": swift(entry, "author", "string", where),
                "published": swift(entry, "published", "double", where),
                "content": swift(summary, "content", "string", where + ".summary"),
                "url": swift(alternates[0], "href", "string", where + ".alternate[0]") if alternates else None,
                "streamId": swift(origin, "streamId", "string", where + ".origin"),
            })
            swift(origin, "title", "string", where + ".origin")
        for article in parsed:
            if article["streamId"] is None:
                continue  # mapEntriesToParsedItems skips an entry without origin.streamId
            self.db["articles"][article["id"]] = {
                "title": fullwidth_decoded(article["title"]), "feedID": article["streamId"], "url": article["url"],
                "published": article["published"]}
            if article["id"] not in self.db["statuses"]:
                self.db["statuses"][article["id"]] = {"read": True, "starred": False}  # defaultRead: true

    # ----- commands --------------------------------------------------------------------------------------

    def signed_in(self):
        if not self.db["auth"]:
            self.validate_credentials()

    def sync(self):
        self.signed_in()
        self.refresh_all()
        self.check_logged()

    def sync_status(self):
        self.signed_in()
        try:
            self.send_article_status()
            self.refresh_article_status()
        except HTTPError as error:
            raise AppFailure(str(error)) from error
        self.check_logged()

    def mark(self, article_id, key, flag):
        article_id = app_id(article_id)
        if article_id not in self.db["statuses"]:
            raise AppFailure(f"article {article_id} is not in NetNewsWire's database")
        status = self.status(article_id)
        if status[key] == flag:
            return  # updateStatusesAsync: unchanged, nothing queued
        status[key] = flag
        self.db["pending"].setdefault(article_id, {})[key] = flag
        pending = sum(len(keys) for keys in self.db["pending"].values())
        if pending > 100:  # flushed at once past 100 queued
            self.signed_in()
            try:
                self.send_article_status()
            except (HTTPError, AppFailure) as error:
                self.logged_errors.append(f"sending statuses: {error}")
            self.check_logged()

    def subscribe(self, address):
        self.signed_in()
        feed_url, _ = discover_feed(address, self.http)
        if "json" in feed_url:
            raise AppFailure("FeedFinder: only a JSON feed there, which NetNewsWire skips for Reader API accounts")
        encoded = percent_encode(feed_url, HOST_ALLOWED)

        def post(token):
            return self.send("POST", "/reader/api/0/subscription/quickadd", body=f"T={token}&quickadd={encoded}".encode(),
                             content_type="application/x-www-form-urlencoded")
        try:
            result = self.decode(self.with_write_token(post), "quickadd")
            if result is None:
                raise AppFailure("quickadd: empty answer (createErrorNotFound)")
            if swift(result, "numResults", "int", "quickadd", optional=False) == 0:
                raise AppFailure(f"quickadd: numResults 0 ({swift(result, 'error', 'string', 'quickadd')}): "
                                 "NetNewsWire says it could not find a feed")
            swift(result, "error", "string", "quickadd")
            stream_id = swift(result, "streamId", "string", "quickadd")
            response = self.send("GET", "/reader/api/0/subscription/list", [("output", "json")],
                                 conditional="subscriptions")
            subs = self.decode(response, "subscription/list")
            self.store_conditional("subscriptions", response)
            if subs is None:
                raise AppFailure("subscription/list after quickadd: no body (a 304?): createErrorNotFound")
            match = [sub for sub in self.parse_subscriptions(subs) if sub["id"] == stream_id]
            if not match:
                raise AppFailure(f"quickadd's streamId {stream_id!r} is not in subscription/list: createErrorNotFound")
            sub = match[0]
            self.db["feeds"][sub["id"]] = {"title": fullwidth_decoded(sub["title"]), "url": sub["url"],
                                           "homePageURL": sub["homePageURL"], "folders": []}
            # initialFeedDownload
            ids = self.retrieve_item_ids("allForFeed", sub["id"])
            self.mark_local(ids, "read", True)
            try:
                self.refresh_article_status()
            except (HTTPError, AppFailure) as error:
                self.logged_errors.append(f"refreshing statuses: {error}")
            self.refresh_missing_articles()
        except HTTPError as error:
            raise AppFailure(str(error)) from error
        self.check_logged()

    def unsubscribe(self, feed_id):
        self.signed_in()
        if feed_id not in self.db["feeds"]:
            raise AppFailure(f"feed {feed_id} is not in NetNewsWire's account")

        def post(token):
            return self.send("POST", "/reader/api/0/subscription/edit", body=f"T={token}&s={feed_id}&ac=unsubscribe".encode(),
                             content_type="application/x-www-form-urlencoded")
        try:
            self.with_write_token(post)
        except HTTPError as error:
            raise AppFailure(str(error)) from error
        del self.db["feeds"][feed_id]

    def import_opml(self, path):
        self.signed_in()
        with open(path, "rb") as handle:
            data = handle.read()
        try:
            response = self.send("POST", "/reader/api/0/subscription/import", body=data, content_type="text/xml")
        except HTTPError as error:
            raise AppFailure(str(error)) from error
        if response.status_code != 200:
            raise AppFailure(f"subscription/import: HTTP {response.status_code}, NetNewsWire wants 200")
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
                  "folders": [self.db["folders"].get(folder, folder) for folder in feed["folders"]]}
                 for feed_id, feed in sorted(self.db["feeds"].items())]
        items = [{"id": article_id, "title": article["title"], "feed": article["feedID"],
                  "read": self.db["statuses"].get(article_id, {}).get("read", True),
                  "starred": self.db["statuses"].get(article_id, {}).get("starred", False)}
                 for article_id, article in sorted(self.db["articles"].items(), key=lambda pair: int_or(pair[0]))]
        without = sorted((article_id for article_id in self.db["statuses"] if article_id not in self.db["articles"]),
                         key=int_or)
        return {"feeds": feeds, "folders": sorted(self.db["folders"].values()), "items": items,
                "statuses_without_articles": without, "pending": self.db["pending"],
                "lastArticleFetchStartTime": self.db["lastArticleFetchStartTime"]}


class HTTPError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


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


def app_id(text):
    """The app's article id: the decimal short id (either form accepted on the command line)."""
    if text.startswith("tag:google.com,2005:reader/item/"):
        return unique_id(text)
    return text


def unique_id(article_id):
    """ReaderAPIEntry.uniqueID: the last path piece read as hex into a (signed 64-bit) Int, in decimal; the
    whole id when that fails (more than 63 bits, or not hex)."""
    piece = article_id.split("/")[-1]
    try:
        value = int(piece, 16)
    except ValueError:
        return article_id
    if value >= 1 << 63 or piece.startswith(("-", "+")):
        return article_id
    return str(value)


def fullwidth_decoded(text):
    if text is None:
        return None
    return text.replace("\uff06", "&").replace("\uff1c", "<").replace("\uff1e", ">")


def main():
    state_dir, base, user, password, command, args = parse_args(APP, COMMANDS)
    app = NetNewsWire(state_dir, base, user, password)
    actions = {
        "sync": app.sync,
        "sync-status": app.sync_status,
        "mark-read": lambda: app.mark(args[0], "read", True),
        "mark-unread": lambda: app.mark(args[0], "read", False),
        "star": lambda: app.mark(args[0], "starred", True),
        "unstar": lambda: app.mark(args[0], "starred", False),
        "subscribe": lambda: app.subscribe(args[0]),
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
