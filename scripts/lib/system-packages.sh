# Installs the Debian packages the build and the tests need when they are missing. Sourced by the scripts in scripts/
#
# Only apt is supported (the project targets Debian and Ubuntu). Root installs directly; anyone else goes
# through sudo when it is there; otherwise the script says what to install and stops.

# The Debian packages the build needs: libedit-dev for the line editor, libgumbo-dev for the HTML5 parser of
# the article extractor, libssl-dev for rss-serve's digests (OpenSSL's libcrypto), zlib1g-dev for the web
# front's compressed pages, pkg-config to find them.
RSS_REEDER_SYSTEM_PACKAGES=(libedit-dev libgumbo-dev libssl-dev zlib1g-dev pkg-config)
# The Debian packages the tests run against: sfeed (its tools read rss-report's TSV), sqlite3 (integrity
# checks from outside the program, and reading newsboat's cache), man-db (its `man -l`, with groff, renders the
# installed manual pages), newsboat (a client of rss-serve), tmux (to press keys in newsboat), RSS Guard (a Qt
# client of rss-serve's Google Reader and Nextcloud News APIs) with what runs it headless (Xvfb and xdotool),
# systemd (its `systemd-analyze verify` checks rss-serve's user unit), what scripts/package uses in the
# package test: dpkg-dev (dpkg-shlibdeps), binutils (strip) and lintian; and Chromium with its WebDriver, the
# browser the web front's tests drive.
RSS_REEDER_TEST_PACKAGES=(
    sfeed sqlite3 man-db newsboat tmux rssguard xvfb xdotool systemd dpkg-dev binutils lintian chromium chromium-driver
)
# The Python packages rss-serve's tests use as clients: the Miniflux API client, a Google Reader API client,
# schemathesis, which checks the server against its OpenAPI document, and Selenium with axe-core's binding,
# which drive Chromium through the web front and check its pages' accessibility (selenium-axe-python for the
# axe-core 4 it ships, whose rules cover WCAG 2.1; axe-selenium-python's is 3.1).
RSS_REEDER_TEST_PYTHON_PACKAGES=(miniflux libgreader schemathesis selenium axe_selenium_python selenium_axe_python)

# Installs what the build needs.
ensure_system_packages() {
    ensure_packages "${RSS_REEDER_SYSTEM_PACKAGES[@]}"
}

# Installs what the build and the tests need.
ensure_test_packages() {
    ensure_packages "${RSS_REEDER_SYSTEM_PACKAGES[@]}" "${RSS_REEDER_TEST_PACKAGES[@]}"
    ensure_python_packages "${RSS_REEDER_TEST_PYTHON_PACKAGES[@]}"
}

# Installs the named Python packages that python3 cannot import (with pip, for the user running the tests;
# python3-pip from apt first when pip is missing).
ensure_python_packages() {
    local missing=()
    local package
    for package in "$@"; do
        python3 -c "import $package" 2>/dev/null || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! python3 -m pip --version >/dev/null 2>&1; then
        ensure_packages python3-pip
    fi
    echo "Installing ${missing[*]} (pip)..." >&2
    # Debian's own python3 refuses pip installs into the system without this flag; a pyenv python ignores it.
    python3 -m pip install --quiet --user --break-system-packages "${missing[@]}" >&2 2>/dev/null ||
        python3 -m pip install --quiet "${missing[@]}" >&2
}

# Installs the named packages that are missing.
ensure_packages() {
    local missing=()
    local package
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0

    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: missing system packages (${missing[*]}) and no apt-get to install them" >&2
        return 1
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "error: missing system packages: ${missing[*]}; install them as root (apt-get install ${missing[*]})" >&2
            return 1
        fi
    fi
    echo "Installing ${missing[*]} (apt-get)..." >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
}
