#!/usr/bin/env python3
"""A Fever API client that replays what Unread (iOS) sends, holding its local library in a JSON file, so
that a test can drive rss-serve the way a Fever app does and see what the app would end up with.

    fever_client.py STATE_DIR BASE_URL USER PASSWORD COMMAND [ARGS...]

    COMMAND: sync | mark-read ID | mark-unread ID | star ID | unstar ID | mark-feed-read FEED_ID

STATE_DIR holds `fever-state.json` (this "device"'s library; another STATE_DIR is another device).
BASE_URL is the server's root (http://127.0.0.1:7070). Like Unread, the script appends "?api" to the Fever
address a user types, which for rss-serve is BASE_URL + FEVER_PATH (default "/fever/", Miniflux's form;
FEVER_PATH=/api/fever.php gives FreshRSS's).

What it replays, and where that was read:
  * The sequence: Unread adding a Fever account, as logged by the author of FreshRSS's Fever API in FreshRSS
    pull request #1836 (2018-05-20): "?api" without a key (a probe), "?api" with api_key, "?api&feeds",
    "?api&groups", "?api&saved_item_ids", "?api&unread_item_ids", then "?api&items&with_ids=..." for the items
    it does not hold, newest first. A later `sync` sends the marks it could not send at once, then repeats the
    sequence without the probe (the log shows only the first sync; the order of refreshes is ours).
  * Unread sends the key as a POSTed urlencoded field: FreshRSS reads it from $_POST only and authenticated
    it, and Miniflux (which lists Unread as compatible) reads a body only on POST. The Arsse (mensbeam/Arsse,
    commit 0117e7f9, lib/REST/Fever/API.php) had to accept GET "for client Unread"; Arsse too reads the key
    from the POST body only, so the GET it saw is the key-less probe, which this script sends as a GET.
    FEVER_METHOD=GET sends every request as a GET with the same body (the literal reading of that commit).
    NewsFlash and Readrops send multipart bodies (Arsse 0117e7f9; readrops/Readrops
    api/.../fever/FeverDataSource.kt): FEVER_BODY=multipart.
  * Marks, sent at once, one request each (Unread, and fluent-reader src/scripts/models/services/fever.ts,
    ReadYou app/.../provider/fever/FeverAPI.kt): mark=item&as=read|unread|saved|unsaved&id=N;
    mark=feed&as=read&id=F&before=<Unix seconds of the last items request> (spec: feedafever.com/api, copy in
    dasmurphy/tinytinyrss-fever-plugin fever-api.md). A mark that cannot reach the server is kept and sent
    by the next sync, as Unread does offline.
  * Unread's parser is closed, so answers are checked with the strictest of the open Fever clients, each
    check naming the client it stands for: Readrops (api/.../fever/adapters/*.kt: Moshi, nextInt for ids
    and flags, non-empty titles, group objects of exactly {id,title}), Read You (FeverDTO.kt, FeverRssService.kt:
    Int ids, every feed in a feeds_groups entry), Fluent Reader (fever.ts: id lists are strings, items'
    feeds must be known).

It prints one JSON object: the groups, feeds and items it holds, the requests it made (method, path with the
query, status; never the key) and the marks still queued. On an unexpected status or an answer the client
would fail to parse it also prints the reason on stderr (and as "error" in the JSON) and exits 1; bad usage,
or a mark on an item this device does not hold, exits 2. Only `requests` and the standard library are used.
"""

import hashlib
import json
import os
import sys
import time

import requests

from replay_common import State

STATE_FILE = "fever-state.json"
INT32_MAX = 2**31 - 1
WITH_IDS_MAX = 50  # the spec's maximum for with_ids


class Failure(Exception):
    """An answer the replayed client would reject, or an unexpected status."""


