"""Fuzzes a running rss-serve against its OpenAPI document (docs/openapi.json) with schemathesis, each API with its
own credentials, and prints what it found as one JSON object for the Swift test to check.

Usage: schemathesis_run.py BASE_URL USER PASSWORD [MINIFLUX_TOKEN]

- The Google Reader run signs in with ClientLogin (USER, PASSWORD) for its token; the Miniflux run sends
  `X-Auth-Token: MINIFLUX_TOKEN`, or Basic USER:PASSWORD when no token is given.
- Checks: not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance
  (schemathesis 4's names); text/plain answers (`OK`, ClientLogin's lines) are checked against their schemas too.
  Phases examples, coverage and fuzzing (no stateful phase); at most RSS_ST_MAX_EXAMPLES (25) generated cases an
  operation, a fixed seed (RSS_ST_SEED) and deterministic generation. Examples and coverage end by count, so
  that every operation is tested however slow (loaded) the machine; fuzzing then has a time budget
  (RSS_ST_SECONDS, 130 in all, shared among the passes; it repeats until its pass's share is spent).
- Nothing is excluded: the library is the test's own. The operations that take feeds away (unsubscribe, a tag's
  removal, deleting a feed or category) run in passes of their own after the others, so that those see the
  whole library. Addresses the server would fetch (quickadd, subscribe, `feed_url`, discovery, OPML imports)
  are replaced, just before the request goes, by one it refuses without a connection (loopback), so that
  fuzzing never makes the server reach out of the machine.
- Prints {"schemathesis", "base_url", "runs": {pass: {...}}, "operations_tested", "failures": [{"api", "check",
  "method", "path", "status", "reason", "request", "count"}], "errors": [...], "statuses": {"METHOD PATH":
  {status: count}}, "ok"} and exits 1 when a check failed or a request could not be made (the server crashed or
  hung), 2 when the run could not start. RSS_ST_APIS=greader (or miniflux) runs one API alone.

Installs nothing: the test's setup installs schemathesis (PyPI). The same file is the hook module schemathesis
loads (SCHEMATHESIS_HOOKS), which is why everything but the hooks waits for __main__.
"""
from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

CHECKS = ["not_a_server_error", "status_code_conformance", "content_type_conformance", "response_schema_conformance"]
EVENTS_ENV = "RSS_ST_EVENTS"
API_ENV = "RSS_ST_API"

# Addresses the server refuses by its policy before any connection: loopback, literal addresses (no DNS).
SAFE_ADDRESSES = ["http://127.0.0.1:9/feed.xml", "http://[::1]:9/", "https://127.0.0.2/index.html"]
SAFE_OPML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>t</title></head><body>'
    '<outline text="loopback" type="rss" xmlUrl="http://127.0.0.1:9/feed.xml"/></body></opml>\n'
)
# Operation ids whose body fields the server fetches, and which fields.
ADDRESS_FIELDS = {
    "greaderQuickAdd": ("quickadd",),
    "greaderSubscriptionEdit": ("s",),
    "minifluxCreateFeed": ("feed_url",),
    "minifluxDiscover": ("url",),
}
OPML_OPERATIONS = {"greaderSubscriptionImport", "minifluxImport"}
# Operations that take feeds away (unsubscribe, a tag's removal, deletions): run after the others.
DESTRUCTIVE = {
    "greader": ["greaderSubscriptionEdit", "greaderDisableTag"],
    "miniflux": ["minifluxDeleteFeed", "minifluxDeleteCategory"],
}


# ------------------------------------------------------------------------------------------------------------------
# Hooks (run inside schemathesis)
# ------------------------------------------------------------------------------------------------------------------

def _safe(value):
    """`value` when the server could not fetch anything with it (no scheme: no `:`), else a refused address."""
    if isinstance(value, str):
        if ":" not in value:
            return value
        prefix = "feed/" if value.startswith("feed/") else ""
        return prefix + SAFE_ADDRESSES[sum(value.encode("utf-8", "replace")) % len(SAFE_ADDRESSES)]
    if isinstance(value, list):
        return [_safe(item) for item in value]
    return value


