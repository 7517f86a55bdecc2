#!/usr/bin/env python3
"""Serves a folder over HTTP on 127.0.0.1, on a port the system picks: `static-server.py FOLDER PORT_FILE`.

Writes the port to PORT_FILE once it listens, and serves until stopped. scripts/docs opens DocC's static site
through it, since the site's pages read their content with requests a file:// page may not make.
"""
import functools
import http.server
import sys


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def main() -> int:
    folder, port_file = sys.argv[1], sys.argv[2]
    handler = functools.partial(QuietHandler, directory=folder)
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        with open(port_file, "w", encoding="utf-8") as handle:
            handle.write(str(server.server_address[1]))
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
