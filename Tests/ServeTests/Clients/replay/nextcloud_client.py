#!/usr/bin/env python3
"""A Nextcloud News API client that replays what RSS Guard sends, holding its local library in a JSON file,
so that a test can drive rss-serve the way RSS Guard does and see what RSS Guard would end up with.

    nextcloud_client.py STATE_DIR BASE_URL USER PASSWORD COMMAND [ARGS...]

    COMMAND: sync | mark-read ID | mark-unread ID | star ID | unstar ID | mark-feed-read FEED_ID
             | subscribe URL [FOLDER_ID] | unsubscribe FEED_ID | create-folder NAME

STATE_DIR holds `nextcloud-state.json` (this "device"'s library; another STATE_DIR is another device).
BASE_URL is the server's root (http://127.0.0.1:7070), what a user types into RSS Guard's "URL" field; like
RSS Guard, the script adds "/" when it is missing and then "index.php/apps/news/api/v1-2/".

Replayed: RSS Guard 4.0.4 (Debian bookworm's rssguard), github.com/martinrotter/rssguard tag 4.0.4:
  src/librssguard/services/owncloud/definitions.h            API path v1-2, JSON content type
  src/librssguard/services/owncloud/owncloudnetworkfactory.cpp  every request and how its answer is read
  src/librssguard/services/owncloud/owncloudserviceroot.cpp  saveAllCachedData (marks), obtainNewMessages
  src/librssguard/services/owncloud/owncloudfeed.cpp         deleting a feed
  src/librssguard/services/owncloud/gui/owncloudaccountdetails.cpp  the account test (status, version >= 6.0.5)
  src/librssguard/core/feeddownloader.cpp                    cached marks go before each update
  src/librssguard/services/abstract/{feed,serviceroot,cacheforserviceroot}.cpp  marks are cached; a feed
                                                             marked read caches every article id of it
  src/librssguard/gui/reusable/messagecountspinbox.cpp       the batch size a new account gets: 200
NC_API=v1-3 replays RSS Guard 5.x instead (HEAD src/librssguard-nextcloud/src/nextcloudnetworkfactory.cpp,
nextcloudserviceroot.cpp, gui/formnextcloudfeeddetails.cpp): v1-3 paths, POST {"itemIds": [...]} marks,
version >= 27.2.0, feed adding then a sync-in. NC_BATCH sets the batch size (-1 = unlimited).

The sequence. `sync`: on the first sync the account test (GET status); then the cached marks, in 4.0.4's
order (unread, read, unstar, star; each only when there are some: PUT items/unread/multiple {"items": [ids]},
PUT items/read/multiple, PUT items/unstar/multiple and items/star/multiple {"items": [{"feedId": "<string>",
"guidHash": ...}]}); a sync-in (GET folders, GET feeds — RSS Guard does this on the first sync and when the
user asks to synchronize folders; this script does it every sync so new feeds show); then, per feed,
GET items?id=F&batchSize=200&type=0&getRead=true (no paging: RSS Guard takes the newest batchSize), whose
read and star states replace the local ones. RSS Guard 4.0.4 also GETs each feed's faviconLink without
credentials; this script does so only for links on the server's own origin and never fails on them.
The mark commands only cache (RSS Guard sends marks with the next update). `subscribe` follows RSS Guard's
createFeed (4.0.4: GET status, then POST feeds {"url", "folderId": null for the root when version >= 15.1.0};
5.x: POST feeds) and then syncs in; `unsubscribe` its deleteFeed (DELETE feeds/ID); `create-folder` has no
RSS Guard form, so it sends Readrops' and NewsFlash's POST folders {"name": NAME} and reads
{"folders": [{"id", "name"}]} (readrops/Readrops api/.../nextcloudnews/NextcloudNewsService.kt).

Answers are read as RSS Guard reads them (numbers via toInt(), booleans via toBool(), which is false for
anything but JSON true), and — unless NC_STRICT=0 — also checked against the stricter parsers of the other
clients that run against the server: newsboat 2.21 (newsboat/newsboat r2.21 src/ocnewsapi.cpp: title,
author, body, guid must be strings, 32-bit ids, status exactly 200), NewsFlash (crate nextcloud_news_api 0.5.0
models: guid, guidHash, body, fingerprint strings, pubDate and lastModified integers, rtl, pinned booleans)
and Readrops (adapters: "folders"/"items" the only key of their answer).

It prints one JSON object: the folders, feeds and items it holds, the requests made (method, path, status)
and the marks still cached. On an unexpected status or an answer the client would fail to parse it also
prints the reason on stderr (and as "error") and exits 1; bad usage, or a mark on something this device
does not hold, exits 2. Only `requests` and the
standard library are used.
"""

