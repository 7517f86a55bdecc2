#!/usr/bin/env python3
"""Drives Debian's Chromium through rss-serve's web front with Selenium (chromium-driver), as a person reads.

Usage: web_browser.py MODE BASE_URL USER PASSWORD [OUT_DIR]

Modes:
  keys        sign in by typing, read the unread list with the keys alone (j/k, m, s, o, j on the article, g s,
              /, ?), and check each change through the page's own script (no reload)
  nojs        the same story with JavaScript off: every action a link or a form
  hostile     open the hostile source's list and articles: no dialog, no navigation, no request to any origin
              but the server's (images excepted), and the layout holds at 360 px (no horizontal scroll)
  library     add a feed from a site of two (choosing one), import an OPML file, export the sources
              (OUT_DIR is then the feed server's address)
  axe         run axe-core (axe-selenium-python) on every page kind, light and dark: WCAG 2.1 A and AA rules
  screenshots write list and article screenshots, desktop and phone, light and dark, to OUT_DIR

Prints one line per check that failed, and `ok MODE` at the end when none did; exits 1 on any failure.
"""
import json
import os
import sys
import time
from urllib.parse import urlparse

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as conditions
from selenium.webdriver.support.ui import WebDriverWait

failures = []


def check(condition, message):
    print("check " + message, flush=True) if os.environ.get("WEB_BROWSER_TRACE") else None
    if not condition:
        failures.append(message)
        print("FAIL " + message, flush=True)
    return condition


def browser(javascript=True, width=1280, height=900, dark=False):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", f"--window-size={width},{height}",
                     "--force-device-scale-factor=1", "--lang=en-US"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(120)
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    if width < 500:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    return driver


def wait(driver, seconds=20):
    return WebDriverWait(driver, seconds)


def sign_in(driver, base, user, password):
    driver.get(base + "/")
    wait(driver).until(conditions.presence_of_element_located((By.NAME, "name")))
    check(driver.current_url.startswith(base + "/web/login"), "signed out, / leads to the sign-in form")
    driver.find_element(By.NAME, "name").send_keys(user)
    field = driver.find_element(By.NAME, "password")
    field.send_keys(password)
    field.send_keys(Keys.ENTER)
    wait(driver).until(conditions.url_contains("/web/unread"))


def press(driver, keys):
    body = driver.find_element(By.TAG_NAME, "body")
    for key in keys:
        driver.switch_to.active_element.send_keys(key) if driver.switch_to.active_element.tag_name != "body" else body.send_keys(key)
        time.sleep(0.05)


def current_item(driver):
    items = driver.find_elements(By.CSS_SELECTOR, "ol.articles li.current")
    return items[0] if items else None


def no_dialog(driver, where):
    try:
        alert = driver.switch_to.alert
        check(False, f"{where}: a dialog opened: {alert.text!r}")
        alert.dismiss()
    except NoAlertPresentException:
        pass


