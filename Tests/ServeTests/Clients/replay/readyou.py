"""Read You's Google Reader / FreshRSS account, replayed request by request.

Replays, from reading (nothing copied) ReadYouApp/ReadYou at d2b979c (2026-08; formerly Ashinch/ReadYou):
  app/src/main/java/me/ash/reader/infrastructure/rss/provider/greader/GoogleReaderAPI.kt   requests, ids, retries
  app/src/main/java/me/ash/reader/infrastructure/rss/provider/greader/GoogleReaderDTO.kt   the Gson types
  app/src/main/java/me/ash/reader/domain/service/GoogleReaderRssService.kt                  sync, marks, add/remove
  app/src/main/java/me/ash/reader/domain/data/DiffMapHolder.kt                              read marks go out ~2 s later
  app/src/main/java/me/ash/reader/infrastructure/net/RetryableTask.kt                       2 attempts, re-login between
  app/src/main/java/me/ash/reader/ui/page/settings/accounts/addition/AddFreshRSSAccountDialog.kt  "/" appended
  app/src/main/java/me/ash/reader/domain/model/article/Article.kt                           article -> feed foreign key

Usage: python3 readyou.py STATE_DIR BASE_URL USER PASSWORD COMMAND [ARGS...]
BASE_URL is the server address as typed in the add-account dialog (its placeholder is
https://demo.freshrss.org/api/greader.php); the dialog appends "/" when missing, and every request is that
string + "accounts/ClientLogin", "reader/api/0/...". READYOU_ACCOUNT=freshrss (default) or greader picks the
account type (they differ only in how read ids are asked for).
Commands:
  sync                 the full sync (GoogleReaderRssService.sync); Read You asks no `ot` but for read ids (1 month)
  mark-read ID, mark-unread ID   edit-tag a=/r=read at once (the app debounces 2 s, then sends)
  star ID, unstar ID   edit-tag a=/r=starred at once
  subscribe URL        the app reads the feed itself (for its title), then quickadd, then subscription/edit
  unsubscribe FEED_ID  subscription/edit ac=unsubscribe; FEED_ID as Read You holds it (the stream id with every
                       "feed/" removed), or the server's stream id
Read You has no OPML import for these accounts (importSubscription = false).
Each process is a fresh app start: Read You keeps its tokens in memory only, so each signs in again.
"""
import calendar
import html
import os
import sys
import time
import urllib.parse

from replay_common import (AppFailure, Recorder, State, body_json, discover_feed, form_encode, gson, parse_args,
                           percent_encode, run)

APP = "readyou"
COMMANDS = {"sync", "mark-read", "mark-unread", "star", "unstar", "subscribe", "unsubscribe", "import-opml"}
READING_LIST = "user/-/state/com.google/reading-list"
STATE_READ = "user/-/state/com.google/read"
STATE_STARRED = "user/-/state/com.google/starred"
LONG_PREFIX = "tag:google.com,2005:reader/item/"
DEFAULT_GROUP = "read_you_app_default_group"
ACCOUNT_ID = 1
# OkHttp's HttpUrl canonicalizes a query it is given raw: only these (and non-ASCII, controls) get escaped.
OKHTTP_QUERY_ESCAPED = set(" \"'<>#")


def okhttp_query(raw):
    """The query as OkHttp sends a raw one: '%' + two hex digits kept, the escaped set and non-ASCII encoded."""
    data = raw.encode("utf-8")
    out = []
    index = 0
    while index < len(data):
        byte = data[index]
        char = chr(byte)
        if char == "%" and index + 2 < len(data) + 1 and all(
                chr(c) in "0123456789abcdefABCDEF" for c in data[index + 1:index + 3]) and len(data[index + 1:index + 3]) == 2:
            out.append(data[index:index + 3].decode("ascii"))
            index += 3
            continue
        if byte < 0x20 or byte >= 0x7F or char in OKHTTP_QUERY_ESCAPED or char == "%":
            out.append("%%%02X" % byte)
        else:
            out.append(char)
        index += 1
    return "".join(out)


