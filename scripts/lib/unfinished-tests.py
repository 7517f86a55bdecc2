"""Prints the tests a Swift Testing log shows as started and not ended: what a run that was stopped for its time
was still waiting on. Usage: unfinished-tests.py LOG"""
import re
import sys

STARTED = re.compile(r'◇ Test (".*?"|\S+\(\)) started')
ENDED = re.compile(r'[✔✘] Test (".*?"|\S+\(\)) ')

started, ended = {}, set()
with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
    for number, line in enumerate(log, 1):
        if match := STARTED.search(line):
            started.setdefault(match.group(1), number)
        elif match := ENDED.search(line):
            ended.add(match.group(1))
for name, number in started.items():
    if name not in ended:
        print(f"  {name} (started at line {number} of the log)")
