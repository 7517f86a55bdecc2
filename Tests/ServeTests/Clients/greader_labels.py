"""Drives rss-serve's labels, renames and quickadd with `libgreader` (PyPI): its own signed-in requests
(`httpPost`, `httpGet`, `markFeedAsRead`) for the calls it has no method of, and prints what it saw as one JSON
object for the Swift test to check.

Usage: greader_labels.py BASE_URL USER PASSWORD PAGE_URL
The library holds "big" (1,200 items, label "tech") and "small" (5 items, no label), all unread; PAGE_URL is a
web page that declares one feed, "third".
"""
import json
import sys

from libgreader import ClientAuthMethod, GoogleReader
from libgreader.url import ReaderUrl

base, user, password, page = sys.argv[1:5]
api = base + "/reader/api/0/"
ClientAuthMethod.CLIENT_URL = base + "/accounts/ClientLogin"
ReaderUrl.API_URL = api
for name in ("ACTION_TOKEN_URL", "USER_INFO_URL", "SUBSCRIPTION_LIST_URL", "SUBSCRIPTION_EDIT_URL",
             "UNREAD_COUNT_URL", "CONTENT_BASE_URL", "FEED_URL", "CATEGORY_URL", "EDIT_TAG_URL",
             "MARK_ALL_READ_URL"):
    setattr(ReaderUrl, name, getattr(ReaderUrl, name).replace("https://www.google.com/reader/api/0/", api))

seen = {}
reader = GoogleReader(ClientAuthMethod(user, password))


def subscriptions():
    """[title, labels, unread] of each feed, by title."""
    reader.buildSubscriptionList()
    return sorted([feed.title, sorted(c.label for c in feed.getCategories()), feed.unread]
                  for feed in reader.getSubscriptionList())


def feed_id(title):
    reader.buildSubscriptionList()
    return next(feed.id for feed in reader.getSubscriptionList() if feed.title == title)


big, small = feed_id("big"), feed_id("small")
edit = ReaderUrl.SUBSCRIPTION_EDIT_URL
# A label added, with a new title, in one edit; another feed moved from one label to another.
reader.httpPost(edit, {"ac": "edit", "s": small, "a": "user/-/label/news", "t": "Small renamed"})
reader.httpPost(edit, {"ac": "edit", "s": big, "a": "user/-/label/daily", "r": "user/-/label/tech"})
seen["after_edit"] = subscriptions()
seen["tags"] = sorted(tag["id"] for tag in json.loads(reader.httpGet(api + "tag/list", {"output": "json"}))["tags"])

# Mark-all-as-read of a label: its feeds only.
news = next(category for category in reader.getCategories() if category.label == "news")
reader.markFeedAsRead(news)
seen["after_mark_label"] = subscriptions()

# quickadd of a web page follows the feed it declares.
added = json.loads(reader.httpPost(api + "subscription/quickadd", {"quickadd": page}))
seen["quickadd"] = [added["numResults"], added["streamName"], added["streamId"].startswith("feed/")]
seen["quickadd_nothing"] = json.loads(reader.httpPost(api + "subscription/quickadd", {"quickadd": "ftp://nowhere"}))["numResults"]

# A label renamed, another dropped; a title given back.
reader.httpPost(api + "rename-tag", {"s": "user/-/label/daily", "dest": "user/-/label/everyday"})
reader.httpPost(api + "disable-tag", {"s": "user/-/label/news"})
reader.httpPost(edit, {"ac": "edit", "s": small, "t": ""})
seen["at_end"] = subscriptions()
print(json.dumps(seen))
