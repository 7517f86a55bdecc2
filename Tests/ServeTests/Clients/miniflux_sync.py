"""Drives the parts of rss-serve's Miniflux API a client uses to manage a library and sync incrementally, with
the PyPI `miniflux` client (its own methods, and its signed-in session for the one call it lacks), and prints
what it saw as one JSON object for the Swift test to check.

Usage: miniflux_sync.py BASE_URL USER PASSWORD FEEDS_URL
FEEDS_URL serves feeds at /one.xml, /two.xml (3 items each) and a page at /page.html declaring /two.xml; the
library starts with "big" (1,200 items, tag "tech") and "small" (5 items, no tag).
"""
import json
import sys
import time

import miniflux

base, user, password, feeds_url = sys.argv[1:5]
seen = {}
client = miniflux.Client(base, username=user, password=password)
seen["version"] = client.get_version()["version"]

# Categories: made empty, a feed filed into it at once, renamed (same id), duplicates refused.
news = client.create_category("News")
seen["created"] = [news["title"], news["id"] > 1]
try:
    client.create_category("news")
    seen["duplicate"] = "accepted"
except miniflux.ClientError as error:
    seen["duplicate"] = error.get_error_reason()
one = client.create_feed(feeds_url + "/one.xml", category_id=news["id"])
feed = client.get_feed(one)
seen["feed"] = [feed["title"], feed["category"]["title"], feed["icon"]["icon_id"]]
try:
    client.create_feed(feeds_url + "/one.xml")
    seen["feed_again"] = "accepted"
except miniflux.ClientError as error:
    seen["feed_again"] = error.get_error_reason()
renamed = client.update_category(news["id"], "World")
seen["renamed"] = [renamed["id"] == news["id"], renamed["title"]]
try:
    client.get_feed_icon(one)
    seen["icon"] = "found"
except miniflux.ResourceNotFound:
    seen["icon"] = 404

# Discovery finds the page's feed and follows nothing.
found = client.discover(feeds_url + "/page.html")
seen["discovered"] = [[item["url"].endswith("/two.xml"), item["type"]] for item in found]
seen["feeds_after_discover"] = len(client.get_feeds())

# Refreshes: one feed (answered once fetched), all, a category.
seen["refreshed"] = [client.refresh_feed(one), client.refresh_all_feeds(), client.refresh_category(news["id"])]

# Incremental reads: entries after an id, stored after a time, changed after a time.
entries = client.get_feed_entries(one, order="id", direction="asc")["entries"]
seen["one_entries"] = [entry["title"] for entry in entries]
after = client.get_entries(after_entry_id=entries[0]["id"], feed_id=one, order="id", direction="asc")["entries"]
seen["after_entry_id"] = [entry["title"] for entry in after]
before = client.get_entries(before_entry_id=entries[2]["id"], feed_id=one, order="id", direction="asc")["entries"]
seen["before_entry_id"] = [entry["title"] for entry in before]
time.sleep(1.5)  # past the second the library was stored in
mark_time = int(time.time())
client.update_entries([entries[1]["id"]], status="read")
changed = client.get_entries(changed_after=mark_time, order="id")["entries"]
seen["changed_after"] = [entry["title"] for entry in changed]
seen["published_after_future"] = client.get_entries(published_after=int(time.time()) + 3600)["total"]
seen["published_before_old"] = client.get_feed_entries(one, published_before=1000)["total"]

# Stars through PUT /v1/entries (Miniflux 2.3.2), which this client version has no method for.
starred = client._session.put(client._get_endpoint("/entries"), json={"entry_ids": [entries[2]["id"]], "starred": True})
seen["put_starred"] = starred.status_code
seen["starred_titles"] = [entry["title"] for entry in client.get_entries(starred=True)["entries"]]

# Unsupported filters are refused by name.
try:
    client.get_entries(tags=["x"])
    seen["tags_filter"] = "accepted"
except miniflux.ClientError as error:
    seen["tags_filter"] = error.get_error_reason()

# OPML out, and a list in.
exported = client.export_feeds()
seen["exported"] = [feeds_url + "/one.xml" in exported, "World" in exported]
opml = ('<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>'
        '<outline text="Later"><outline type="rss" text="two" xmlUrl="' + feeds_url + '/two.xml"/></outline>'
        '</body></opml>')
seen["imported"] = client.import_feeds(opml)["message"]
seen["categories_after_import"] = sorted(category["title"] for category in client.get_categories())
# The import follows the feed and fetches it in the background, as Miniflux does: its entries are awaited, so
# that the marks below are of a library that no fetch changes afterwards (on a loaded machine the fetch could
# land after them, and its new entries are rightly unread).
two = next(feed["id"] for feed in client.get_feeds() if feed["feed_url"].endswith("/two.xml"))
deadline = time.monotonic() + 120
while client.get_feed_entries(two)["total"] < 3 and time.monotonic() < deadline:
    time.sleep(0.2)
seen["imported_entries"] = client.get_feed_entries(two)["total"]

# Marks of a category, then of the user.
client.mark_category_entries_as_read(news["id"])
counters = client.get_feed_counters()
seen["one_unread_after_category_mark"] = counters["unreads"][str(one)]
client.mark_user_entries_as_read(1)
seen["unread_after_user_mark"] = client.get_entries(status="unread")["total"]

# A category deleted goes with its feeds, as in Miniflux.
client.delete_category(news["id"])
seen["feeds_after_delete"] = sorted(feed["title"] for feed in client.get_feeds())
print(json.dumps(seen))