def need(condition, message):
    if not condition:
        raise Failure(message)


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def parse_id(value, what, client="Readrops nextInt() / Read You Int"):
    """An id as Fever clients read it: a JSON number that fits in 32 bits (or, for items, a digit string,
    which FreshRSS sends and Readrops and Read You accept)."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    need(is_int(value), f"{what}: {value!r} is not an integer id")
    need(0 < value <= INT32_MAX, f"{what}: {value} is not a positive 32-bit id ({client})")
    return value


def parse_id_list(value, what):
    """unread_item_ids / saved_item_ids / feed_ids: a string of comma-separated ids, "" for none."""
    need(isinstance(value, str), f"{what} is {type(value).__name__}, not a string (Fluent Reader checks typeof)")
    if value == "":
        return []
    ids = []
    for part in value.split(","):
        need(part.isdigit(), f"{what}: {part!r} is not a decimal id (Readrops toInt())")
        ids.append(parse_id(int(part), what))
    return ids


class FeverClient:
    def __init__(self, state_dir, base_url, user, password):
        self.fever_path = os.environ.get("FEVER_PATH", "/fever/")
        if not self.fever_path.startswith("/"):
            self.fever_path = "/" + self.fever_path
        self.endpoint = base_url.rstrip("/") + self.fever_path
        self.method = os.environ.get("FEVER_METHOD", "POST").upper()
        self.body_kind = os.environ.get("FEVER_BODY", "urlencoded")
        self.api_key = hashlib.md5(f"{user}:{password}".encode("utf-8")).hexdigest()
        self.session = requests.Session()
        self.requests = []
        initial = {"synced": False, "groups": {}, "feeds": {}, "items": {}, "queue": [], "last_items_request": 0}
        self.store = State(state_dir, initial, name=STATE_FILE)
        self.state = self.store.data

    # ---- local library -------------------------------------------------------------------------------

    def save(self):
        self.store.save()

    def report(self, error=None):
        groups = [{"id": int(i), "title": t} for i, t in sorted(self.state["groups"].items(), key=lambda g: int(g[0]))]
        feeds = [self.state["feeds"][k] for k in sorted(self.state["feeds"], key=int)]
        items = [
            {"id": it["id"], "title": it["title"], "feed": it["feed_id"], "read": it["read"], "starred": it["starred"]}
            for it in sorted(self.state["items"].values(), key=lambda it: it["id"])
        ]
        out = {"client": "fever (Unread's sequence)", "groups": groups, "feeds": feeds, "items": items,
               "requests": self.requests, "queued": self.state["queue"]}
        if error:
            out["error"] = error
        return out

    # ---- transport ---------------------------------------------------------------------------------------

    def call(self, keys=(), fields=None, with_key=True, method=None):
        """One Fever request: `keys` go in the query after "api" (bare when the value is None), the key and
        `fields` in the body. Returns the parsed, checked base object."""
        query = "api" + "".join(f"&{k}" if v is None else f"&{k}={v}" for k, v in keys)
        body = {}
        if with_key:
            body["api_key"] = self.api_key
        body.update(fields or {})
        kwargs = {"timeout": 60}
        if body and self.body_kind == "multipart":
            kwargs["files"] = {k: (None, str(v)) for k, v in body.items()}
        elif body:
            kwargs["data"] = body
        method = method or self.method
        record = {"method": method, "path": self.fever_path + "?" + query}
        if fields:
            record["form"] = {k: str(v) for k, v in fields.items()}
        self.requests.append(record)
        response = self.session.request(method, self.endpoint + "?" + query, **kwargs)
        record["status"] = response.status_code
        need(response.status_code == 200,
             f"{record['method']} {record['path']}: HTTP {response.status_code} (Fever servers answer 200, "
             f"with auth 0 for a bad key)")
        try:
            answer = response.json()
        except ValueError:
            raise Failure(f"{record['path']}: the answer is not JSON: {response.text[:200]!r}")
        need(isinstance(answer, dict), f"{record['path']}: the answer is not a JSON object")
        need(is_int(answer.get("api_version")), f"{record['path']}: api_version is missing or not an integer")
        need(is_int(answer.get("auth")) and answer["auth"] in (0, 1),
             f"{record['path']}: auth is {answer.get('auth')!r}, not the integer 0 or 1 (Readrops nextInt())")
        if with_key:
            need(answer["auth"] == 1, f"{record['path']}: auth is 0 — the server refused the api_key")
            refreshed = answer.get("last_refreshed_on_time")
            need(is_int(refreshed) or (isinstance(refreshed, str) and refreshed.isdigit()),
                 f"{record['path']}: last_refreshed_on_time is {refreshed!r}, not Unix seconds (Read You Long)")
        return answer

    # ---- answers -------------------------------------------------------------------------------------------

    def read_groups(self, answer):
        need(isinstance(answer.get("groups"), list), "groups: missing or not an array")
        groups = {}
        for g in answer["groups"]:
            need(isinstance(g, dict), "groups: an element is not an object")
            need(set(g) == {"id", "title"},
                 f"groups: group object has keys {sorted(g)}; Readrops' group parser loops forever on any key "
                 f"but id and title")
            gid = parse_id(g["id"], "groups[].id")
            need(isinstance(g["title"], str) and g["title"].strip() != "",
                 f"groups: group {gid} has title {g['title']!r} (Readrops nextNonEmptyString)")
            groups[gid] = g["title"]
        return groups

    def read_feeds_groups(self, answer, where):
        need(isinstance(answer.get("feeds_groups"), list), f"{where}: feeds_groups missing or not an array")
        membership = {}
        for fg in answer["feeds_groups"]:
            need(isinstance(fg, dict), f"{where}: feeds_groups element is not an object")
            gid = parse_id(fg.get("group_id"), f"{where}: feeds_groups[].group_id")
            need(isinstance(fg.get("feed_ids"), str) and fg["feed_ids"] != "",
                 f"{where}: feeds_groups for group {gid}: feed_ids {fg.get('feed_ids')!r} is not a non-empty "
                 f"string (Readrops splits it and toInt()s every part)")
            for fid in parse_id_list(fg["feed_ids"], f"{where}: feed_ids of group {gid}"):
                membership.setdefault(fid, []).append(gid)
        return membership

    def read_feeds(self, answer):
        need(isinstance(answer.get("feeds"), list), "feeds: missing or not an array")
        feeds = {}
        for f in answer["feeds"]:
            need(isinstance(f, dict), "feeds: an element is not an object")
            fid = parse_id(f.get("id"), "feeds[].id")
            need(is_int(f.get("favicon_id")), f"feed {fid}: favicon_id is not an integer (Readrops nextInt())")
            need(isinstance(f.get("title"), str) and f["title"].strip() != "",
                 f"feed {fid}: title {f.get('title')!r} (Readrops nextNonEmptyString)")
            need(isinstance(f.get("url"), str) and f["url"] != "",
                 f"feed {fid}: url {f.get('url')!r} (Readrops nextNonEmptyString; Read You url!!)")
            need(f.get("site_url") is None or isinstance(f.get("site_url"), str), f"feed {fid}: site_url not a string")
            need(is_int(f.get("is_spark", 0)), f"feed {fid}: is_spark is not an integer")
            need(is_int(f.get("last_updated_on_time", 0)), f"feed {fid}: last_updated_on_time is not Unix seconds")
            feeds[fid] = {"id": fid, "title": f["title"], "url": f["url"], "site_url": f.get("site_url")}
        return feeds

    def read_items(self, answer, where):
        need(isinstance(answer.get("items"), list), f"{where}: items missing or not an array")
        need(is_int(answer.get("total_items")), f"{where}: total_items missing or not an integer")
        items = []
        for it in answer["items"]:
            need(isinstance(it, dict), f"{where}: an item is not an object")
            iid = parse_id(it.get("id"), f"{where}: items[].id")
            fid = parse_id(it.get("feed_id"), f"{where}: item {iid} feed_id")
            need(isinstance(it.get("title"), str) and it["title"].strip() != "",
                 f"item {iid}: title {it.get('title')!r} (Readrops nextNonEmptyString: \"Json value can't be null\")")
            for key in ("author", "html", "url"):
                need(it.get(key) is None or isinstance(it.get(key), str), f"item {iid}: {key} is not a string")
            for key in ("is_read", "is_saved"):
                need(is_int(it.get(key)) and it[key] in (0, 1),
                     f"item {iid}: {key} is {it.get(key)!r}, not the integer 0 or 1 (Readrops nextInt())")
            need(is_int(it.get("created_on_time")), f"item {iid}: created_on_time is not Unix seconds (nextLong())")
            items.append({"id": iid, "feed_id": fid, "title": it["title"], "url": it.get("url"),
                          "created_on_time": it["created_on_time"], "read": it["is_read"] == 1,
                          "starred": it["is_saved"] == 1})
        return items

    def apply_lists(self, answer):
        """A mark's answer may carry the lists (spec; FreshRSS and Arsse send them)."""
        if "unread_item_ids" in answer:
            unread = set(parse_id_list(answer["unread_item_ids"], "unread_item_ids"))
            for it in self.state["items"].values():
                it["read"] = it["id"] not in unread
        if "saved_item_ids" in answer:
            saved = set(parse_id_list(answer["saved_item_ids"], "saved_item_ids"))
            for it in self.state["items"].values():
                it["starred"] = it["id"] in saved

    # ---- commands ------------------------------------------------------------------------------------------

    def send_mark(self, mark):
        fields = {"mark": mark["mark"], "as": mark["as"], "id": mark["id"]}
        if "before" in mark:
            fields["before"] = mark["before"]
        answer = self.call(fields=fields)
        self.apply_lists(answer)

    def sync(self):
        first = not self.state["synced"]
        if first:
            probe = self.call(with_key=False, method="GET")  # Unread's first request: no key, no body
            need(probe["auth"] == 0, "?api without api_key answered auth 1: the endpoint is open to anyone")
            self.call()  # the key, nothing else: auth must be 1
        # Marks that could not be sent when they were made.
        while self.state["queue"]:
            self.send_mark(self.state["queue"][0])
            self.state["queue"].pop(0)

        feeds_answer = self.call([("feeds", None)])
        feeds = self.read_feeds(feeds_answer)
        membership = self.read_feeds_groups(feeds_answer, "feeds")
        groups_answer = self.call([("groups", None)])
        groups = self.read_groups(groups_answer)
        membership_g = self.read_feeds_groups(groups_answer, "groups")
        need({f: sorted(g) for f, g in membership.items()} == {f: sorted(g) for f, g in membership_g.items()},
             "feeds_groups differs between ?api&feeds and ?api&groups")
        for fid in feeds:
            need(fid in membership,
                 f"feed {fid} is in no feeds_groups entry (Read You: feedsGroupsMap[id]!! throws, and it deletes "
                 f"feeds in no group)")
        for fid, gids in membership.items():
            need(fid in feeds, f"feeds_groups names feed {fid}, which ?api&feeds does not list")
            for gid in gids:
                need(gid in groups, f"feeds_groups names group {gid}, which ?api&groups does not list")
        for fid, feed in feeds.items():
            feed["groups"] = sorted(membership.get(fid, []))

        saved = parse_id_list(self.call([("saved_item_ids", None)])["saved_item_ids"], "saved_item_ids")
        list_time = int(time.time())
        unread = parse_id_list(self.call([("unread_item_ids", None)])["unread_item_ids"], "unread_item_ids")

        items = self.state["items"]
        # Items of feeds no longer followed go.
        for key in [k for k, it in items.items() if it["feed_id"] not in feeds]:
            del items[key]
        wanted = [i for i in sorted(set(saved), reverse=True) if str(i) not in items]
        wanted += [i for i in sorted(set(unread) - set(saved), reverse=True) if str(i) not in items]
        items_time = None
        for start in range(0, len(wanted), WITH_IDS_MAX):
            chunk = wanted[start:start + WITH_IDS_MAX]
            items_time = int(time.time())
            answer = self.call([("items", None), ("with_ids", ",".join(map(str, chunk)))])
            got = self.read_items(answer, "items&with_ids")
            got_ids = {it["id"] for it in got}
            need(got_ids <= set(chunk), f"with_ids answered items not asked for: {sorted(got_ids - set(chunk))}")
            need(got_ids == set(chunk), f"with_ids did not answer items it listed as unread or saved: "
                                        f"{sorted(set(chunk) - got_ids)}")
            for it in got:
                need(it["feed_id"] in feeds,
                     f"item {it['id']} belongs to feed {it['feed_id']}, which ?api&feeds does not list "
                     f"(Fluent Reader: source undefined)")
                items[str(it["id"])] = it
        unread_set, saved_set = set(unread), set(saved)
        for it in items.values():
            it["read"] = it["id"] not in unread_set
            it["starred"] = it["id"] in saved_set
        self.state["groups"] = {str(g): t for g, t in groups.items()}
        self.state["feeds"] = {str(f): v for f, v in feeds.items()}
        self.state["last_items_request"] = items_time or list_time
        self.state["synced"] = True

    def mark(self, mark, local):
        if not self.state["synced"]:
            raise ValueError("sync first: the app holds nothing yet")
        local()
        try:
            self.send_mark(mark)
        except requests.ConnectionError as error:
            # Offline: Unread keeps the mark and sends it with the next sync.
            self.requests[-1]["status"] = f"not sent: {type(error).__name__}"
            self.state["queue"].append(mark)

    def held(self, item_id):
        item = self.state["items"].get(str(item_id))
        if item is None:
            raise ValueError(f"item {item_id} is not held on this device (sync first; Unread fetches only unread and "
                             f"saved items)")
        return item

    def mark_item(self, item_id, as_, field, value):
        item = self.held(item_id)
        self.mark({"mark": "item", "as": as_, "id": item_id}, lambda: item.__setitem__(field, value))

    def mark_feed_read(self, feed_id):
        if str(feed_id) not in self.state["feeds"]:
            raise ValueError(f"feed {feed_id} is not known on this device")
        before = self.state["last_items_request"] or int(time.time())

        def local():
            for it in self.state["items"].values():
                if it["feed_id"] == feed_id:
                    it["read"] = True
        self.mark({"mark": "feed", "as": "read", "id": feed_id, "before": before}, local)


