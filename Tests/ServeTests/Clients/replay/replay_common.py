"""What the replay clients share: the command line, the state file, a recording HTTP session that sends URLs and
bodies byte for byte as built (apps differ in what they percent-encode), the output object, and type checks that
mimic each app's JSON decoder (Swift Codable, Gson, kotlinx.serialization).

Written for rss-serve's tests from reading the apps' public sources; no code of theirs is here.
Only `requests` and the standard library are used.
"""
import email.utils
import json
import os
import sys
import urllib.parse

import requests

USAGE = "usage: python3 {app}.py STATE_DIR BASE_URL USER PASSWORD COMMAND [ARGS...]"


class AppFailure(Exception):
    """Something the app would stop on: an HTTP status it does not accept, a response it cannot parse, a missing
    value it requires. The reason goes to stderr and the replay exits 1."""


def parse_args(app, commands):
    """(state_dir, base_url, user, password, command, args); exits 2 on a usage error."""
    argv = sys.argv[1:]
    if len(argv) < 5 or argv[4] not in commands:
        sys.stderr.write(USAGE.format(app=app) + "\ncommands: " + ", ".join(sorted(commands)) + "\n")
        sys.exit(2)
    return argv[0], argv[1], argv[2], argv[3], argv[4], argv[5:]


class State:
    """The app's local database: one JSON file in STATE_DIR (a second device is another STATE_DIR)."""

    def __init__(self, directory, initial, name="state.json"):
        self.path = os.path.join(directory, name)
        os.makedirs(directory, exist_ok=True)
        if os.path.exists(self.path):
            with open(self.path, encoding="utf-8") as handle:
                self.data = json.load(handle)
        else:
            self.data = initial

    def save(self):
        temporary = self.path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump(self.data, handle, indent=1, sort_keys=True)
        os.replace(temporary, self.path)


class Recorder:
    """A requests session that records every exchange as (method, path, query, status) and sends the URL and
    body exactly as given: requests would otherwise re-quote the URL."""

    def __init__(self, user_agent, timeout=60):
        self.session = requests.Session()
        self.session.headers.clear()
        self.session.headers["User-Agent"] = user_agent
        self.session.headers["Accept-Encoding"] = "gzip"
        self.timeout = timeout
        self.log = []

    def send(self, method, url, headers=None, body=None):
        request = requests.Request(method, url, headers=headers or {}, data=body)
        prepared = self.session.prepare_request(request)
        prepared.url = url  # byte for byte: no re-quoting
        if body is None and method == "POST":
            prepared.headers["Content-Length"] = "0"
        try:
            response = self.session.send(prepared, timeout=self.timeout, allow_redirects=False)
        except requests.RequestException as error:
            self.log.append({"method": method, "path": _path(url), "query": _query(url), "status": None})
            raise AppFailure(f"{method} {_path(url)}: network error: {error}") from error
        self.log.append({"method": method, "path": _path(url), "query": _query(url), "status": response.status_code})
        return response


def _path(url):
    return urllib.parse.urlsplit(url).path


def _query(url):
    return urllib.parse.urlsplit(url).query


def http_date(response):
    """The response's Date header as a Unix time, or None when it is missing or unreadable."""
    value = response.headers.get("Date")
    if not value:
        return None
    try:
        return email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None


def body_json(response, what):
    """The body parsed as JSON; AppFailure when it is not JSON (every app here fails then)."""
    try:
        return json.loads(response.content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise AppFailure(f"{what}: the body is not JSON ({error}): {response.text[:200]!r}") from error


def finish(app, command, state, recorder, extra=None, error=None):
    """Prints the one JSON object on stdout (also on failure, so a test can see the requests made) and exits."""
    output = {"app": app, "command": command}
    output.update(extra or {})
    output["requests"] = recorder.log
    if error is not None:
        output["error"] = error
    sys.stdout.write(json.dumps(output, indent=1, sort_keys=True) + "\n")
    if error is not None:
        sys.stderr.write(f"{app} {command}: {error}\n")
        sys.exit(1)
    sys.exit(0)


def run(app, command, state, recorder, body, describe):
    """Runs `body()`, saves the state (also after a failure part-way, as the app would have kept what it
    stored), then prints describe() and exits."""
    error = None
    try:
        body()
    except AppFailure as failure:
        error = str(failure)
    state.save()
    finish(app, command, state, recorder, describe(), error)


# ----- percent-encoding as the apps do it --------------------------------------------------------------------

ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def percent_encode(text, allowed):
    """UTF-8 percent-encoding of every byte not in `allowed` (a string of ASCII characters)."""
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        out.append(char if byte < 128 and char in allowed else "%%%02X" % byte)
    return "".join(out)


def form_encode(pairs):
    """application/x-www-form-urlencoded as OkHttp's FormBody and Ktor build it (space as %20 or +, both read
    alike by servers): everything but unreserved characters is escaped."""
    return "&".join(
        urllib.parse.quote(name, safe="-._~") + "=" + urllib.parse.quote(value, safe="-._~") for name, value in pairs)


# ----- decoders' type rules ----------------------------------------------------------------------------------

class Missing:
    pass


MISSING = Missing()


def field(obj, key, path):
    if not isinstance(obj, dict):
        raise AppFailure(f"{path}: expected an object, got {type(obj).__name__}")
    return obj.get(key, MISSING)


# Swift Codable (JSONDecoder): a non-optional property must be present and of its type; an optional one may be
# absent or null, but when present it must still be of its type (typeMismatch otherwise). No conversions.

def swift(obj, key, kind, path, optional=True):
    value = field(obj, key, path)
    where = f"{path}.{key}"
    if value is MISSING or value is None:
        if optional:
            return None
        raise AppFailure(f"{where}: required by the app's Codable type, missing or null")
    if kind == "string" and isinstance(value, str):
        return value
    if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind == "double" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if kind == "array" and isinstance(value, list):
        return value
    if kind == "object" and isinstance(value, dict):
        return value
    raise AppFailure(f"{where}: the app decodes it as {kind}, got {json.dumps(value)[:80]}")


# Gson (ReadYou): lenient. A String field takes a string, number or boolean; a Long field a number or a string
# holding one (an integral one); an object or list field must be that or null. Absent or null is null.

def gson(obj, key, kind, path):
    value = field(obj, key, path)
    where = f"{path}.{key}"
    if value is MISSING or value is None:
        return None
    if kind == "string":
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, (str, int, float)):
            return value if isinstance(value, str) else json.dumps(value)
    elif kind == "long":
        if isinstance(value, bool):
            pass
        elif isinstance(value, int):
            return value
        elif isinstance(value, float) and value.is_integer():
            return int(value)
        elif isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                try:
                    number = float(value)
                    if number.is_integer():
                        return int(number)
                except ValueError:
                    pass
    elif kind == "array" and isinstance(value, list):
        return value
    elif kind == "object" and isinstance(value, dict):
        return value
    raise AppFailure(f"{where}: Gson cannot read {json.dumps(value)[:80]} as {kind}")


