#!/usr/bin/env python3
"""Field-by-field comparison of FeedParser (via the feedparser-dump binary) with Python's feedparser.

Prints, per field, how many items agree and the first differences. Known, deliberate differences: HTML content
is not sanitised or re-serialised by FeedParser; ids are never resolved against a base; an Atom entry without
authors inherits the feed's; enclosures are de-duplicated; empty links stay empty.
"""
import calendar
import json
import os
import subprocess
import sys

import feedparser

BASE = 'http://example.com/feed'


def ours(path):
    out = subprocess.run([os.environ['FEEDPARSER_DUMP'], path, BASE], capture_output=True).stdout
    return json.loads(out)


def ts(t):
    return calendar.timegm(t) if t else None


def main(paths):
    stats = {}

    def cmp(field, theirs, mine, where):
        s = stats.setdefault(field, [0, 0, []])
        s[0] += 1
        if theirs == mine:
            s[1] += 1
        else:
            s[2].append((where, theirs, mine))

    for path in paths:
        name = os.path.basename(path)
        fp = feedparser.parse(path, response_headers={'content-location': BASE})
        us = ours(path)
        if 'error' in us:
            print(name, 'ERROR', us['error'])
            continue
        cmp('feed.title', fp.feed.get('title'), us.get('title'), name)
        cmp('feed.link', fp.feed.get('link'), us.get('siteLink'), name)
        cmp('items', len(fp.entries), len(us['items']), name)
        for i, (e, u) in enumerate(zip(fp.entries, us['items'])):
            w = f'{name}[{i}]'
            cmp('title', e.get('title'), u.get('title'), w)
            cmp('link', e.get('link'), u.get('link'), w)
            if u['idKind'] != 'hash':
                cmp('id', e.get('id'), u.get('id'), w)
            cmp('published', ts(e.get('published_parsed')),
                int(u['published']['date']) if u.get('published') else None, w)
            content = e.get('content')
            cmp('content', content[0]['value'] if content else None, u.get('contentHTML'), w)
            cmp('summary', e.get('summary'), u.get('summary') or u.get('contentHTML'), w)
            detail = e.get('author_detail') or {}
            cmp('author', detail.get('name'), (u.get('authors') or [{}])[0].get('name'), w)
            cmp('enclosures', [x.get('href') for x in e.get('enclosures', [])], [x['url'] for x in u.get('enclosures', [])], w)
            cmp('tags', [t.get('term') for t in e.get('tags', [])], u.get('categories', []), w)
    limit = int(os.environ.get('N', '4'))
    for field, (total, same, different) in stats.items():
        print(f'{field:12} {same}/{total}')
        for d in different[:limit]:
            print('    ', repr(d)[:300])


if __name__ == '__main__':
    main(sys.argv[1:])