def main(argv):
    if len(argv) < 6:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    state_dir, base_url, user, password, command = argv[1:6]
    args = argv[6:]
    client = FeverClient(state_dir, base_url, user, password)
    try:
        def one_id():
            if len(args) != 1 or not args[0].isdigit():
                raise ValueError(f"{command} takes one numeric id")
            return int(args[0])
        if command == "sync" and not args:
            client.sync()
        elif command == "mark-read":
            client.mark_item(one_id(), "read", "read", True)
        elif command == "mark-unread":
            client.mark_item(one_id(), "unread", "read", False)
        elif command == "star":
            client.mark_item(one_id(), "saved", "starred", True)
        elif command == "unstar":
            client.mark_item(one_id(), "unsaved", "starred", False)
        elif command == "mark-feed-read":
            client.mark_feed_read(one_id())
        else:
            raise ValueError(f"unknown command {command!r} {args}")
    except ValueError as error:
        print(f"fever_client: {error}", file=sys.stderr)
        return 2
    except (Failure, requests.RequestException) as error:
        message = str(error) if isinstance(error, Failure) else f"{type(error).__name__}: {error}"
        print(f"fever_client: {message}", file=sys.stderr)
        if command == "sync" and client.state["synced"]:
            client.save()  # queued marks that went through stay sent
        print(json.dumps(client.report(message)))
        return 1
    client.save()
    print(json.dumps(client.report()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
