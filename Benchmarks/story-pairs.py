#!/usr/bin/env python3
"""Precision and recall of "one story, shown once" on pairs built from real feeds.

Usage:
    Benchmarks/story-pairs.py REPORT [CORPUS]
        REPORT  an rss-report binary (release or debug) of the build to measure
        CORPUS  the real-world feed corpus (default: ../shared/corpora/realworld from the repository,
                or $STORY_CORPUS); its feeds are read, never changed or copied into the repository

What it does, in a temporary directory:
 1. Every feed of the corpus (35 files from NetNewsWire's parser tests: blogs, podcasts, news, a preprint
    server; RSS, Atom, RSS 1.0, JSON Feed, RSS-in-JSON) is read by rss-report (`--format tsv`), which gives each
    item's title, link, date, text and id as RssCore stored them.
 2. From those real items it writes the feeds of aggregators, one feed per kind, the way real ones rewrite an
    article (up to ITEMS_PER_FEED items of each origin feed, chosen in feed order, for each kind):
      same story (should be linked):
        hn          the origin's link with tracking parameters (utm_*, ref) or http/www variants, its title,
                    and hnrss.org's description (the addresses, points and comments) for text (Hacker News)
        feedburner  a feedproxy.google.com address with feedburner:origLink, its title and text
        amp         an AMP variant of the link (/amp/, ?amp=1, amp. host, outputType=amp), no text
        planet      its link with a trailing slash and a fragment, its title and whole text (Planet aggregators)
        syndicated  another host's address, its title and whole text, three hours later (a syndicated copy)
        excerpt     another host's address, its title, its first 40 words and "Read more", a day later
        google-news a news.google.com redirect, "Title - Source" (kept: the redirect cannot be resolved
                    offline, so these are expected misses)
        reddit      a reddit comments page, its title, "submitted by … [link] [comments]" (expected misses)
      another story (must not be linked):
        same-title  another host, the origin's title, another real item's text (a headline two stories share)
        retitled    another host, the same text under another title (the same event, another outlet's headline)
        template    the origin's host at another path, its title and text (one site's template pages)
 3. A fresh database stores the origin feeds first, then the aggregators' (rss-report --url), through the
    merge every front uses. The Scripting News feed is in the corpus twice (RSS and RSS-in-JSON, the same 50
    posts): a real cross-post pair.
 4. Stories are read back from the database (article.story). Truth: an aggregator item of a "same story" kind
    is its origin item's story, Scripting News' two copies of a post are one story, every other item is a story
    of its own. Every pair of articles of two sources linked into one story is a predicted pair; precision is
    the share of them that are truly one story, recall the share of true pairs that were linked, per kind.

MISSES=N prints N pairs of each kind that were not linked. ITEMS_PER_FEED=N (default 12) chooses more or fewer
items of each origin feed.

Needs python3 (Debian package python3) and nothing else.
"""
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from itertools import combinations

ITEMS_PER_FEED = int(os.environ.get("ITEMS_PER_FEED", "12"))
POSITIVE = ["hn", "feedburner", "amp", "planet", "syndicated", "excerpt", "google-news", "reddit"]
NEGATIVE = ["same-title", "retitled", "template"]


def die(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def run_report(report, db, arguments):
    result = subprocess.run(
        [report, "--db", db] + arguments, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    if result.returncode not in (0, 1):
        die(f"rss-report {' '.join(arguments[:3])}…: status {result.returncode}: {result.stderr[-500:]}")
    return result.stdout


def unescape(content):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "\\": "\\"}.get(m.group(1), m.group(1)), content)


def xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def words(html, count):
    text = re.sub(r"<[^>]*>", " ", html)
    return " ".join(text.split()[:count])


def slug(link):
    return re.sub(r"[^a-z0-9]+", "-", link.lower())[-60:].strip("-") or "x"


def rfc822(timestamp):
    import email.utils
    return email.utils.formatdate(timestamp, usegmt=True)


