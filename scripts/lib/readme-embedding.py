#!/usr/bin/env python3
"""Writes the README's embedding example as a package: `readme-embedding.py README.md DIRECTORY`.

The "Embedding RssCore" section of the README shows a whole manifest and a complete program, in two ```swift
blocks. CI writes them into DIRECTORY (Package.swift and Sources/MyReader/MyReader.swift), next to a link named
RssReeder that points to this repository, and builds and runs the result as a newcomer's package would: the
README cannot show a manifest or a program that does not work.
"""
import pathlib
import re
import sys


def main() -> int:
    readme, directory = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    text = readme.read_text(encoding="utf-8")
    start = text.index("## Embedding RssCore")
    end = text.index("\n## ", start + 1)
    blocks = re.findall(r"```swift\n(.*?)```", text[start:end], re.S)
    if len(blocks) < 2 or "Package(" not in blocks[0] or "@main" not in blocks[1]:
        print("error: the README's embedding section has no manifest and program", file=sys.stderr)
        return 1
    (directory / "Sources" / "MyReader").mkdir(parents=True, exist_ok=True)
    (directory / "Package.swift").write_text(blocks[0], encoding="utf-8")
    (directory / "Sources" / "MyReader" / "MyReader.swift").write_text(blocks[1], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