def _sanitize(case) -> None:
    operation_id = (case.operation.definition.raw or {}).get("operationId", "")
    fields = ADDRESS_FIELDS.get(operation_id)
    if fields and isinstance(case.body, (bytes, str)) and ":" in urllib.parse.unquote_plus(
        case.body.decode("utf-8", "replace") if isinstance(case.body, bytes) else case.body
    ):
        # A form sent as text (negative cases): the server would still read its fields.
        safe = urllib.parse.urlencode({fields[0]: SAFE_ADDRESSES[0]})
        case.body = safe if isinstance(case.body, str) else safe.encode()
    if fields:
        for container in (case.body, case.query):
            if isinstance(container, dict):
                for field in fields:
                    if field in container:
                        container[field] = _safe(container[field])
    if operation_id in OPML_OPERATIONS and case.body is not None:
        raw = case.body if isinstance(case.body, (bytes, str)) else json.dumps(case.body, default=str)
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        if ":" in text or "xmlurl" in text.lower():
            case.body = SAFE_OPML if isinstance(case.body, str) else SAFE_OPML.encode()


def _record(event: dict) -> None:
    path = os.environ.get(EVENTS_ENV)
    if not path:
        return
    event["api"] = os.environ.get(API_ENV, "")
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(event) + "\n")


def _request_line(case) -> str:
    target = case.formatted_path
    if case.query:
        target += "?" + urllib.parse.urlencode(case.query, doseq=True)
    line = f"{case.method.upper()} {target}"
    body = case.body
    if isinstance(body, bytes):
        line += " " + body[:300].decode("utf-8", "replace")
    elif isinstance(body, str):
        line += " " + body
    elif isinstance(body, (dict, list, int, float, bool)) or body is None and case.media_type:
        line += " " + json.dumps(body, default=str)
    return line[:500]


def _register_hooks() -> None:
    import schemathesis

    @schemathesis.deserializer("text/plain")
    def text(context, response):  # noqa: ARG001 - so that `OK` and ClientLogin's lines are checked too
        return response.content.decode("utf-8")

    @schemathesis.hook
    def before_call(context, case, kwargs):  # noqa: ARG001 - the hook's signature
        _sanitize(case)

    @schemathesis.hook
    def filter_failure(context, failure, case, response):  # noqa: ARG001
        names = [name for name in type(failure).checks if name in CHECKS] or list(type(failure).checks) or [type(failure).__name__]
        message = " ".join((failure.message or "").split())
        _record({
            "kind": "failure",
            "check": names[0],
            "method": case.method.upper(),
            "path": case.operation.path,
            "status": getattr(response, "status_code", None),
            "reason": (failure.title + (": " + message if message else ""))[:300],
            "request": _request_line(case),
        })
        return True

    @schemathesis.hook
    def after_call(context, case, response):  # noqa: ARG001
        _record({"kind": "call", "method": case.method.upper(), "path": case.operation.path,
                 "status": getattr(response, "status_code", None)})

    @schemathesis.hook
    def after_network_error(context, case, request):  # noqa: ARG001
        _record({
            "kind": "error",
            "method": case.method.upper(),
            "path": case.operation.path,
            "reason": "no answer (connection refused, reset or timed out)",
            "request": _request_line(case),
        })


if __name__ != "__main__" and os.environ.get(EVENTS_ENV):
    _register_hooks()


# ------------------------------------------------------------------------------------------------------------------
# The run
# ------------------------------------------------------------------------------------------------------------------

def client_login(base: str, user: str, password: str) -> tuple[str, str, str]:
    """The token, the answer's text and its content type."""
    data = urllib.parse.urlencode({"Email": user, "Passwd": password}).encode()
    with urllib.request.urlopen(base + "/accounts/ClientLogin", data=data, timeout=30) as answer:
        text = answer.read().decode()
        content_type = answer.headers.get("Content-Type", "")
    for line in text.splitlines():
        if line.startswith("Auth="):
            return line[5:], text, content_type
    raise RuntimeError("ClientLogin answered no Auth= line")


def sign_in_failures(document: str, text: str, content_type: str) -> list[dict]:
    """Fuzzing never guesses the password, so the run's own sign-in is checked against the document."""
    import re

    with open(document, encoding="utf-8") as file:
        spec = json.load(file)
    answer = spec["paths"]["/accounts/ClientLogin"]["post"]["responses"]["200"]["content"]
    pattern = spec["components"]["schemas"]["ClientLoginAnswer"]["pattern"]
    found = []
    media = content_type.split(";")[0].strip()
    if media not in answer:
        found.append(("content_type_conformance", f"Undocumented Content-Type: {content_type}"))
    if not re.search(pattern, text):
        found.append(("response_schema_conformance", f"the answer does not match {pattern!r}"))
    return [{"api": "greader", "check": check, "method": "POST", "path": "/accounts/ClientLogin", "status": 200,
             "reason": reason, "request": "POST /accounts/ClientLogin Email=…&Passwd=…", "count": 1}
            for check, reason in found]