def variants(kind, item, index, other):
    """The aggregator item of `kind` for the origin `item` (the `index`-th chosen), `other` another real item."""
    link, title, text, when = item["link"], item["title"], item["content"], item["timestamp"]
    host = re.match(r"https?://([^/?#]+)", link).group(1)
    if kind == "hn":
        if index % 3 == 0:
            link = link + ("&" if "?" in link else "?") + "utm_source=hnrss&utm_medium=feed"
        elif index % 3 == 1:
            link = link + ("&" if "?" in link else "?") + "ref=hackernews"
        else:
            link = re.sub(r"^https://", "http://", link)
            link = link.replace("://www.", "://") if "://www." in link else link.replace("://", "://www.", 1)
        # hnrss.org's own description: the addresses, the points and the number of comments.
        comments = f"https://news.ycombinator.com/item?id={23923000 + index}"
        text = (f'<p>Article URL: <a href="{xml(link)}">{xml(link)}</a></p> <p>Comments URL: <a href="{comments}">'
                f'{comments}</a></p> <p>Points: {index % 40 + 1}</p> <p># Comments: {index % 7}</p>')
        return dict(link=link, title=title, text=text, when=when + 7200)
    if kind == "feedburner":
        return dict(link=f"http://feedproxy.google.com/~r/Mirror/~3/{slug(link)}/", origin=link, title=title, text=text, when=when)
    if kind == "amp":
        base, _, query = link.partition("?")
        choice = index % 4
        if choice == 0:
            amp = base.rstrip("/") + "/amp/" + ("?" + query if query else "")
        elif choice == 1:
            amp = link + ("&" if query else "?") + "amp=1"
        elif choice == 2:
            amp = link.replace("://www.", "://").replace("://", "://amp.", 1)
        else:
            amp = link + ("&" if query else "?") + "outputType=amp"
        return dict(link=amp, title=title, text="", when=when + 600)
    if kind == "planet":
        base, _, query = link.partition("?")
        return dict(link=(base if base.endswith("/") else base + "/") + ("?" + query if query else "") + "#more", title=title, text=text, when=when)
    if kind == "syndicated":
        return dict(link=f"https://syndicated.example/{slug(link)}", title=title, text=text, when=when + 3 * 3600)
    if kind == "excerpt":
        return dict(link=f"https://digest.example/{slug(link)}", title=title, text=words(text, 40) + " … Read more", when=when + 86400)
    if kind == "google-news":
        return dict(link=f"https://news.google.com/rss/articles/CBMi{slug(link)}?oc=5", title=f"{title} - {item['source']}", text=f'<a href="x">{xml(title)}</a>&nbsp;&nbsp;<font>{xml(item["source"])}</font>', when=when + 1800)
    if kind == "reddit":
        return dict(link=f"https://www.reddit.com/r/feeds/comments/{index:x}/{slug(link)[:30]}/", title=title, text='submitted by <a href="x">/u/someone</a> <a href="y">[link]</a> <a href="z">[comments]</a>', when=when + 5400)
    if kind == "same-title":
        return dict(link=f"https://elsewhere.example/{slug(other['link'])}", title=title, text=other["content"], when=when)
    if kind == "retitled":
        return dict(link=f"https://outlet.example/{slug(link)}", title="Report: " + other["title"], text=text, when=when)
    if kind == "template":
        scheme = link.split("://")[0]
        return dict(link=f"{scheme}://{host}/other/{slug(link)}", title=title, text=text, when=when)
    raise ValueError(kind)


