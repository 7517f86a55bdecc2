#!/usr/bin/env python3
"""Checks that the README's embedding section is Examples/MyReader, word for word:
`readme-example.py README.md Examples/MyReader`.

The "Embedding RssCore" section of the README shows a whole manifest and a complete program, in its first two
```swift blocks; Examples/MyReader holds them as Package.swift and Sources/MyReader/MyReader.swift, and CI builds
and runs that package as an outside package would. This check keeps the two the same, so that the README cannot
show a manifest or a program that does not work. It prints a diff (- README, + the package) for each that differs
and exits 1; 0 when both agree.
"""
import difflib
import pathlib
import re
import sys


def main() -> int:
    readme, package = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    text = readme.read_text(encoding="utf-8")
    start = text.index("## Embedding RssCore")
    end = text.index("\n## ", start + 1)
    blocks = re.findall(r"```swift\n(.*?)```", text[start:end], re.S)
    if len(blocks) < 2 or "Package(" not in blocks[0] or "@main" not in blocks[1]:
        print("error: the README's embedding section has no manifest and program", file=sys.stderr)
        return 1
    files = [package / "Package.swift", package / "Sources" / package.name / f"{package.name}.swift"]
    status = 0
    for shown, file in zip(blocks, files):
        actual = file.read_text(encoding="utf-8")
        if shown != actual:
            status = 1
            print(f"error: the README's embedding section differs from {file}:", file=sys.stderr)
            sys.stderr.writelines(difflib.unified_diff(
                shown.splitlines(keepends=True), actual.splitlines(keepends=True), "README.md", str(file)))
    return status


if __name__ == "__main__":
    sys.exit(main())
