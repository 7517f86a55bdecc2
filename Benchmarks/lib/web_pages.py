#!/usr/bin/env python3
"""Times a web reader's pages as a browser loads them, the same way for rss-serve's web front and for FreshRSS.

Usage: web_pages.py BASE_URL LOGIN REQUESTS NAME=PATH [NAME=PATH ...]

LOGIN is `rss-serve:USER:PASSWORD` (the web front's sign-in form) or `none` (a reader that needs none). A PATH of
`@first-article` is the first article the first page links to, opened without marking it read. Each page is
asked REQUESTS times on one kept-alive connection, with `Accept-Encoding: gzip` as a browser sends it, after 10
requests that are not counted; a request's time is from sending it to the last byte of the answer, on loopback,
so it is the server's time plus a few tens of microseconds. Per page it prints the p50 and p99 time, the bytes as
sent (compressed when the server compresses), the bytes uncompressed, and the files the page loads from its
own server (style sheets, scripts, icons: what a browser asks for besides the page, cached or not).

Then, with Chromium through Selenium, the time to DOMContentLoaded of the first page named, loaded 10 times after
one load that fills the cache: the median and range of `domContentLoadedEventEnd` of the navigation timing.
"""
import gzip
import http.client
import re
import statistics
import sys
import time
from urllib.parse import urlencode, urljoin, urlparse


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Client:
    def __init__(self, base):
        self.base = base
        parsed = urlparse(base)
        self.host, self.port = parsed.hostname, parsed.port or 80
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        self.cookies = {}

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        except (http.client.HTTPException, ConnectionError):
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        data = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _, cookie = pair.partition("=")
                if cookie and "Max-Age=0" not in value:
                    self.cookies[key] = cookie
                else:
                    self.cookies.pop(key, None)
        return response, data

    def sign_in(self, user, password):
        _, page = self.request("GET", "/web/login")
        token = re.search(rb'name="csrf" value="([^"]+)"', page).group(1).decode()
        body = urlencode({"csrf": token, "name": user, "password": password})
        response, _ = self.request("POST", "/web/login", body, {"Content-Type": "application/x-www-form-urlencoded"})
        if response.status != 303 or "rss_session" not in self.cookies:
            sys.exit(f"web_pages: could not sign in ({response.status})")


def own_files(base, html):
    """The files a page loads from its own server besides it: style sheets, scripts, icons, the images of its
    interface (not an article's images, which rss-serve's media proxy may serve too: `/web/media`)."""
    text = html.decode("utf-8", "replace")
    found = (re.findall(r'<link[^>]+href="([^"]+)"', text) + re.findall(r'<script[^>]+src="([^"]+)"', text)
             + re.findall(r'<img[^>]+src="([^"]+)"', text))
    origin = urlparse(base).netloc
    files = []
    for reference in found:
        url = urlparse(urljoin(base + "/", reference.replace("&amp;", "&")))
        if (url.netloc == origin and not url.path.endswith((".xml", ".opml")) and "c=feed" not in url.query
                and not url.path.startswith("/web/media")):
            files.append(url.path + ("?" + url.query if url.query else ""))
    return sorted(set(files))


def measure(base, login, requests, pages):
    client = Client(base)
    if login.startswith("rss-serve:"):
        _, user, password = login.split(":", 2)
        client.sign_in(user, password)
    resolved = []
    for name, path in pages:
        if path == "@first-article":
            # The first article of the first page named, opened without marking it read (`kept`).
            _, first = client.request("GET", resolved[0][1])
            link = re.search(rb'href="(/web/article/[0-9]+[^"]*)"', first).group(1).decode().replace("&amp;", "&")
            path = link + ("&" if "?" in link else "?") + "kept=1"
        resolved.append((name, path))
    for name, path in resolved:
        for _ in range(10):
            client.request("GET", path, headers={"Accept-Encoding": "gzip"})
        times, sent, size, status = [], 0, 0, 0
        for _ in range(requests):
            start = time.perf_counter_ns()
            response, data = client.request("GET", path, headers={"Accept-Encoding": "gzip"})
            times.append((time.perf_counter_ns() - start) / 1e6)
            status = response.status
            sent = len(data)
            size = len(gzip.decompress(data)) if response.getheader("Content-Encoding") == "gzip" else len(data)
            html = gzip.decompress(data) if response.getheader("Content-Encoding") == "gzip" else data
        files = own_files(base, html)
        print(f"page {name}: status {status}, p50 {statistics.median(times):.2f} ms, p99 {percentile(times, 0.99):.2f} ms, "
              f"max {max(times):.2f} ms; {sent} bytes as sent, {size} uncompressed; {len(files)} own files besides it",
              flush=True)
    return client


def dom_content_loaded(base, login, path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        if login.startswith("rss-serve:"):
            _, user, password = login.split(":", 2)
            driver.get(base + "/web/login")
            driver.find_element(By.NAME, "name").send_keys(user)
            driver.find_element(By.NAME, "password").send_keys(password)
            driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
            time.sleep(0.5)
        driver.get(base + path)
        timings = []
        for _ in range(10):
            driver.get(base + path)
            timings.append(driver.execute_script(
                "var n = performance.getEntriesByType('navigation')[0]; return n.domContentLoadedEventEnd - n.startTime;"))
        print(f"DOMContentLoaded {path}: median {statistics.median(timings):.1f} ms [{min(timings):.1f}-{max(timings):.1f}] of 10",
              flush=True)
    finally:
        driver.quit()


def main():
    base, login, requests = sys.argv[1], sys.argv[2], int(sys.argv[3])
    pages = [argument.split("=", 1) for argument in sys.argv[4:]]
    measure(base, login, requests, pages)
    dom_content_loaded(base, login, pages[0][1])


if __name__ == "__main__":
    main()