def keys_story(base, user, password):
    driver = browser()
    try:
        sign_in(driver, base, user, password)
        page_id = driver.execute_script("return window.performance.timeOrigin")
        check(len(driver.find_elements(By.CSS_SELECTOR, "ol.articles li")) == 50, "the unread list shows 50 articles")
        press(driver, ["j"])
        first = current_item(driver)
        check(first is not None and first == driver.find_elements(By.CSS_SELECTOR, "ol.articles li")[0], "j selects the first article")
        press(driver, ["j", "j", "k"])
        second = current_item(driver)
        check(second == driver.find_elements(By.CSS_SELECTOR, "ol.articles li")[1], "j j k selects the second article")
        title = second.find_element(By.CSS_SELECTOR, "a.title").text
        press(driver, ["m"])
        wait(driver).until(lambda d: "read" in current_item(d).get_attribute("class").split())
        check(driver.execute_script("return window.performance.timeOrigin") == page_id, "m marks without reloading")
        check(current_item(driver).find_element(By.CSS_SELECTOR, "form.mark button").text == "Mark unread", "m turns the button to Mark unread")
        press(driver, ["s"])
        wait(driver).until(lambda d: "starred" in current_item(d).get_attribute("class").split())
        press(driver, ["o"])
        wait(driver).until(conditions.url_contains("/web/article/"))
        check(driver.find_element(By.TAG_NAME, "h1").text == title, "o opens the current article")
        article_url = driver.current_url
        press(driver, ["j"])
        wait(driver).until(lambda d: d.current_url != article_url)
        check("/web/article/" in driver.current_url, "j on an article opens the next one")
        press(driver, ["k"])
        wait(driver).until(lambda d: d.current_url.split("?")[0] == article_url.split("?")[0])
        check(driver.find_element(By.TAG_NAME, "h1").text == title, "k comes back to it")
        press(driver, ["g", "s"])
        wait(driver).until(conditions.url_contains("/web/starred"))
        titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "ol.articles a.title")]
        check(titles == [title], f"g s shows the starred article alone, not {titles}")
        press(driver, ["g", "a"])
        wait(driver).until(conditions.url_contains("/web/all"))
        press(driver, ["/"])
        search = driver.switch_to.active_element
        check(search.get_attribute("id") == "search", "/ focuses the search")
        search.send_keys("small-3")
        search.send_keys(Keys.ENTER)
        wait(driver).until(conditions.url_contains("q=small-3"))
        titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "ol.articles a.title")]
        check(titles == ["small-3"], f"the search finds small-3 alone, not {titles}")
        press(driver, ["?"])
        check(driver.find_element(By.ID, "keys").get_attribute("open") is not None, "? opens the list of keys")
        press(driver, [Keys.ESCAPE])
        no_dialog(driver, "keys")
    finally:
        driver.quit()


def nojs_story(base, user, password):
    driver = browser(javascript=False)
    try:
        sign_in(driver, base, user, password)
        first = driver.find_elements(By.CSS_SELECTOR, "ol.articles li")[0]
        title = first.find_element(By.CSS_SELECTOR, "a.title").text
        first.find_element(By.XPATH, ".//form[contains(@class,'mark')]//button[text()='Star']").click()
        wait(driver).until(conditions.url_contains("/web/unread"))
        first = driver.find_elements(By.CSS_SELECTOR, "ol.articles li")[0]
        check(first.find_element(By.CSS_SELECTOR, "a.title").text == title and
              first.find_elements(By.XPATH, ".//button[text()='Unstar']"), "the Star form stars it and comes back to the list")
        first.find_element(By.CSS_SELECTOR, "a.title").click()
        wait(driver).until(conditions.url_contains("/web/article/"))
        check(driver.find_element(By.TAG_NAME, "h1").text == title, "the title link opens the article")
        driver.find_element(By.XPATH, "//button[text()='Mark unread']").click()
        wait(driver).until(conditions.presence_of_element_located((By.XPATH, "//button[text()='Mark read']")))
        driver.find_element(By.CSS_SELECTOR, "nav.neighbours a[rel=next]").click()
        wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "h1").text != title)
        driver.find_element(By.LINK_TEXT, "Starred").click()
        wait(driver).until(conditions.url_contains("/web/starred"))
        titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "ol.articles a.title")]
        check(titles == [title], f"the starred list holds it, not {titles}")
        driver.find_element(By.XPATH, "//button[starts-with(text(),'Sign out')]").click()
        wait(driver).until(conditions.url_contains("/web/login"))
        driver.get(base + "/web/unread")
        check("/web/login" in driver.current_url, "signed out, the list leads to the sign-in form")
    finally:
        driver.quit()


