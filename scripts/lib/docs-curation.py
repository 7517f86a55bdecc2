#!/usr/bin/env python3
"""Checks that each module's landing page of the API reference groups all of its symbols itself:
`docs-curation.py SITE MODULE...`.

A catalogue's landing page (Shared/ReduxVM/Documentation.docc/ReduxVM.md …) lists the module's symbols under
`## Topics`, in groups a reader can scan. A public symbol it does not list still gets a page, but DocC files it
under a group of its own making ("Structures", "Enumerations" …), which says nothing about what the symbol is
for; so a new public symbol must be placed in a group, and this check names each one that was not. It reads the
built site's render data (SITE/data/documentation/MODULE.json, where DocC marks the groups it made itself as
generated). Exit status: 0 every symbol is placed, 1 some are not, 2 a module's page is missing.
"""
import json
import pathlib
import sys


def main() -> int:
    site = pathlib.Path(sys.argv[1])
    status = 0
    for module in sys.argv[2:]:
        page = site / "data" / "documentation" / f"{module.lower()}.json"
        if not page.is_file():
            print(f"error: the API reference has no landing page for {module} ({page})", file=sys.stderr)
            return 2
        sections = json.loads(page.read_text(encoding="utf-8")).get("topicSections", [])
        for section in sections:
            if section.get("generated"):
                names = [identifier.rsplit("/", 1)[-1] for identifier in section["identifiers"]]
                print(f"error: {module}'s landing page leaves {', '.join(names)} to DocC's automatic group "
                      f"“{section['title']}”: list them under a group of its Topics", file=sys.stderr)
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
