#!/usr/bin/env bash
# Compares FeedParser with Python's feedparser (pip install feedparser), field by field, over XML feed files:
#   Tests/FeedParserTests/Tools/compare_with_feedparser.sh FILE...     (N=20 to list more differences per field)
# A development aid for parity work; not part of the test suite.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
out="$root/.build/feedparser-dump"
mkdir -p "$(dirname "$out")"
swiftc -O -swift-version 6 -module-name FeedDump -parse-as-library \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility \
    $(find "$root/Shared/FeedParser" -name '*.swift' | sort) "$(dirname "$0")/FeedDump.swift" -o "$out"
FEEDPARSER_DUMP="$out" exec python3 "$(dirname "$0")/compare_with_feedparser.py" "$@"
