# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The game in a browser: the board's own files in MicroPython's WebAssembly port, on a static page.

build.py writes the site (``make web``), serve.py serves it on 127.0.0.1
(``make web-serve``), browser.py drives a headless Chromium for the tests
and the benchmark; page/ holds the page itself. docs/web.md says how it
works and what it costs.
"""
