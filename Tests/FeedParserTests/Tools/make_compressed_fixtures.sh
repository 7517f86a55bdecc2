#!/usr/bin/env bash
# Regenerates Fixtures/compressed/feed.rss.{gz,zz,bz2,xz,zst,zip} from feed.rss: the bodies a server sends
# compressed without saying so (no Content-Encoding), for the tests that expect `.compressed(format:)`.
# A development aid; the outputs are committed so the tests need none of these tools.
set -euo pipefail
cd "$(dirname "$0")/../Fixtures/compressed"
gzip -n -9 -c feed.rss > feed.rss.gz
python3 -c 'import sys, zlib; sys.stdout.buffer.write(zlib.compress(open("feed.rss", "rb").read(), 9))' > feed.rss.zz
bzip2 -9 -c feed.rss > feed.rss.bz2
xz -9 -c feed.rss > feed.rss.xz
zstd -q -19 -c feed.rss > feed.rss.zst
rm -f feed.rss.zip && zip -q -X feed.rss.zip feed.rss