def strip_feed(stream_id):
    """ofFeedStreamIdToId: every "feed/" removed, wherever it is."""
    return stream_id.replace("feed/", "")


def strip_label(stream_id):
    import re
    return re.sub(r"user/[^/]+/label/", "", stream_id)


def short_id(item_id):
    """ItemId.shortId: a long id (prefix + 16 characters) read as hex into a Long; anything else as is."""
    if item_id.startswith(LONG_PREFIX) and len(item_id) - len(LONG_PREFIX) == 16:
        try:
            value = int(item_id[len(LONG_PREFIX):], 16)
        except ValueError as error:
            raise AppFailure(f"hexToLong fails on {item_id!r}") from error
        return str(value - (1 << 64) if value >= 1 << 63 else value)
    return item_id


def valid_item_id(item_id):
    if item_id.startswith(LONG_PREFIX) and len(item_id) - len(LONG_PREFIX) == 16:
        return True
    try:
        int(item_id)
        return True
    except ValueError:
        return False


def month_ago(now):
    moment = time.gmtime(now)
    year, month = (moment.tm_year, moment.tm_mon - 1) if moment.tm_mon > 1 else (moment.tm_year - 1, 12)
    day = min(moment.tm_mday, calendar.monthrange(year, month)[1])
    return int(calendar.timegm((year, month, day, moment.tm_hour, moment.tm_min, moment.tm_sec)))


