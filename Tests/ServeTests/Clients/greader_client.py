"""Drives rss-serve with `libgreader` (PyPI), a Google Reader API client, pointed at the server instead of
Google, and prints what it saw as one JSON object for the Swift test to check.

Usage: greader_client.py BASE_URL USER PASSWORD
The library holds a feed titled "big" (1,200 items, tag "tech") and one titled "small" (5 items, no tag), all
unread.
"""
import json
import sys

import requests
from greader_setup import connect

base, user, password = sys.argv[1:4]
seen = {}
reader, auth, api = connect(base, user, password)
seen["user"] = reader.getUserInfo()["userName"]
reader.buildSubscriptionList()
feeds = {feed.title: feed for feed in reader.getSubscriptionList()}
seen["feeds"] = sorted(feeds)
seen["categories"] = sorted(category.label for category in reader.getCategories())
seen["unread_before"] = {title: feed.unread for title, feed in feeds.items()}

# The big feed, 300 at a time through continuations.
big = feeds["big"]
ids, continuation = [], None
while True:
    page = reader.getFeedContent(big, continuation=continuation, loadLimit=300)
    ids += [item["id"] for item in page["items"]]
    continuation = page.get("continuation")
    if not continuation:
        break
seen["paged"] = len(ids)
seen["paged_unique"] = len(set(ids))

small = feeds["small"]
small.loadItems(loadLimit=10)
items = small.getItems()
seen["small_titles"] = [item.title for item in items]
seen["small_first_content"] = items[0].content
items[0].markRead()
items[1].markRead()
items[2].star()
reader.buildSubscriptionList()
seen["small_unread_after"] = {feed.title: feed.unread for feed in reader.getSubscriptionList()}["small"]
small.clearItems()
small.loadItems(loadLimit=10)
seen["small_states"] = [[item.title, item.isRead(), item.isStarred()] for item in small.getItems()]

# Items by id, in the short (decimal) form clients also use.
short = str(int(ids[0].rsplit("/", 1)[1], 16))
answer = requests.post(api + "stream/items/contents", data={"i": short},
                       headers={"Authorization": "GoogleLogin auth=" + auth.auth_token})
seen["by_short_id"] = [item["id"] for item in answer.json()["items"]] == [ids[0]]

reader.markFeedAsRead(big)
reader.buildSubscriptionList()
seen["big_unread_after_mark_all"] = {feed.title: feed.unread for feed in reader.getSubscriptionList()}["big"]
print(json.dumps(seen))