import json
import os
import sys
import urllib.parse

import requests

from replay_common import State

STATE_FILE = "nextcloud-state.json"
INT32_MAX = 2**31 - 1
JSON_TYPE = "application/json; charset=utf-8"  # OWNCLOUD_CONTENT_TYPE_JSON, sent on every request


class Failure(Exception):
    """An answer the replayed client would reject, or an unexpected status."""


def need(condition, message):
    if not condition:
        raise Failure(message)


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def version_tuple(text):
    """SystemFactory::isVersionEqualOrNewer compares dot-separated numbers."""
    parts = []
    for part in text.split("."):
        digits = "".join(ch for ch in part if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


class NextcloudClient:
    def __init__(self, state_dir, base_url, user, password):
        self.api = os.environ.get("NC_API", "v1-2")
        if self.api not in ("v1-2", "v1-3"):
            raise ValueError("NC_API is v1-2 or v1-3")
        self.v13 = self.api == "v1-3"
        self.batch = int(os.environ.get("NC_BATCH", "200"))
        self.strict = os.environ.get("NC_STRICT", "1") != "0"
        fixed = base_url if base_url.endswith("/") else base_url + "/"
        self.api_url = fixed + f"index.php/apps/news/api/{self.api}/"
        self.origin = urllib.parse.urlsplit(fixed)[:2]
        self.session = requests.Session()
        self.auth = (user, password)
        self.requests = []
        self.store = State(state_dir, {"synced": False, "version": None, "folders": {}, "feeds": {}, "items": {},
                    "cache": {"read": [], "unread": [], "star": [], "unstar": []}}, name=STATE_FILE)
        self.state = self.store.data

    # ---- local library -------------------------------------------------------------------------------

    def save(self):
        self.store.save()

    def report(self, error=None):
        folders = [{"id": int(i), "name": n} for i, n in sorted(self.state["folders"].items(), key=lambda f: int(f[0]))]
        feeds = [self.state["feeds"][k] for k in sorted(self.state["feeds"], key=int)]
        items = [
            {"id": it["id"], "title": it["title"], "feed": it["feed"], "read": it["read"], "starred": it["starred"]}
            for it in sorted(self.state["items"].values(), key=lambda it: it["id"])
        ]
        out = {"client": f"nextcloud (RSS Guard {'5.x, v1-3' if self.v13 else '4.0.4, v1-2'})",
               "folders": folders, "feeds": feeds, "items": items, "requests": self.requests,
               "cached": self.state["cache"]}
        if error:
            out["error"] = error
        return out

    # ---- transport ---------------------------------------------------------------------------------------

    def call(self, method, route, body=None, parse=True):
        """One API request with Basic authentication and RSS Guard's JSON content type (on GETs too)."""
        data = json.dumps(body, separators=(",", ":")).encode() if body is not None else b""
        record = {"method": method, "path": urllib.parse.urlsplit(self.api_url).path + route}
        if body is not None:
            record["body"] = body
        self.requests.append(record)
        response = self.session.request(method, self.api_url + route, data=data, auth=self.auth,
                                        headers={"Content-Type": JSON_TYPE}, timeout=120)
        record["status"] = response.status_code
        # RSS Guard takes any 2xx; newsboat (which runs against the same server) only 200.
        ok = response.status_code == 200 if self.strict else 200 <= response.status_code < 300
        need(ok, f"{method} {record['path']}: HTTP {response.status_code} {response.text[:200]!r}")
        if not parse:
            return None
        try:
            answer = response.json()
        except ValueError:
            raise Failure(f"{method} {record['path']}: the answer is not JSON: {response.text[:200]!r}")
        need(isinstance(answer, dict) and answer, f"{method} {record['path']}: the answer is not a non-empty "
                                                  f"JSON object (OwnCloudResponse::isLoaded)")
        return answer

    # ---- answers -------------------------------------------------------------------------------------------

    def check_id(self, value, what):
        need(is_int(value), f"{what}: {value!r} is not a JSON number (QJsonValue::toInt() gives 0)")
        need(0 < value <= INT32_MAX, f"{what}: {value} does not fit a 32-bit int (toInt(); newsboat json_object_get_int)")
        return value

    def only_key(self, answer, key, where):
        need(isinstance(answer.get(key), list), f"{where}: \"{key}\" is missing or not an array")
        if self.strict:
            need(list(answer) == [key], f"{where}: keys {list(answer)}; Readrops reads the first key as \"{key}\" "
                                        f"and then expects the object to end")

    def read_status(self):
        answer = self.call("GET", "status")
        version = answer.get("version")
        need(isinstance(version, str) and version, f"status: version is {version!r}, not a string (toString())")
        least = "27.2.0" if self.v13 else "6.0.5"
        need(version_tuple(version) >= version_tuple(least),
             f"status: version {version} is older than RSS Guard's minimum {least}")
        if self.strict:
            need(isinstance(answer.get("warnings"), dict), "status: warnings object missing (spec)")
        self.state["version"] = version
        return version

    def read_folders(self, answer):
        self.only_key(answer, "folders", "folders")
        folders = {}
        for f in answer["folders"]:
            need(isinstance(f, dict), "folders: an element is not an object")
            fid = self.check_id(f.get("id"), "folders[].id")
            need(isinstance(f.get("name"), str), f"folder {fid}: name is not a string (newsboat 2.21: std::string "
                                                 f"from json_object_get_string)")
            if self.strict:
                need(f["name"] != "", f"folder {fid}: empty name (Readrops nextNonEmptyString)")
            folders[fid] = f["name"]
        return folders

    def read_feed(self, f, folders):
        need(isinstance(f, dict), "feeds: an element is not an object")
        fid = self.check_id(f.get("id"), "feeds[].id")
        folder = f.get("folderId")
        need(folder is None or is_int(folder), f"feed {fid}: folderId {folder!r} is not a number or null")
        folder = folder or 0
        need(folder == 0 or folder in folders,
             f"feed {fid}: folderId {folder} is not in GET folders (RSS Guard 4.0.4 dereferences a null parent)")
        title, url = f.get("title"), f.get("url")
        if self.strict:
            need(isinstance(title, str), f"feed {fid}: title {title!r} is not a string (newsboat 2.21, NewsFlash)")
            need(isinstance(url, str) and url, f"feed {fid}: url {url!r} (newsboat 2.21, Readrops nextNonEmptyString)")
            need(is_int(f.get("added")), f"feed {fid}: added is not Unix seconds (NewsFlash i64)")
            need(is_int(f.get("ordering")) and f["ordering"] in (0, 1, 2), f"feed {fid}: ordering not 0..2 (NewsFlash)")
            need(isinstance(f.get("pinned"), bool), f"feed {fid}: pinned is not a JSON boolean (NewsFlash)")
            need(is_int(f.get("updateErrorCount")), f"feed {fid}: updateErrorCount missing (NewsFlash u64)")
            need(f.get("faviconLink") is None or isinstance(f.get("faviconLink"), str), f"feed {fid}: faviconLink")
            need(is_int(f.get("unreadCount", 0)), f"feed {fid}: unreadCount is not a number")
        title = title if isinstance(title, str) else ""
        url = url if isinstance(url, str) else (f.get("link") if isinstance(f.get("link"), str) else "")
        if not title:
            need(url, f"feed {fid}: no title and no url (RSS Guard skips it)")
            title = url
        return {"id": fid, "title": title, "url": url, "folder": folder,
                "faviconLink": f.get("faviconLink") if isinstance(f.get("faviconLink"), str) else ""}

    def read_feeds(self, answer, folders):
        need(isinstance(answer.get("feeds"), list), "feeds: \"feeds\" is missing or not an array")
        if self.strict:
            need(is_int(answer.get("starredCount")), "feeds: starredCount missing or not a number (spec)")
            need("newestItemId" not in answer or is_int(answer["newestItemId"]), "feeds: newestItemId not a number")
        return {f["id"]: f for f in (self.read_feed(f, folders) for f in answer["feeds"])}

    def read_item(self, it, feed_id):
        need(isinstance(it, dict), "items: an element is not an object")
        iid = self.check_id(it.get("id"), "items[].id")
        fid = self.check_id(it.get("feedId"), f"item {iid}: feedId")
        need(fid == feed_id, f"item {iid}: feedId {fid} in the answer for feed {feed_id}")
        for key in ("unread", "starred"):
            need(isinstance(it.get(key), bool),
                 f"item {iid}: {key} is {it.get(key)!r}, not a JSON boolean (RSS Guard toBool() reads it as false)")
        need(isinstance(it.get("guidHash"), str) and it["guidHash"],
             f"item {iid}: guidHash {it.get('guidHash')!r} (RSS Guard stars by feedId + guidHash)")
        need(is_int(it.get("pubDate")) or isinstance(it.get("pubDate"), float),
             f"item {iid}: pubDate is not Unix seconds (toDouble())")
        for key in ("title", "url", "author", "body", "enclosureLink", "enclosureMime"):
            need(it.get(key) is None or isinstance(it.get(key), str), f"item {iid}: {key} is not a string")
        if self.strict:
            for key in ("title", "author", "body", "guid"):
                need(isinstance(it.get(key), str),
                     f"item {iid}: {key} is {it.get(key)!r}; newsboat 2.21 assigns it to std::string unchecked "
                     f"(null or missing crashes it)")
            for key in ("fingerprint",):
                need(isinstance(it.get(key), str), f"item {iid}: {key} is not a string (NewsFlash)")
            need(is_int(it.get("pubDate")), f"item {iid}: pubDate is not an integer (NewsFlash i64, newsboat int)")
            need(is_int(it.get("lastModified")), f"item {iid}: lastModified is not integer seconds (NewsFlash i64)")
            need(isinstance(it.get("rtl"), bool), f"item {iid}: rtl is not a JSON boolean (NewsFlash)")
        return {"id": iid, "feed": fid, "guidHash": it["guidHash"], "title": it.get("title") or "",
                "url": it.get("url") or "", "pubDate": it["pubDate"], "read": not it["unread"],
                "starred": it["starred"], "lastModified": it.get("lastModified")}

    # ---- the cache of marks (CacheForServiceRoot) ------------------------------------------------------------

    def cache_read(self, ids, read):
        cache = self.state["cache"]
        into, out_of = ("read", "unread") if read else ("unread", "read")
        for i in ids:
            if i in cache[out_of]:
                cache[out_of].remove(i)
            if i not in cache[into]:
                cache[into].append(i)

    def cache_star(self, item, star):
        cache = self.state["cache"]
        entry = {"id": item["id"], "feedId": str(item["feed"]), "guidHash": item["guidHash"]}
        into, out_of = ("star", "unstar") if star else ("unstar", "star")
        cache[out_of] = [e for e in cache[out_of] if e["id"] != item["id"]]
        if all(e["id"] != item["id"] for e in cache[into]):
            cache[into].append(entry)

    def send_cache(self):
        """saveAllCachedData: read states (QMap order: Unread=0, Read=1), then importance (NotImportant=0,
        Important=1). A failed send keeps the marks (addMessageStatesToCache again)."""
        cache = self.state["cache"]
        verb = "POST" if self.v13 else "PUT"
        for kind in ("unread", "read"):
            if cache[kind]:
                key = "itemIds" if self.v13 else "items"
                self.call(verb, f"items/{kind}/multiple", {key: [int(i) for i in cache[kind]]}, parse=False)
                cache[kind] = []
        for kind in ("unstar", "star"):
            if cache[kind]:
                if self.v13:
                    body = {"itemIds": [e["id"] for e in cache[kind]]}
                else:
                    body = {"items": [{"feedId": e["feedId"], "guidHash": e["guidHash"]} for e in cache[kind]]}
                self.call(verb, f"items/{kind}/multiple", body, parse=False)
                cache[kind] = []

    # ---- commands ------------------------------------------------------------------------------------------

    def sync_in(self):
        folders = self.read_folders(self.call("GET", "folders"))
        feeds = self.read_feeds(self.call("GET", "feeds"), folders)
        for feed in feeds.values():
            link = feed.pop("faviconLink")
            if link and urllib.parse.urlsplit(link)[:2] == self.origin:
                record = {"method": "GET", "path": urllib.parse.urlsplit(link).path, "icon": True}
                self.requests.append(record)
                try:
                    record["status"] = self.session.get(link, timeout=30).status_code
                except requests.RequestException as error:
                    record["status"] = f"failed: {type(error).__name__}"
        self.state["folders"] = {str(k): v for k, v in folders.items()}
        self.state["feeds"] = {str(k): v for k, v in feeds.items()}
        # removeLeftOverMessages: articles of feeds that are gone go too.
        items = self.state["items"]
        for key in [k for k, it in items.items() if str(it["feed"]) not in self.state["feeds"]]:
            del items[key]

    def sync(self):
        if not self.state["synced"]:
            self.read_status()
        self.send_cache()
        self.sync_in()
        batch = self.batch if self.batch > 0 else -1
        items = self.state["items"]
        for fid in sorted(self.state["feeds"], key=int):
            answer = self.call("GET", f"items?id={fid}&batchSize={batch}&type=0&getRead=true")
            self.only_key(answer, "items", f"items of feed {fid}")
            got = [self.read_item(it, int(fid)) for it in answer["items"]]
            if batch > 0:
                need(len(got) <= batch, f"items of feed {fid}: {len(got)} items for batchSize={batch}")
            ids = [it["id"] for it in got]
            need(ids == sorted(ids, reverse=True), f"items of feed {fid}: not in descending id order (spec)")
            for it in got:
                items[str(it["id"])] = it
        self.state["synced"] = True

    def held(self, item_id):
        item = self.state["items"].get(str(item_id))
        if item is None:
            raise ValueError(f"item {item_id} is not held on this device (sync first)")
        return item

    def mark_read(self, item_id, read):
        item = self.held(item_id)
        item["read"] = read
        self.cache_read([item_id], read)

    def mark_star(self, item_id, star):
        item = self.held(item_id)
        item["starred"] = star
        self.cache_star(item, star)

    def mark_feed_read(self, feed_id):
        if str(feed_id) not in self.state["feeds"]:
            raise ValueError(f"feed {feed_id} is not known on this device")
        ids = [it["id"] for it in self.state["items"].values() if it["feed"] == feed_id]
        for i in ids:
            self.state["items"][str(i)]["read"] = True
        self.cache_read(ids, True)

    def subscribe(self, url, folder_id):
        if self.v13:
            folder = None if folder_id == 0 else folder_id
        else:
            version = self.read_status()
            folder = (None if folder_id == 0 else folder_id) if version_tuple(version) >= version_tuple("15.1.0") \
                else folder_id
        answer = self.call("POST", "feeds", {"url": url, "folderId": folder}, parse=self.strict)
        if self.strict:
            need(isinstance(answer.get("feeds"), list) and len(answer["feeds"]) == 1,
                 "POST feeds: the answer is not {\"feeds\": [<the new feed>]} (NewsFlash, Readrops)")
            known = {int(k) for k in self.state["folders"]} | ({folder} if folder else set())
            self.read_feed(answer["feeds"][0], known)
        self.sync_in()  # RSS Guard 5 requests a sync-in after adding; 4.0.4's user would

    def unsubscribe(self, feed_id):
        self.call("DELETE", f"feeds/{feed_id}", parse=False)
        self.state["feeds"].pop(str(feed_id), None)
        items = self.state["items"]
        for key in [k for k, it in items.items() if it["feed"] == feed_id]:
            del items[key]

    def create_folder(self, name):
        answer = self.call("POST", "folders", {"name": name})
        folders = self.read_folders(answer)
        need(len(folders) == 1 and list(folders.values())[0] == name,
             f"POST folders: expected {{\"folders\": [{{\"id\", \"name\": {name!r}}}]}}, got {answer!r}")
        for fid, fname in folders.items():
            self.state["folders"][str(fid)] = fname


def main(argv):
    if len(argv) < 6:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    state_dir, base_url, user, password, command = argv[1:6]
    args = argv[6:]
    try:
        client = NextcloudClient(state_dir, base_url, user, password)
    except ValueError as error:
        print(f"nextcloud_client: {error}", file=sys.stderr)
        return 2
    try:
        def number(text):
            if not text.isdigit():
                raise ValueError(f"{command}: {text!r} is not a number")
            return int(text)

        def one_id():
            if len(args) != 1:
                raise ValueError(f"{command} takes one id")
            return number(args[0])
        if command == "sync" and not args:
            client.sync()
        elif command == "mark-read":
            client.mark_read(one_id(), True)
        elif command == "mark-unread":
            client.mark_read(one_id(), False)
        elif command == "star":
            client.mark_star(one_id(), True)
        elif command == "unstar":
            client.mark_star(one_id(), False)
        elif command == "mark-feed-read":
            client.mark_feed_read(one_id())
        elif command == "subscribe" and len(args) in (1, 2):
            client.subscribe(args[0], number(args[1]) if len(args) == 2 else 0)
        elif command == "unsubscribe":
            client.unsubscribe(one_id())
        elif command == "create-folder" and len(args) == 1:
            client.create_folder(args[0])
        else:
            raise ValueError(f"unknown command or arguments: {command} {args}")
    except ValueError as error:
        print(f"nextcloud_client: {error}", file=sys.stderr)
        return 2
    except (Failure, requests.RequestException) as error:
        message = str(error) if isinstance(error, Failure) else f"{type(error).__name__}: {error}"
        print(f"nextcloud_client: {message}", file=sys.stderr)
        client.save()  # what was sent stays sent (RSS Guard clears each cached list once it went through)
        print(json.dumps(client.report(message)))
        return 1
    client.save()
    print(json.dumps(client.report()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