def requests_made(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def hostile_story(base, user, password):
    driver = browser(width=360, height=800)
    try:
        sign_in(driver, base, user, password)
        origin = urlparse(base).netloc
        driver.get(base + "/web/all")
        sources = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "aside.library ul a")]
        pages = []
        for link in sources:
            if "source=" in link:
                driver.get(link)
                pages.append(driver.current_url)
                for article in [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "ol.articles a.title")][:5]:
                    pages.append(article)
        requests_made(driver)
        for page in pages:
            driver.get(page)
            time.sleep(0.2)
            no_dialog(driver, page)
            check(driver.current_url == page, f"{page}: navigated to {driver.current_url}")
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            check(overflow <= 0, f"{page}: the page scrolls sideways by {overflow} px at 360 px")
            for url in requests_made(driver):
                parsed = urlparse(url)
                if parsed.scheme in ("data", "blob"):
                    continue
                check(parsed.netloc == origin or parsed.path.endswith((".png", ".jpg", ".gif", ".webp", ".svg")),
                      f"{page}: a request left for {url}")
        check(len(pages) > 3, f"the hostile library's pages were visited ({len(pages)})")
    finally:
        driver.quit()


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_script():
    """The newest axe-core at hand: selenium-axe-python's (axe-core 4.x, which has the WCAG 2.1 rules), else the
    one axe-selenium-python ships (3.1, WCAG 2.0 rules only)."""
    try:
        import selenium_axe_python
        path = os.path.join(os.path.dirname(selenium_axe_python.__file__), "axe-core", "axe.min.js")
        if os.path.exists(path):
            return path
    except ImportError:
        pass
    return None


def run_axe(driver):
    """axe-core's results for the page: injected with axe-selenium-python, run on the WCAG 2.1 A and AA rules (a
    failure of axe itself is a failure of the check, never a pass)."""
    from axe_selenium_python import Axe
    script = axe_script()
    (Axe(driver, script_url=script) if script else Axe(driver)).inject()
    results = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        # The WCAG 2.1 tags are named only by the axe-core versions that have rules for them.
        "var tags = arguments[0].filter(function (t) { return axe.getRules([t]).length > 0; });"
        "axe.run(document, {runOnly: {type: 'tag', values: tags}})"
        ".then(function (r) { done({violations: r.violations, passes: r.passes.length, version: axe.version, tags: tags}); })"
        ".catch(function (e) { done({error: String(e)}); });", AXE_TAGS)
    check("error" not in results, f"axe ran: {results.get('error')}")
    return results