# kotlinx.serialization with ignoreUnknownKeys only (FeedMe): not lenient. A String? field takes a string or
# null, never a number; a Long/Int field with a default takes a number or a quoted integer, never null, never a
# fraction; lists and objects must be arrays and objects (or null when nullable).

def kotlinx(obj, key, kind, path, default=None):
    value = field(obj, key, path)
    where = f"{path}.{key}"
    if value is MISSING:
        return default
    if kind in ("long", "int"):
        number = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and value.lstrip("-").isdigit() and value.count("-") <= 1:
            number = int(value)
        if number is None:
            raise AppFailure(f"{where}: kotlinx expects a numeric literal, got {json.dumps(value)[:80]}")
        limit = 2**31 if kind == "int" else 2**63
        if not -limit <= number < limit:
            raise AppFailure(f"{where}: numeric overflow for {kind}: {number}")
        return number
    if value is None:
        return None
    if kind == "string" and isinstance(value, str):
        return value
    if kind == "array" and isinstance(value, list):
        return value
    if kind == "object" and isinstance(value, dict):
        return value
    raise AppFailure(f"{where}: kotlinx expects {kind}, got {json.dumps(value)[:80]}")


# ----- item ids ----------------------------------------------------------------------------------------------

LONG_PREFIX = "tag:google.com,2005:reader/item/"


def long_form(short):
    """The long form of a decimal (short) id, zero-padded 16 hex digits, two's complement for negatives."""
    return LONG_PREFIX + "%016x" % (int(short) & 0xFFFFFFFFFFFFFFFF)


def short_form(item_id):
    """The signed decimal form of an id in either form."""
    if item_id.startswith(LONG_PREFIX):
        value = int(item_id[len(LONG_PREFIX):], 16)
        return str(value - (1 << 64) if value >= 1 << 63 else value)
    return str(int(item_id))


def opml_feeds(path):
    """(title, xmlUrl) of each feed outline of an OPML file."""
    import xml.etree.ElementTree as ElementTree
    root = ElementTree.parse(path).getroot()
    return [(node.get("title") or node.get("text") or "", node.get("xmlUrl"))
            for node in root.iter("outline") if node.get("xmlUrl")]


def discover_feed(url, recorder):
    """What the apps do on the device before subscribing: fetch the address and, for a web page, take the first
    feed it declares. Returns (feed_url, title); AppFailure when there is no feed there. The request is recorded
    (it goes to the feed's host, not the sync server)."""
    import xml.etree.ElementTree as ElementTree
    from html.parser import HTMLParser
    response = recorder.send("GET", url)
    if response.status_code != 200:
        raise AppFailure(f"no feed at {url}: HTTP {response.status_code}")
    try:
        root = ElementTree.fromstring(response.content)
        tag = root.tag.rsplit("}", 1)[-1].lower()
        if tag in ("rss", "feed", "rdf"):
            title = None
            for node in root.iter():
                if node.tag.rsplit("}", 1)[-1] == "title":
                    title = (node.text or "").strip()
                    break
            return url, title
    except ElementTree.ParseError:
        pass

    class Links(HTMLParser):
        found = None

        def handle_starttag(self, name, attributes):
            values = dict(attributes)
            if (self.found is None and name == "link" and (values.get("rel") or "").lower() == "alternate"
                    and (values.get("type") or "").lower() in ("application/rss+xml", "application/atom+xml")
                    and values.get("href")):
                self.found = urllib.parse.urljoin(url, values["href"])

    links = Links()
    links.feed(response.text)
    if links.found is None:
        raise AppFailure(f"no feed at {url}")
    return discover_feed(links.found, recorder)
