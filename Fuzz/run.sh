#!/usr/bin/env bash
# Builds the FeedParser libFuzzer target and runs it.
#   Fuzz/run.sh [seconds] [extra libFuzzer flags…]      (default 600 s)
# The binary goes to .build/fuzz/; new inputs to .build/fuzz/corpus (seeded from Fuzz/corpus); crashes to
# .build/fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"; shift || true
out=.build/fuzz
mkdir -p "$out/corpus" "$out/artifacts"
cp -n Fuzz/corpus/* "$out/corpus/" 2>/dev/null || true
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name FeedParserFuzz -D FEEDPARSER_CHECK_UTF8 \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility \
    $(find Shared/FeedParser -name '*.swift' | sort) Fuzz/FuzzEntry.swift -o "$out/feedparser-fuzz"
exec "$out/feedparser-fuzz" "$out/corpus" -artifact_prefix="$out/artifacts/" -max_total_time="$seconds" \
    -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$@"