def axe_story(base, user, password):
    versions = set()
    for dark in (False, True):
        driver = browser(dark=dark)
        try:
            driver.get(base + "/web/login")
            pages = [("sign-in", base + "/web/login")]
            sign_in(driver, base, user, password)
            article = driver.find_element(By.CSS_SELECTOR, "ol.articles a.title").get_attribute("href")
            source = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "aside.library ul a") if "source=" in a.get_attribute("href")][0]
            source_page = base + "/web/sources/" + source.split("source=")[1].split("&")[0]
            pages += [("unread", base + "/web/unread"), ("starred", base + "/web/starred"), ("all", base + "/web/all?order=oldest"),
                      ("source", source), ("search", base + "/web/all?q=big"), ("article", article),
                      ("sessions", base + "/web/sessions"), ("sources", base + "/web/sources"), ("source page", source_page),
                      ("rules", base + "/web/rules?test=title%20contains%20big"), ("settings", base + "/web/settings")]
            for name, url in pages:
                if name == "sign-in":
                    continue
                driver.get(url)
                results = run_axe(driver)
                scheme = "dark" if dark else "light"
                for violation in results.get("violations", []):
                    targets = [", ".join(node["target"]) for node in violation["nodes"]][:3]
                    check(False, f"axe {scheme} {name}: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
                check(results.get("passes", 0) > 10, f"axe {scheme} {name}: axe ran ({results.get('passes', 0)} rules passed)")
                versions.add(f"axe-core {results.get('version')} with {', '.join(results.get('tags', []))}")
            # The sign-in page, signed out.
            driver.delete_all_cookies()
            driver.get(base + "/web/login")
            results = run_axe(driver)
            for violation in results.get("violations", []):
                check(False, f"axe {'dark' if dark else 'light'} sign-in: {violation['id']}: {violation['help']}")
        finally:
            driver.quit()
    print("; ".join(sorted(versions)))


def library_story(base, user, password, feeds):
    """Adds a feed from a site of two feeds (choosing the second), imports an OPML file, exports the sources."""
    driver = browser()
    try:
        sign_in(driver, base, user, password)
        driver.find_element(By.LINK_TEXT, "Sources").click()
        wait(driver).until(conditions.url_contains("/web/sources"))
        driver.find_element(By.NAME, "address").send_keys(feeds + "/two-site/")
        driver.find_element(By.NAME, "tags").send_keys("site")
        driver.find_element(By.XPATH, "//button[text()='Add']").click()
        wait(driver).until(conditions.presence_of_element_located((By.XPATH, "//h1[text()='Choose a feed']")))
        radios = driver.find_elements(By.CSS_SELECTOR, "input[type=radio][name=address]")
        check(len(radios) == 2, f"the site offers two feeds to choose from ({len(radios)})")
        radios[1].click()
        driver.find_element(By.XPATH, "//button[text()='Follow this feed']").click()
        wait(driver).until(conditions.url_contains("/web/sources/"))
        check(driver.find_element(By.TAG_NAME, "h1").text == "comments feed", "the chosen feed is followed")
        opml = os.path.join(os.getcwd(), "import.opml")
        with open(opml, "w") as file:
            file.write('<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>'
                       f'<outline type="rss" text="beta" xmlUrl="{feeds}/beta.xml"/></body></opml>')
        driver.find_element(By.LINK_TEXT, "Sources").click()
        wait(driver).until(conditions.presence_of_element_located((By.NAME, "opml")))
        driver.find_element(By.NAME, "opml").send_keys(opml)
        driver.find_element(By.XPATH, "//button[text()='Import']").click()
        wait(driver).until(conditions.presence_of_element_located((By.CSS_SELECTOR, "p.notice")))
        check("Imported: 1 added" in driver.find_element(By.CSS_SELECTOR, "p.notice").text, "the OPML import says what it added")
        exported = driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "fetch('/web/sources/export', {credentials: 'same-origin'}).then(function (r) { return r.text(); }).then(done);")
        check(f"{feeds}/beta.xml" in exported and f"{feeds}/comments.xml" in exported, "the export lists both feeds")
        check(len(driver.find_elements(By.CSS_SELECTOR, "table.plain tbody tr")) == 2, "the sources page lists both")
    finally:
        driver.quit()


def screenshots(base, user, password, directory):
    os.makedirs(directory, exist_ok=True)
    for dark in (False, True):
        for (width, height, device) in ((1280, 860, "desktop"), (360, 760, "phone")):
            driver = browser(width=width, height=height, dark=dark)
            try:
                sign_in(driver, base, user, password)
                scheme = "dark" if dark else "light"
                driver.save_screenshot(os.path.join(directory, f"list-{device}-{scheme}.png"))
                link = driver.find_element(By.CSS_SELECTOR, "ol.articles a.title").get_attribute("href")
                # Kept unread, so that every screenshot shows the same list.
                driver.get(link + "&kept=1")
                driver.save_screenshot(os.path.join(directory, f"article-{device}-{scheme}.png"))
            finally:
                driver.quit()


def main():
    mode, base, user, password = sys.argv[1:5]
    if mode == "keys":
        keys_story(base, user, password)
    elif mode == "nojs":
        nojs_story(base, user, password)
    elif mode == "hostile":
        hostile_story(base, user, password)
    elif mode == "axe":
        axe_story(base, user, password)
    elif mode == "library":
        library_story(base, user, password, sys.argv[5])
    elif mode == "screenshots":
        screenshots(base, user, password, sys.argv[5])
    else:
        print("unknown mode " + mode)
        sys.exit(2)
    if failures:
        sys.exit(1)
    print("ok " + mode)


if __name__ == "__main__":
    try:
        main()
    except TimeoutException as error:
        print(f"FAIL timed out: {error.msg}")
        sys.exit(1)