class ReadYou:
    def __init__(self, state_dir, server, user, password):
        typed = server.strip()
        self.state = State(state_dir, {
            "serverUrl": typed if typed.endswith("/") else typed + "/",
            "accountType": os.environ.get("READYOU_ACCOUNT", "freshrss"),
            "groups": {}, "feeds": {}, "articles": {}, "lastSync": None})
        self.db = self.state.data
        self.server = self.db["serverUrl"]
        self.user = user
        self.password = password
        self.http = Recorder("ReadYou/0.15 (Android)")
        self.login_token = None
        self.action_token = None
        self.failures = []  # what the app swallows (getOrNull, ignored results): the replay still exits 1

    # ----- requests -------------------------------------------------------------------------------------

    def url(self, query, params=()):
        raw = "output=json" + "".join(f"&{name}={value}" for name, value in params)
        return self.server + query + "?" + okhttp_query(raw)

    def reauthenticate(self):
        body = form_encode([("output", "json"), ("Email", self.user), ("Passwd", self.password),
                            ("client", "ReadYou"), ("accountType", "HOSTED_OR_GOOGLE"), ("service", "reader")])
        response = self.http.send("POST", self.server + "accounts/ClientLogin",
                                  {"Content-Type": "application/x-www-form-urlencoded"}, body.encode())
        if response.status_code == 400:
            raise AppFailure("BadRequest for CL Token")
        if response.status_code == 401:
            raise AppFailure("Unauthorized for CL Token")
        if not 200 <= response.status_code <= 299:
            raise AppFailure(f"ClientLogin: HTTP {response.status_code}: {response.text[:200]}")
        try:
            data = body_json(response, "ClientLogin")
            if not isinstance(data, dict):
                raise AppFailure("not a JSON object")
            token = gson(data, "Auth", "string", "ClientLogin")  # JSON answer: its Auth (null stays null)
        except AppFailure:
            for line in response.text.split("\n"):
                if line.startswith("Auth="):
                    token = line[5:]
                    break
            else:
                raise AppFailure(f"body format error for CL Token: {response.text[:200]!r}") from None
        answer = self.http.send("GET", self.server + "reader/api/0/token", {"Authorization": f"GoogleLogin auth={token}"})
        self.login_token, self.action_token = token, answer.text  # kept whatever the status (not used yet)

    def ensure_credentials(self):
        if not self.login_token:
            self.reauthenticate()

    def attempt(self, method, query, params=(), form=None):
        self.ensure_credentials()
        headers = {"Authorization": f"GoogleLogin auth={self.login_token}"}
        body = None
        if method == "POST":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            pairs = list(form or [])
            if self.action_token is not None:
                pairs.append(("T", self.action_token))
            body = form_encode(pairs).encode()
        response = self.http.send(method, self.url(query, params), headers, body)
        if response.status_code == 400:
            raise AppFailure(f"{query}: BadRequest")
        if response.status_code == 401:
            raise AppFailure(f"{query}: Unauthorized")
        if not 200 <= response.status_code <= 299:
            raise AppFailure(f"{query}: HTTP {response.status_code}: {response.text[:200]}")
        return response

    def with_retries(self, method, query, params=(), form=None, parse=None):
        """withRetries: two attempts; after a failure the tokens are forgotten, so the second signs in again."""
        error = None
        for number in (1, 2):
            try:
                response = self.attempt(method, query, params, form)
                return parse(response) if parse else self.gson_string_body(response, query)
            except AppFailure as failure:
                error = failure
                if number == 1:
                    self.login_token = None
                    self.action_token = None
        raise error

    @staticmethod
    def gson_string_body(response, query):
        """toDTO<String>: Gson (lenient) reads the body as a string; an empty body is null and `!!` fails."""
        if not response.text.strip():
            raise AppFailure(f"{query}: empty body; toDTO's !! throws")
        return response.text

    # ----- item ids -------------------------------------------------------------------------------------

    def ids_page(self, params):
        def parse(response):
            data = body_json(response, "items/ids")
            if not isinstance(data, dict):
                raise AppFailure("items/ids: not an object")
            refs = gson(data, "itemRefs", "array", "items/ids")
            ids = None
            if refs is not None:
                ids = []
                for index, ref in enumerate(refs):
                    if not isinstance(ref, dict):
                        raise AppFailure(f"itemRefs[{index}]: Gson expects an object")
                    self.check_item(ref, f"itemRefs[{index}]")
                    value = gson(ref, "id", "string", f"itemRefs[{index}]")
                    if value is not None:
                        ids.append(value)
            return ids, gson(data, "continuation", "string", "items/ids")
        return self.with_retries("GET", "reader/api/0/stream/items/ids", params, parse=parse)

    def fetch_ids(self, what, params_for):
        """fetchItemIdsAndContinue over a getOrNull request: a failure makes the list empty (or ends it)."""
        try:
            ids, continuation = self.ids_page(params_for(None))
        except AppFailure as failure:
            self.failures.append(f"{what} ids: {failure} (Read You takes it as no ids)")
            return []
        if ids is None:
            return []
        while continuation is not None:
            try:
                more, continuation = self.ids_page(params_for(continuation))
            except AppFailure as failure:
                self.failures.append(f"{what} ids: {failure} (Read You stops paging)")
                break
            ids += more or []
        return ids

    def unread_params(self, continuation):
        params = [("s", READING_LIST), ("xt", STATE_READ), ("n", "1000")]
        return params + ([("c", continuation)] if continuation is not None else [])

    def starred_params(self, continuation):
        params = [("s", STATE_STARRED), ("n", "1000")]
        return params + ([("c", continuation)] if continuation is not None else [])

    def read_params(self, since):
        use_it = self.db["accountType"] == "freshrss"

        def params(continuation):
            result = [("s", READING_LIST)] if use_it else []
            result += [("it" if use_it else "s", STATE_READ), ("ot", str(since)), ("n", "1000")]
            return result + ([("c", continuation)] if continuation is not None else [])
        return params

    # ----- parsing items ----------------------------------------------------------------------------------

    @staticmethod
    def check_item(item, where):
        """Gson reads every field of GoogleReaderDTO.Item, so a field of the wrong kind fails the response."""
        for key in ("id", "crawlTimeMsec", "timestampUsec", "title", "author"):
            gson(item, key, "string", where)
        gson(item, "published", "long", where)
        for key in ("summary", "origin"):
            gson(item, key, "object", where)
        for key in ("categories", "canonical", "alternate"):
            values = gson(item, key, "array", where)
            for index, value in enumerate(values or []):
                if key == "categories":
                    if isinstance(value, (dict, list)):
                        raise AppFailure(f"{where}.{key}[{index}]: Gson expects a string")
                elif not isinstance(value, dict) and value is not None:
                    raise AppFailure(f"{where}.{key}[{index}]: Gson expects an object")
                elif value is not None:
                    gson(value, "href", "string", f"{where}.{key}[{index}]")
        if isinstance(item.get("summary"), dict):
            gson(item["summary"], "content", "string", where + ".summary")
        if isinstance(item.get("origin"), dict):
            for key in ("streamId", "htmlUrl", "title"):
                gson(item["origin"], key, "string", where + ".origin")

    def fetch_contents(self, ids, unread, starred):
        now = time.time()
        articles = []
        ordered = sorted(ids, key=str)
        for start in range(0, len(ordered), 100):
            chunk = ordered[start:start + 100]

            def parse(response):
                data = body_json(response, "items/contents")
                if not isinstance(data, dict):
                    raise AppFailure("items/contents: Gson expects an object")
                gson(data, "id", "string", "items/contents")
                updated = gson(data, "updated", "long", "items/contents")
                items = gson(data, "items", "array", "items/contents")
                for index, item in enumerate(items or []):
                    if not isinstance(item, dict):
                        raise AppFailure(f"items[{index}]: Gson expects an object")
                    self.check_item(item, f"items[{index}]")
                return updated, items
            updated, items = self.with_retries("POST", "reader/api/0/stream/items/contents",
                                               form=[("i", item_id) for item_id in chunk], parse=parse)
            for index, item in enumerate(items or []):
                item_id = gson(item, "id", "string", f"items[{index}]")
                if item_id is None or not valid_item_id(item_id):
                    continue
                article_id = short_id(item_id)
                origin = gson(item, "origin", "object", f"items[{index}]")
                stream_id = gson(origin, "streamId", "string", f"items[{index}].origin") if origin else None
                if stream_id is None:
                    raise AppFailure(f"items[{index}]: origin.streamId missing: `!!` throws, the sync fails")
                published = gson(item, "published", "long", f"items[{index}]")
                if updated is None:
                    crawl = gson(item, "crawlTimeMsec", "string", f"items[{index}]")
                    if crawl is not None:
                        try:
                            int(crawl)
                        except ValueError as error:
                            raise AppFailure(f"items[{index}].crawlTimeMsec: toLong() fails on {crawl!r}") from error
                title = gson(item, "title", "string", f"items[{index}]")
                articles.append({
                    "id": article_id, "feedId": strip_feed(stream_id),
                    "title": html.unescape(title) if title is not None else "",
                    "date": published if published is not None and published <= now else int(now),
                    "link": self.article_link(item),
                    "isUnread": article_id in unread, "isStarred": article_id in starred})
        return articles

    @staticmethod
    def article_link(item):
        for key in ("canonical", "alternate"):
            values = item.get(key) or []
            if values and isinstance(values[0], dict) and values[0].get("href") is not None:
                return values[0]["href"]
        origin = item.get("origin") or {}
        return origin.get("htmlUrl") or ""

    # ----- sync --------------------------------------------------------------------------------------------

    def sync(self):
        now = time.time()
        self.ensure_credentials()
        last_month = month_ago(now)
        remote_unread = {short_id(i) for i in self.fetch_ids("unread", self.unread_params)}
        remote_starred = {short_id(i) for i in self.fetch_ids("starred", self.starred_params)}
        remote_read = {short_id(i) for i in self.fetch_ids("read", self.read_params(last_month))}
        local = self.db["articles"]
        local_ids = set(local)
        local_unread = {i for i, a in local.items() if a["isUnread"]}
        local_starred = {i for i, a in local.items() if a["isStarred"]}
        local_read = local_ids - local_unread
        for article_id in (local_ids - local_starred) & remote_starred:
            local[article_id]["isStarred"] = True
        for article_id in local_starred - remote_starred:
            local[article_id]["isStarred"] = False
        for article_id in remote_read & local_unread:
            local[article_id]["isUnread"] = False
        for article_id in local_read & remote_unread:
            local[article_id]["isUnread"] = True

        def parse_subscriptions(response):
            data = body_json(response, "subscription/list")
            if not isinstance(data, dict):
                raise AppFailure("subscription/list: Gson expects an object")
            subs = gson(data, "subscriptions", "array", "subscription/list")
            if subs is None:
                raise AppFailure("subscription/list: no subscriptions (null in a non-null field: the sync throws)")
            result = []
            for index, sub in enumerate(subs):
                where = f"subscriptions[{index}]"
                if not isinstance(sub, dict):
                    raise AppFailure(f"{where}: Gson expects an object")
                values = {key: gson(sub, key, "string", where) for key in ("id", "title", "url", "htmlUrl", "iconUrl", "sortid")}
                categories = gson(sub, "categories", "array", where) or []
                category = None
                for number, item in enumerate(categories):
                    if not isinstance(item, dict):
                        raise AppFailure(f"{where}.categories[{number}]: Gson expects an object")
                    pair = (gson(item, "id", "string", f"{where}.categories[{number}]"),
                            gson(item, "label", "string", f"{where}.categories[{number}]"))
                    category = category or pair
                values["category"] = category
                result.append(values)
            return result
        try:
            subscriptions = self.with_retries("GET", "reader/api/0/subscription/list", parse=parse_subscriptions)
        except AppFailure as failure:
            raise AppFailure(f"subscriptionList is null ({failure}): the sync fails") from failure

        to_sync = (remote_unread | remote_starred | remote_read) - local_ids
        new_articles = self.fetch_contents(to_sync, remote_unread, remote_starred)

        groups = {}
        feeds = {}
        for sub in subscriptions:
            category = sub["category"]
            if category is not None and category[0] is not None:
                group_id = strip_label(category[0])
                groups[group_id] = str(category[1])
            else:
                group_id = DEFAULT_GROUP
                groups[group_id] = "Defaults"
            if sub["id"] is None:
                raise AppFailure("feed id is null")
            url = sub["url"] if sub["url"] is not None else sub["htmlUrl"]
            if url is None:
                raise AppFailure("feed url is null")
            feeds[strip_feed(sub["id"])] = {"name": html.unescape(sub["title"]) if sub["title"] is not None else "",
                                            "url": url, "groupId": group_id, "icon": sub["iconUrl"]}
        self.db["groups"].update(groups)
        for feed_id, feed in feeds.items():
            self.db["feeds"][feed_id] = feed
        for article in new_articles:  # insertList: foreign key to the feed, no duplicate ids
            if article["feedId"] not in self.db["feeds"]:
                raise AppFailure(f"article {article['id']}: feed {article['feedId']!r} is not in the subscriptions: "
                                 "the foreign key fails the insert")
            if article["id"] in self.db["articles"]:
                raise AppFailure(f"article {article['id']} inserted twice: the insert fails")
            self.db["articles"][article["id"]] = {k: v for k, v in article.items() if k != "id"}
        for group_id in list(self.db["groups"]):
            if group_id not in groups and group_id != DEFAULT_GROUP:
                del self.db["groups"][group_id]
        for feed_id in list(self.db["feeds"]):
            if feed_id not in feeds:
                del self.db["feeds"][feed_id]
                self.db["articles"] = {i: a for i, a in self.db["articles"].items() if a["feedId"] != feed_id}
        self.db["lastSync"] = now
        self.check_failures()

    # ----- commands ------------------------------------------------------------------------------------------

    def article(self, article_id):
        article_id = short_id(article_id)
        if article_id not in self.db["articles"]:
            raise AppFailure(f"article {article_id} is not in Read You's database")
        return article_id

    def mark_read(self, article_id, unread):
        article_id = self.article(article_id)
        if self.db["articles"][article_id]["isUnread"] == unread:
            return  # no diff, nothing to send
        self.db["articles"][article_id]["isUnread"] = unread
        form = [("i", article_id), ("r" if unread else "a", STATE_READ)]
        try:
            self.with_retries("POST", "reader/api/0/edit-tag", form=form)
        except AppFailure as failure:
            self.failures.append(f"edit-tag (read): {failure} (kept pending in the app's diff map)")
        self.check_failures()

    def star(self, article_id, starred):
        article_id = self.article(article_id)
        self.db["articles"][article_id]["isStarred"] = starred
        form = [("i", article_id), ("a" if starred else "r", STATE_STARRED)]
        try:
            self.with_retries("POST", "reader/api/0/edit-tag", form=form)
        except AppFailure as failure:
            self.failures.append(f"edit-tag (star): {failure} (the app ignores it)")
        self.check_failures()

    def subscribe(self, address):
        feed_link, title = discover_feed(address, self.http)
        if any(feed["url"] == feed_link for feed in self.db["feeds"].values()):
            raise AppFailure("already subscribed (Read You checks its own database)")
        if title is None:
            raise AppFailure("feedTitle is null")

        def parse(response):
            data = body_json(response, "quickadd")
            if not isinstance(data, dict):
                raise AppFailure("quickadd: Gson expects an object")
            gson(data, "numResults", "long", "quickadd")
            gson(data, "query", "string", "quickadd")
            gson(data, "streamName", "string", "quickadd")
            return gson(data, "streamId", "string", "quickadd")
        stream_id = self.with_retries("POST", "reader/api/0/subscription/quickadd", [("quickadd", feed_link)],
                                      form=[("quickadd", feed_link)], parse=parse)
        if stream_id is None:
            raise AppFailure("feedId is null (quickadd gave no streamId)")
        feed_id = strip_feed(stream_id)
        group = DEFAULT_GROUP
        form = [("ac", "edit"), ("s", "feed/" + feed_id), ("a", "user/-/label/" + group)]
        if title.strip():
            form.append(("t", title))
        self.with_retries("POST", "reader/api/0/subscription/edit", form=form)
        self.db["feeds"][feed_id] = {"name": title, "url": feed_link, "groupId": group, "icon": None}

    def unsubscribe(self, feed_id):
        if feed_id not in self.db["feeds"] and strip_feed(feed_id) in self.db["feeds"]:
            feed_id = strip_feed(feed_id)
        if feed_id not in self.db["feeds"]:
            raise AppFailure(f"feed {feed_id} is not in Read You's database")
        self.with_retries("POST", "reader/api/0/subscription/edit",
                          form=[("ac", "unsubscribe"), ("s", "feed/" + feed_id)])
        del self.db["feeds"][feed_id]
        self.db["articles"] = {i: a for i, a in self.db["articles"].items() if a["feedId"] != feed_id}

    def check_failures(self):
        if self.failures:
            raise AppFailure("; ".join(self.failures))

    def describe(self):
        feeds = [{"id": feed_id, "title": feed["name"], "url": feed["url"],
                  "group": self.db["groups"].get(feed["groupId"], feed["groupId"])}
                 for feed_id, feed in sorted(self.db["feeds"].items())]
        items = [{"id": article_id, "title": article["title"], "feed": article["feedId"],
                  "read": not article["isUnread"], "starred": article["isStarred"]}
                 for article_id, article in sorted(self.db["articles"].items(), key=lambda pair: pair[0])]
        return {"feeds": feeds, "groups": sorted(self.db["groups"].values()), "items": items,
                "serverUrl": self.server, "accountType": self.db["accountType"]}


def main():
    state_dir, base, user, password, command, args = parse_args(APP, COMMANDS)
    if command == "import-opml":
        sys.stderr.write("Read You cannot import OPML into a Google Reader / FreshRSS account\n")
        sys.exit(2)
    if command != "sync" and not args:
        sys.stderr.write(f"{command} needs an argument\n")
        sys.exit(2)
    app = ReadYou(state_dir, base, user, password)
    actions = {
        "sync": app.sync,
        "mark-read": lambda: app.mark_read(args[0], False),
        "mark-unread": lambda: app.mark_read(args[0], True),
        "star": lambda: app.star(args[0], True),
        "unstar": lambda: app.star(args[0], False),
        "subscribe": lambda: app.subscribe(args[0]),
        "unsubscribe": lambda: app.unsubscribe(args[0]),
    }
    run(APP, command, app.state, app.http, actions[command], app.describe)


if __name__ == "__main__":
    main()
