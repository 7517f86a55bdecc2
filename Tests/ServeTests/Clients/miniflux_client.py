"""Drives rss-serve with the Python `miniflux` client (PyPI), as a Miniflux app would, and prints what it saw
as one JSON object for the Swift test to check.

Usage: miniflux_client.py BASE_URL USER PASSWORD TOKEN
The library holds a feed titled "big" (1,200 items, tag "tech") and one titled "small" (5 items, no tag), all
unread. At the end "small" is renamed and moved into "tech", "tech" is renamed "technology", then "small" gets
its own title back and goes back to "All".
"""
import json
import sys

import miniflux

base, user, password, token = sys.argv[1:5]
seen = {}

client = miniflux.Client(base, username=user, password=password)
seen["me"] = client.me()["username"]
feeds = client.get_feeds()
seen["feeds"] = sorted([feed["title"], feed["category"]["title"]] for feed in feeds)
by_title = {feed["title"]: feed for feed in feeds}
seen["categories"] = sorted(category["title"] for category in client.get_categories())
counters = client.get_feed_counters()
seen["unread_before"] = {title: counters["unreads"][str(feed["id"])] for title, feed in by_title.items()}

# Every unread entry, 500 at a time by offset: none twice, none missing.
ids, offset = [], 0
while True:
    page = client.get_entries(status="unread", limit=500, offset=offset, order="published_at", direction="desc")
    ids += [entry["id"] for entry in page["entries"]]
    seen["total"] = page["total"]
    if len(page["entries"]) < 500:
        break
    offset += 500
seen["paged"] = len(ids)
seen["paged_unique"] = len(set(ids))

small = client.get_feed_entries(by_title["small"]["id"], order="published_at", direction="desc", limit=10)
entries = small["entries"]
seen["small_titles"] = [entry["title"] for entry in entries]
seen["small_first_content"] = entries[0]["content"]

# Read marks and a star go back, and come back.
client.update_entries([entry["id"] for entry in entries[:3]], status="read")
counters = client.get_feed_counters()
seen["small_unread_after"] = counters["unreads"][str(by_title["small"]["id"])]
client.toggle_bookmark(entries[3]["id"])
seen["starred_entry"] = client.get_entry(entries[3]["id"])["starred"]
seen["starred_total"] = client.get_entries(starred=True)["total"]
seen["starred_title"] = entries[3]["title"]
seen["read_titles"] = [entry["title"] for entry in entries[:3]]

# A token instead of the password.
seen["token_me"] = miniflux.Client(base, api_key=token).me()["username"]
try:
    miniflux.Client(base, username=user, password="wrong password").me()
    seen["wrong_password"] = "accepted"
except miniflux.ClientError as error:
    seen["wrong_password"] = error.status_code

# A feed renamed and moved, a category renamed, then both back.
categories = {category["title"]: category["id"] for category in client.get_categories()}
small_id = by_title["small"]["id"]
moved = client.update_feed(small_id, title="Small renamed", category_id=categories["tech"])
seen["moved"] = [moved["title"], moved["category"]["title"]]
seen["tech_feeds"] = sorted(feed["title"] for feed in client.get_category_feeds(categories["tech"]))
renamed = client.update_category(categories["tech"], "technology")
seen["renamed_category"] = renamed["title"]
seen["categories_after"] = sorted(category["title"] for category in client.get_categories())
seen["feeds_after"] = sorted([feed["title"], feed["category"]["title"]] for feed in client.get_feeds())
back = client.update_feed(small_id, title="", category_id=1)
seen["back"] = [back["title"], back["category"]["title"]]

print(json.dumps(seen))
