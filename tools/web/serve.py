# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Serve the web site (``make web`` writes it to build/web) on 127.0.0.1 and print its address (make web-serve).

Python's own static server, with the types a browser insists on: a module
script must come as JavaScript (``.mjs`` is not in every system's MIME
table) and ``WebAssembly.instantiateStreaming`` wants ``application/wasm``. ::

    python -m tools.web.serve                  # build/web on http://127.0.0.1:8048/
    python -m tools.web.serve --port 0         # any free port
"""

import functools
import http.server
import sys
import threading
from pathlib import Path

from tools import ArgumentParser
from tools.web.build import DEFAULT_OUT

#: Content types a browser needs right, by file name ending.
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".pack": "application/octet-stream"}
#: The port ``make web-serve`` uses unless told another.
PORT = 8048


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        # A rebuilt site is seen at the next reload.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        pass  # quiet: the page says what matters


def serve(folder, port=0):
    """Serve ``folder`` on 127.0.0.1 from a thread; returns (server, url).
    ``port`` 0: any free one. ``server.shutdown()`` stops it."""
    handler = functools.partial(_Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default=str(DEFAULT_OUT), help="the site (default build/web)")
    parser.add_argument("--port", type=int, default=PORT, help="the port on 127.0.0.1 (default %(default)s; 0: any free one)")
    args = parser.parse_args(argv)
    if not (Path(args.folder) / "index.html").is_file():
        parser.error("no site in %s: make web writes it" % args.folder)
    try:
        server, url = serve(args.folder, args.port)
    except OSError as error:
        parser.error("cannot serve on 127.0.0.1:%d: %s" % (args.port, error.strerror or error))
    print("web: playing at %s (Ctrl-C stops; ?board=<board id>, ?seed=N, ?fresh)" % url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
