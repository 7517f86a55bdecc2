#!/usr/bin/env python3
"""Checks that the README's embedding section is Examples/MyReader, word for word, and that articles quote it
exactly: `readme-example.py README.md Examples/MyReader [ARTICLE...]`.

The "Embedding RssCore" section of the README shows a whole manifest and a complete program, in its first two
```swift blocks; Examples/MyReader holds them as Package.swift and Sources/MyReader/MyReader.swift, and CI builds
and runs that package as an outside package would. This check keeps the two the same, so that the README cannot
show a manifest or a program that does not work. It prints a diff (- README, + the package) for each that differs
and exits 1; 0 when both agree.

Each ARTICLE (the API reference's "Embedding RssCore", Core/RssCore/Documentation.docc/Embedding.md) quotes
parts of the two files: every ```swift block in it must be whole lines of one of them, in order, indented alike
(the common indentation aside). A block that is not is printed, and the exit status is 1.
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
    for article in map(pathlib.Path, sys.argv[3:]):
        for block in re.findall(r"```swift\n(.*?)```", article.read_text(encoding="utf-8"), re.S):
            if not any(quotes(block, file.read_text(encoding="utf-8")) for file in files):
                status = 1
                print(f"error: {article} quotes what neither {files[0]} nor {files[1]} holds:\n{block}",
                      file=sys.stderr)
    return status


def dedented(lines):
    """The lines without the indentation they share (blank lines aside)."""
    indent = min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip()), default=0)
    return [line[indent:] for line in lines]


def quotes(block, text):
    """Whether `block` is a run of whole lines of `text`, indented alike."""
    wanted = dedented(block.rstrip("\n").split("\n"))
    lines = text.split("\n")
    return any(dedented(lines[start:start + len(wanted)]) == wanted for start in range(len(lines) - len(wanted) + 1))


if __name__ == "__main__":
    sys.exit(main())