def answers(base: str, headers: dict) -> bool:
    """Whether the server still answers an authenticated request."""
    request = urllib.request.Request(base + "/v1/version", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10):
            return True
    except urllib.error.HTTPError:
        return True
    except Exception:  # noqa: BLE001 - any failure to connect is "does not answer"
        return False


# The longest the counted phases (examples, coverage) of one pass may take: they end by count, in well under a
# minute on a quiet machine; this only stops a run that hangs.
COUNTED_PHASES_LIMIT = 900


def run_pass(name, api, tag, operations, headers, basic, base, document, workdir, max_examples, seconds, seed,
             phases):
    """One schemathesis run of `phases` over the operations of `tag`: `operations` ("only", ids) or ("except",
    ids); `seconds` bounds it, or None: the examples and coverage phases are bounded by their count alone, so
    that a slow (loaded) machine tests every operation all the same, only later."""
    events = os.path.join(workdir, f"{name}.ndjson")
    report = os.path.join(workdir, f"{name}-report.json")
    which, ids = operations
    # Include filters are alternatives: a pass of named operations names them alone.
    selection = ["--include-operation-id-regex", "^(" + "|".join(ids) + ")$"] if which == "only" else [
        "--include-tag", tag, "--exclude-operation-id-regex", "^(" + "|".join(ids) + ")$"]
    command = [
        sys.executable, "-m", "schemathesis.cli", "run", document,
        "--url", base,
        *selection,
        "--checks", ",".join(CHECKS),
        "--phases", phases,
        "--max-examples", str(max_examples),
        "--seed", str(seed),
        "--generation-deterministic",
        # One worker: with two, Hypothesis describes its strategies' lambdas from two threads at once, and
        # CPython 3.11's ast.parse is not safe for that (gh-106905: "AST constructor recursion depth mismatch",
        # a SystemError that ends the run, in about one run in three here).
        "--workers", "1",
        "--request-timeout", "20",
        "--continue-on-failure",
        "--suppress-health-check", "all",
        "--warnings", "off",
        "--no-color",
        "--report", "json",
        "--report-json-path", report,
    ]
    if seconds is not None:
        command += ["--max-time", str(seconds)]
    for header, value in headers.items():
        command += ["-H", f"{header}: {value}"]
    if basic:
        command += ["--auth", basic]
    env = dict(os.environ)
    env[EVENTS_ENV] = events
    env[API_ENV] = api
    env["SCHEMATHESIS_HOOKS"] = os.path.splitext(os.path.basename(__file__))[0]
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # no __pycache__ left beside this file
    env["PYTHONPATH"] = os.path.dirname(os.path.abspath(__file__)) + os.pathsep + env.get("PYTHONPATH", "")
    started = time.monotonic()
    timed_out = False
    try:
        completed = subprocess.run(
            command, cwd=workdir, env=env, capture_output=True, text=True,
            timeout=(seconds + 30) if seconds is not None else COUNTED_PHASES_LIMIT)
        exit_code, output = completed.returncode, completed.stdout + completed.stderr
    except subprocess.TimeoutExpired as expired:
        timed_out = True
        exit_code = None
        output = (expired.stdout or b"").decode("utf-8", "replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
    result = {"exit_code": exit_code, "seconds": round(time.monotonic() - started, 1), "timed_out": timed_out}
    try:
        with open(report, encoding="utf-8") as file:
            summary = json.load(file)
        result["operations"] = summary.get("operations")
        result["test_cases"] = summary.get("test_cases")
        result["stop_reason"] = summary.get("stop_reason")
        result["schemathesis_errors"] = summary.get("errors") or []
        if exit_code not in (0, None) and result["schemathesis_errors"]:
            result["output_tail"] = output[-2000:]
    except (OSError, ValueError):
        result["operations"] = None
        result["schemathesis_errors"] = [{"title": "no report", "count": 1}]
        result["output_tail"] = output[-2000:]
    recorded = []
    if os.path.exists(events):
        with open(events, encoding="utf-8") as file:
            recorded = [json.loads(line) for line in file if line.strip()]
    return result, recorded


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    base, user, password = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
    token = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None
    here = os.path.dirname(os.path.abspath(__file__))
    document = os.environ.get("RSS_OPENAPI", os.path.join(here, "..", "..", "..", "docs", "openapi.json"))
    max_examples = int(os.environ.get("RSS_ST_MAX_EXAMPLES", "25"))
    seconds = int(os.environ.get("RSS_ST_SECONDS", "130"))  # in all, shared among the passes
    seed = int(os.environ.get("RSS_ST_SEED", "20260826"))
    if not os.path.isfile(document):
        print(json.dumps({"ok": False, "setup_error": f"no OpenAPI document at {document}"}))
        return 2
    try:
        import schemathesis
        version = schemathesis.__version__
    except ImportError:
        print(json.dumps({"ok": False, "setup_error": "schemathesis is not installed"}))
        return 2
    if int(version.split(".")[0]) < 4:
        print(json.dumps({"ok": False, "setup_error": f"schemathesis {version}: version 4 or later is needed"}))
        return 2
    try:
        greader_token, answer, content_type = client_login(base, user, password)
    except Exception as error:  # noqa: BLE001 - reported, not raised
        print(json.dumps({"ok": False, "setup_error": f"ClientLogin failed: {error}"}))
        return 2
    miniflux_headers = {"X-Auth-Token": token} if token else {}
    basic = None if token else f"{user}:{password}"
    probe_headers = dict(miniflux_headers) or {
        "Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}
    greader = ("greader", "Google Reader", {"Authorization": f"GoogleLogin auth={greader_token}"}, None)
    miniflux = ("miniflux", "Miniflux", miniflux_headers, basic)
    # Each API's operations but those that take feeds away first, so that the others see the whole library;
    # then those, each API with its own credentials.
    passes = [
        ("greader", greader, ("except", DESTRUCTIVE["greader"]), 0.4),
        ("miniflux", miniflux, ("except", DESTRUCTIVE["miniflux"]), 0.4),
        ("greader-destructive", greader, ("only", DESTRUCTIVE["greader"]), 0.1),
        ("miniflux-destructive", miniflux, ("only", DESTRUCTIVE["miniflux"]), 0.1),
    ]
    only = set(filter(None, os.environ.get("RSS_ST_APIS", "").split(",")))
    passes = [entry for entry in passes if not only or entry[1][0] in only]
    runs, failures, errors, statuses = {}, {}, [], {}
    for failure in sign_in_failures(document, answer, content_type):
        failures[(failure["check"], failure["reason"])] = failure
    with tempfile.TemporaryDirectory(prefix="rss-schemathesis-") as workdir:
        # Each pass twice: its examples and coverage, bounded by count (every operation is tested, however
        # slow the machine), then fuzzing for its share of the time budget.
        steps = [(name, api_pass, operations, None, "examples,coverage") for name, api_pass, operations, _ in passes]
        steps += [(name + "-fuzzing", api_pass, operations, max(5, int(seconds * share)), "fuzzing")
                  for name, api_pass, operations, share in passes]
        for name, (api, tag, headers, auth), operations, budget, phases in steps:
            result, recorded = run_pass(
                name, api, tag, operations, headers, auth, base, document, workdir, max_examples, budget, seed,
                phases)
            runs[name] = result
            for event in recorded:
                if event["kind"] == "call":
                    counts = statuses.setdefault(f'{event["method"]} {event["path"]}', {})
                    counts[str(event["status"])] = counts.get(str(event["status"]), 0) + 1
                elif event["kind"] == "failure":
                    key = (event["api"], event["check"], event["method"], event["path"], event["status"],
                           event["reason"].split(" Value:")[0][:160])
                    if key in failures:
                        failures[key]["count"] += 1
                    else:
                        failures[key] = dict(event, count=1)
                        del failures[key]["kind"]
                else:
                    errors.append({k: v for k, v in event.items() if k != "kind"})
            for error in result.get("schemathesis_errors", []):
                errors.append({"api": api, "reason": f"schemathesis: {error.get('title')} ({error.get('count')})"})
            if result["timed_out"]:
                errors.append({"api": api, "reason": f"the {name} run did not end in time"})
            if not answers(base, probe_headers):
                errors.append({"api": api, "reason": "the server no longer answers after this run (crashed or hung)"})
                break
    tested = sum((run.get("operations") or {}).get("tested", 0) for name, run in runs.items()
                 if not name.endswith("-fuzzing"))
    selected = sum((run.get("operations") or {}).get("selected", 0) for run in runs.values())
    # One line per distinct error.
    unique_errors, seen = [], set()
    for error in errors:
        key = (error.get("api"), error.get("path"), error.get("reason"))
        if key not in seen:
            seen.add(key)
            unique_errors.append(error)
    summary = {
        "schemathesis": version,
        "base_url": base,
        "checks": CHECKS,
        "runs": runs,
        "operations_tested": tested,
        "operations_selected": selected,
        "failures": sorted(failures.values(), key=lambda f: (f["api"], f["path"], f["method"], f["check"])),
        "errors": unique_errors,
        "statuses": dict(sorted(statuses.items())),
    }
    summary["ok"] = not summary["failures"] and not unique_errors and tested > 0
    print(json.dumps(summary, indent=1))
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
