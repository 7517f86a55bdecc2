#!/usr/bin/env python3
"""What FTS5 itself costs per indexed article, and which of its settings change that (issue 14, item 5).

Indexes `new` documents, in transactions of 640 (a refresh's shared transaction: 32 feeds x 20 items), into
an FTS5 table already holding `base` documents, with the table options and configuration the search index uses
(`columnsize=0`, unicode61 with diacritics removed) and with each alternative, in interleaved rounds; prints the
CPU microseconds per document, median and range. Two kinds of documents, as `rsscore-bench cold-refresh` has:
the bundled sample feeds' items (their text, markup taken out) and the generated 372-character description.

Usage: Benchmarks/fts5-cost.py [rounds 3] [base 100000] [new 10000]
Python's sqlite3 module loads the same system SQLite the programs use (it prints the version).
"""
import glob
import html
import os
import random
import re
import resource
import sqlite3
import statistics
import sys
import tempfile

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
BASE = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
NEW = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
BATCH = 640
OURS = "columnsize=0, tokenize='unicode61 remove_diacritics 2'"
VARIANTS = [
    ("the search index's settings", OURS, []),
    ("automerge 8 (4)", OURS, [("automerge", 8)]),
    ("crisismerge 64 (16)", OURS, [("crisismerge", 64)]),
    ("hashsize 16 MB (1 MB)", OURS, [("hashsize", 16 << 20)]),
    ("pgsz 8000 (4050)", OURS, [("pgsz", 8000)]),
    ("ascii tokenizer", "columnsize=0, tokenize='ascii'", []),
    ("detail=column (no phrases)", OURS + ", detail=column", []),
    ("detail=none (no phrases)", OURS + ", detail=none", []),
]

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "Samples")
samples = []
for path in sorted(glob.glob(os.path.join(root, "*"))):
    text = open(path, encoding="utf-8", errors="replace").read()
    for item in re.findall(r"<(?:item|entry)[\s>].*?</(?:item|entry)>", text, re.S):
        samples.append(html.unescape(re.sub(r"<[^>]*>", " ", html.unescape(item))))
generated = "Some text of the article body. " * 12
random.seed(14)
vocabulary = re.findall(r"\w+", " ".join(samples))


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run(options, configuration, kind, folder):
    path = os.path.join(folder, "fts.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute(f"CREATE VIRTUAL TABLE search USING fts5(title, body, {options})")
    for name, value in configuration:
        db.execute(f"INSERT INTO search(search, rank) VALUES ('{name}', {value})")
    db.execute("BEGIN")
    for rowid in range(BASE):
        body = " ".join(random.choice(vocabulary) for _ in range(30))
        db.execute("INSERT INTO search(rowid, title, body) VALUES (?, ?, ?)", (rowid, f"Source {rowid % 200}", body))
    db.execute("COMMIT")
    db.execute("INSERT INTO search(search) VALUES ('optimize')")
    rowid = BASE
    started = cpu_seconds()
    while rowid < BASE + NEW:
        db.execute("BEGIN")
        for _ in range(BATCH):
            body = samples[rowid % len(samples)] if kind == "samples" else generated
            db.execute(
                "INSERT INTO search(rowid, title, body) VALUES (?, ?, ?)",
                (rowid, f"Feed article: a title of ordinary length for a benchmark {rowid}", body))
            rowid += 1
        db.execute("COMMIT")
    micros = (cpu_seconds() - started) * 1e6 / (rowid - BASE)
    db.close()
    return micros


print(f"SQLite {sqlite3.sqlite_version}; {len(samples)} sample items of {statistics.mean(map(len, samples)):.0f} "
      f"characters on average; {NEW} documents into {BASE}, {ROUNDS} interleaved rounds: CPU µs per document, "
      "median (min–max)")
with tempfile.TemporaryDirectory() as folder:
    for kind in ("samples", "generated"):
        results = {name: [] for name, _, _ in VARIANTS}
        for _ in range(ROUNDS):
            for name, options, configuration in VARIANTS:
                results[name].append(run(options, configuration, kind, folder))
        reference = statistics.median(results[VARIANTS[0][0]])
        for name, _, _ in VARIANTS:
            values = results[name]
            median = statistics.median(values)
            print(f"{kind:<10} {name:<30} {median:7.1f} ({min(values):.1f}–{max(values):.1f})  ×{median / reference:.2f}")