def origin_class(feed, item_id):
    """The story an origin item is: its own, but for Scripting News in RSS and in RSS-in-JSON, one post each."""
    if os.path.basename(feed) in ("ScriptingNews.json", "scriptingNews.rss"):
        return ("scripting", item_id)
    return ("origin", feed, item_id)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    report = os.path.abspath(sys.argv[1])
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.environ.get(
        "STORY_CORPUS", os.path.join(repository, "..", "shared", "corpora", "realworld"))
    if not os.access(report, os.X_OK):
        die(f"{report} is not an rss-report binary (build one: swift build -c release --product rss-report)")
    feeds_dir = os.path.join(corpus, "netnewswire")
    if not os.path.isdir(feeds_dir):
        die(f"no corpus at {feeds_dir}: give its folder as the second argument or in STORY_CORPUS")
    origins = sorted(
        os.path.realpath(os.path.join(feeds_dir, name)) for name in os.listdir(feeds_dir)
        if not name.startswith("allthis-partial"))

    work = tempfile.mkdtemp(prefix="story-pairs-")
    # 1. The origin items as RssCore reads them.
    items = []
    for number, path in enumerate(origins):
        reading = os.path.join(work, f"reading-{number}.sqlite")
        for line in run_report(report, reading, ["--url", path, "--format", "tsv"]).splitlines():
            fields = line.split("\t")
            if len(fields) < 10:
                continue
            items.append(dict(
                timestamp=int(fields[0]), title=fields[1], link=fields[2], content=unescape(fields[3]),
                id=fields[5], source=fields[9], feed=path))
    by_feed = {}
    for item in items:
        by_feed.setdefault(item["feed"], []).append(item)
    chosen = []
    for feed, its in sorted(by_feed.items()):
        usable = [i for i in its if re.match(r"https?://[^/]+/.", i["link"]) and i["title"]]
        chosen += usable[:ITEMS_PER_FEED]

    # 2. The aggregators' feeds.
    aggregator_paths = []
    truth = {}  # (feed name, item id) -> story class
    for kind in POSITIVE + NEGATIVE:
        entries = []
        for index, item in enumerate(chosen):
            other = chosen[(index + len(chosen) // 2) % len(chosen)]
            if other["feed"] == item["feed"]:
                other = chosen[(index + 1 + len(chosen) // 3) % len(chosen)]
            v = variants(kind, item, index, other)
            guid = f"{kind}-{index}"
            truth[(f"Aggregator {kind}", guid)] = (
                origin_class(item["feed"], item["id"]) if kind in POSITIVE else ("alone", kind, guid))
            origin = f"<feedburner:origLink>{xml(v['origin'])}</feedburner:origLink>" if "origin" in v else ""
            entries.append(
                f"<item><guid isPermaLink=\"false\">{guid}</guid><title>{xml(v['title'])}</title>"
                f"<link>{xml(v['link'])}</link>{origin}<pubDate>{rfc822(v['when'])}</pubDate>"
                f"<description>{xml(v['text'])}</description></item>")
        path = os.path.join(work, f"aggregator-{kind}.xml")
        with open(path, "w") as out:
            out.write(
                '<?xml version="1.0" encoding="utf-8"?><rss version="2.0" '
                'xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel>'
                f"<title>Aggregator {kind}</title><link>https://aggregator.example/</link>{''.join(entries)}</channel></rss>")
        aggregator_paths.append(path)

    # 3. One database: the origins first, then the aggregators.
    database = os.path.join(work, "stories.sqlite")
    run_report(report, database, ["--url"] + origins + ["--format", "tsv", "--limit", "1"])
    run_report(report, database, ["--url"] + aggregator_paths + ["--format", "tsv", "--limit", "1"])

    # 4. Stories against the truth.
    connection = sqlite3.connect(database)
    rows = connection.execute(
        "SELECT article.rowid, source.url, source.title, article.stableId, article.story "
        "FROM article JOIN source ON source.id = article.sourceId").fetchall()
    articles = []
    for rowid, url, title, stable, story in rows:
        path = url[len("file://"):] if url.startswith("file://") else url
        if title.startswith("Aggregator "):
            klass = truth.get((title, stable), ("alone", title, stable))
        else:
            klass = origin_class(path, stable)
        articles.append(dict(rowid=rowid, source=url, title=title, klass=klass, story=story))
    predicted = set()
    stories = {}
    for a in articles:
        if a["story"] is not None:
            stories.setdefault(a["story"], []).append(a)
    for members in stories.values():
        for x, y in combinations(members, 2):
            if x["source"] != y["source"]:
                predicted.add((min(x["rowid"], y["rowid"]), max(x["rowid"], y["rowid"])))
    by_class = {}
    for a in articles:
        key = a["klass"]
        if key[0] == "scripting":
            key = ("scripting", key[1])
        by_class.setdefault(key, []).append(a)
    true_pairs = set()
    for members in by_class.values():
        for x, y in combinations(members, 2):
            if x["source"] != y["source"]:
                true_pairs.add((min(x["rowid"], y["rowid"]), max(x["rowid"], y["rowid"])))
    by_row = {a["rowid"]: a for a in articles}
    correct = predicted & true_pairs
    wrong = predicted - true_pairs

    def kind(pair):
        titles = sorted(by_row[r]["title"] for r in pair)
        aggregators = [t[len("Aggregator "):] for t in titles if t.startswith("Aggregator ")]
        if len(aggregators) == 2:
            return "aggregator-aggregator"
        if aggregators:
            return aggregators[0]
        return "cross-post" if all("Scripting" in t for t in titles) else "origin-origin"

    print(f"corpus: {len(origins)} feeds, {len(items)} items; {len(chosen)} items chosen "
          f"(up to {ITEMS_PER_FEED} a feed with a link and a title), {len(POSITIVE) + len(NEGATIVE)} aggregator feeds "
          f"of {len(chosen)} items each; {len(articles)} articles stored")
    print(f"{'kind':<24}{'true pairs':>12}{'linked':>10}{'recall':>10}{'false links':>14}"
          "   (another story: same-title, retitled, template; origin-origin: the corpus's feeds among themselves)")
    kinds = {}
    for pair in true_pairs:
        kinds.setdefault(kind(pair), [0, 0, 0])[0] += 1
    for pair in correct:
        kinds.setdefault(kind(pair), [0, 0, 0])[1] += 1
    for pair in wrong:
        kinds.setdefault(kind(pair), [0, 0, 0])[2] += 1
    for name in POSITIVE + NEGATIVE + ["cross-post", "aggregator-aggregator", "origin-origin"]:
        if name not in kinds and name not in NEGATIVE + ["origin-origin"]:
            continue
        kinds.setdefault(name, [0, 0, 0])
        total, linked, false = kinds[name]
        recall = f"{linked / total:.3f}" if total else "-"
        print(f"{name:<24}{total:>12}{linked:>10}{recall:>10}{false:>14}")
    precision = len(correct) / len(predicted) if predicted else 1.0
    print(f"precision: {len(correct)} of {len(predicted)} linked pairs are one story: {precision:.4f} "
          f"(every pair of two sources' articles in one story, aggregator copies of one story included)")
    # Recall over the pairs a reader sees: an origin item and a copy of it, and the two Scripting News feeds.
    direct = {p for p in true_pairs if kind(p) != "aggregator-aggregator"}
    print(f"recall: {len(correct & direct)} of {len(direct)} origin-copy and cross-post pairs linked: "
          f"{len(correct & direct) / len(direct):.4f}")
    expected_misses = {"google-news", "reddit"}
    reachable = {p for p in direct if kind(p) not in expected_misses}
    print(f"recall without the kinds no rule can link offline (google-news, reddit): "
          f"{len(correct & reachable)} of {len(reachable)}: {len(correct & reachable) / len(reachable):.4f}")
    for pair in sorted(wrong)[:20]:
        x, y = (by_row[r] for r in pair)
        print(f"FALSE LINK: {x['title']} {x['klass']} <-> {y['title']} {y['klass']}")
    # MISSES=N prints N of the pairs not linked, per kind (what a rule might still catch).
    shown = {}
    for pair in sorted(direct - correct):
        name = kind(pair)
        if shown.get(name, 0) >= int(os.environ.get("MISSES", "0")):
            continue
        shown[name] = shown.get(name, 0) + 1
        x, y = (by_row[r] for r in pair)
        print(f"MISSED ({name}): {x['title']} {x['klass'][1:]} <-> {y['title']} {y['klass'][1:]}")
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
