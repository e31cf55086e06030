# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A headless Chromium driven over the DevTools protocol, from the standard library alone.

The browser is started with ``--remote-debugging-pipe``: it reads the
protocol's JSON messages from its file descriptor 3 and writes its own to
4, each ended by a NUL byte. No WebSocket, no driver package, no Node:
this module is the whole driver (what the page tests and the web benchmark
need: open a page, evaluate JavaScript, press keys, reload).

A tab's clock can be stopped (:meth:`Page.pause_clock`, DevTools'
virtual time): the page's timers, ``performance.now()`` and ``Date.now()``
then move only when told to, a given number of milliseconds at a time run
as fast as the page can. The page's code is the same; what a held key or
a wait means becomes a count of the page's milliseconds, not of the
machine's seconds.

Which browser: ``$CHROMIUM`` if set, else the first of :data:`CANDIDATES`
found (Debian's ``chromium-headless-shell`` and ``chromium``, Ubuntu's and
other distributions' names, Google Chrome, macOS's application bundles).
:func:`find` returns None when there is none; the caller says so.

Usage::

    with Browser(find(), profile) as browser:
        page = browser.open("http://127.0.0.1:8000/")
        page.wait_for("window.game2048 && game2048.ready")
        page.press("ArrowLeft")
"""

import fcntl
import json
import math
import os
import select
import shutil
import subprocess
import sys
import time

#: Executables tried in order when $CHROMIUM is not set.
CANDIDATES = (
    "chromium-headless-shell",
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)

#: Flags for a quiet, private, headless browser that reaches nothing but the page.
FLAGS = (
    "--headless",
    "--no-sandbox",  # as root (CI) Chromium refuses to start with its sandbox
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--mute-audio",
    # A page in a headless browser counts as hidden for some timers; the
    # page's clock must run as in a visible tab.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
)

#: Milliseconds of a screen frame at 60 a second: the page's time a mouse move takes on a stopped clock.
FRAME_MS = 1000 / 60
#: Seconds an input event's answer is waited for before a frame is run on
#: a stopped clock (one the page handles at once is answered in far less).
INPUT_WAIT = 0.05

#: Keys as the DevTools protocol's Input.dispatchKeyEvent wants them: code -> (key, keyCode).
KEYS = {
    "ArrowUp": ("ArrowUp", 38),
    "ArrowDown": ("ArrowDown", 40),
    "ArrowLeft": ("ArrowLeft", 37),
    "ArrowRight": ("ArrowRight", 39),
    "Enter": ("Enter", 13),
    "Space": (" ", 32),
    "KeyX": ("x", 88),
    "KeyZ": ("z", 90),
    "KeyW": ("w", 87),
    "KeyA": ("a", 65),
    "KeyS": ("s", 83),
    "KeyD": ("d", 68),
}


# Run as the browser's parent: descriptors argv[1], argv[2] become 3 and 4,
# then the browser (argv[3:]) replaces this process.
_WIRE = "import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); os.execv(sys.argv[3], sys.argv[3:])"


def _above_nine(descriptor):
    # The same pipe end on a descriptor of 10 or more; the old one closed.
    moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD, 10)
    os.close(descriptor)
    return moved


def find():
    """The browser to use (a path), or None."""
    named = os.environ.get("CHROMIUM")
    if named:
        return shutil.which(named) or (named if os.path.isfile(named) else None)
    for candidate in CANDIDATES:
        found = shutil.which(candidate) or (candidate if os.path.isfile(candidate) else None)
        if found:
            return found
    return None


class BrowserError(RuntimeError):
    """The browser stopped, or answered a command with an error."""


class Browser:
    """One headless browser process.

    :param str executable: the browser (:func:`find`).
    :param profile: its profile's folder (the same folder again keeps
        localStorage across processes).
    :param float timeout: seconds a command's answer may take, and closing.
    """

    def __init__(self, executable, profile, timeout=60):
        self.timeout = timeout
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()
        # The child's ends, moved above 9 first: "3<&4 4>&3" would wire a
        # pipe to itself when os.pipe() happened to give 3 and 4.
        to_browser_read = _above_nine(to_browser_read)
        from_browser_write = _above_nine(from_browser_write)

        # The protocol's ends go on the browser's descriptors 3 and 4: a
        # small Python places them and becomes the browser (subprocess
        # closes every descriptor above 2 that pass_fds does not name,
        # after a preexec_fn; dash's redirections take one digit only).
        command = [executable, *FLAGS, "--user-data-dir=%s" % profile, "--remote-debugging-pipe", "about:blank"]
        self.process = subprocess.Popen(
            [sys.executable, "-c", _WIRE, str(to_browser_read), str(from_browser_write), *command],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(to_browser_read, from_browser_write),
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._out = os.fdopen(to_browser_write, "wb", buffering=0)
        self._in = os.fdopen(from_browser_read, "rb", buffering=0)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def send(self, method, params=None, session=None):
        """Send one command and wait for its answer; returns its ``result``."""
        return self.answer(self.post(method, params, session), method)

    def post(self, method, params=None, session=None):
        """Send one command without waiting for its answer; returns its id (for :meth:`answer`)."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        self._out.write(json.dumps(message).encode() + b"\0")
        return self._next_id

    def answer(self, number, method="the command"):
        """Wait for the answer to the command :meth:`post` numbered; returns its ``result``."""
        answer = self._take(lambda message: message.get("id") == number)
        if "error" in answer:
            raise BrowserError("%s: %s" % (method, answer["error"].get("message")))
        return answer.get("result", {})

    def wait_event(self, method, session=None):
        """Wait for the event ``method`` of the tab ``session`` (the oldest
        not yet waited for, one already kept included); returns its ``params``."""
        event = self._take(lambda message: message.get("method") == method and message.get("sessionId") == session)
        return event.get("params", {})

    def answered(self, number, wait):
        """True once the answer to the command numbered ``number`` has come
        (:meth:`answer` then takes it), waiting at most ``wait`` seconds."""
        if any(message.get("id") == number for message in self.events):
            return True
        return self._take(lambda message: message.get("id") == number, keep=True, wait=wait) is not None

    def _take(self, wanted, keep=False, wait=None):
        """The first message ``wanted`` says yes to, kept or read next; the
        others are kept (:attr:`events`: the last 200 events, every answer).
        ``keep``: that one is kept too; ``wait``: None once ``wait`` seconds
        passed without it (else :attr:`timeout` of silence raises)."""
        for index, message in enumerate(self.events):
            if wanted(message):
                return message if keep else self.events.pop(index)
        until = None if wait is None else time.monotonic() + wait
        while True:
            message = self._read(None if until is None else max(0.0, until - time.monotonic()))
            if message is None:
                return None
            if not wanted(message) or keep:
                self.events.append(message)
                if len(self.events) > 200:
                    dropped = next((i for i, kept in enumerate(self.events) if "id" not in kept), None)
                    if dropped is not None:
                        del self.events[dropped]
            if wanted(message):
                return message

    def _read(self, wait=None):
        """The browser's next message; None if ``wait`` seconds pass without one
        (with ``wait`` None, :attr:`timeout` of silence raises BrowserError)."""
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._in], [], [], self.timeout if wait is None else wait)
            if not ready:
                if wait is not None:
                    return None
                raise BrowserError("the browser said nothing for %d s" % self.timeout)
            chunk = self._in.read(1 << 16)
            if not chunk:
                raise BrowserError("the browser closed the connection (exit status %s)" % self.process.poll())
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def version(self):
        """The browser's product and version ("HeadlessChrome/156.0...")."""
        return self.send("Browser.getVersion")["product"]

    def open(self, url):
        """A new tab showing ``url``: a :class:`Page`."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session, target)
        page.send("Page.enable")
        page.send("Runtime.enable")
        # A headless tab has no focus of its own: without this the page
        # would get blur events and see document.hasFocus() false.
        page.send("Emulation.setFocusEmulationEnabled", {"enabled": True})
        page.goto(url)
        return page

    def close(self):
        """Close the browser (it writes its profile, localStorage too, first)."""
        if self.process.poll() is None:
            try:
                self.send("Browser.close")
            except (BrowserError, OSError):
                pass
            try:
                self.process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self._out, self._in):
            try:
                stream.close()
            except OSError:
                pass


class Page:
    """A tab of a :class:`Browser`."""

    def __init__(self, browser, session, target):
        self.browser = browser
        self.session = session
        self.target = target
        #: True after :meth:`pause_clock`: the page's time moves by :meth:`run` alone.
        self.paused = False

    def send(self, method, params=None):
        """One DevTools command to this tab; returns its result."""
        return self.browser.send(method, params, self.session)

    def close(self):
        """Close the tab (its page's pagehide runs first)."""
        self.browser.send("Target.closeTarget", {"targetId": self.target})

    def pause_clock(self):
        """Stop the tab's clock (DevTools virtual time, kept across
        navigations): from here on its timers, ``performance.now()`` and
        ``Date.now()`` move only in :meth:`run`, and every wait of this
        class (:meth:`wait`, a held key, :meth:`wait_for`'s polls) runs the
        page's clock instead of sleeping."""
        self.send("Emulation.setVirtualTimePolicy", {"policy": "pause"})
        self.paused = True

    def run(self, ms):
        """Let the stopped clock run ``ms`` milliseconds (rounded up to a
        whole one), every timer due in them fired in order, as fast as the
        page can; returns when they have passed."""
        self.send("Emulation.setVirtualTimePolicy", {"policy": "advance", "budget": max(1, math.ceil(ms))})
        self.browser.wait_event("Emulation.virtualTimeBudgetExpired", self.session)

    def wait(self, seconds):
        """Let ``seconds`` pass for the page: its clock's (stopped, :meth:`run`) or the machine's."""
        if self.paused:
            self.run(seconds * 1000)
        else:
            time.sleep(seconds)

    def goto(self, url):
        """Navigate to ``url`` (returns at once: wait_for what it should show)."""
        self.send("Page.navigate", {"url": url})

    def reload(self):
        """Reload the page, as a player's F5 (returns at once)."""
        self.send("Page.reload", {"ignoreCache": False})

    def evaluate(self, expression, await_promise=False):
        """The value of a JavaScript expression in the page (JSON-able)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": await_promise})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise BrowserError("the page raised: %s" % text)
        return result["result"].get("value")

    def wait_for(self, expression, timeout=60, poll=0.02):
        """Wait until ``expression`` is truthy in the page; returns its value."""
        until = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except BrowserError:
                value = None  # a page still loading has no such names yet
            if value:
                return value
            if time.monotonic() > until:
                raise TimeoutError("waited %d s for %s" % (timeout, expression))
            self.wait(poll)

    def key(self, code, down):
        """One key event: ``code`` (a KEYS name) going down or up."""
        key, key_code = KEYS[code]
        params = {"type": "keyDown" if down else "keyUp", "code": code, "key": key, "windowsVirtualKeyCode": key_code}
        if down and len(key) == 1:
            params["text"] = key
        self._input("Input.dispatchKeyEvent", params)

    def press(self, code, hold=0.06):
        """Press and release a key, held ``hold`` seconds."""
        self.key(code, True)
        self.wait(hold)
        self.key(code, False)

    def _centre(self, selector):
        box = self.evaluate(
            "(() => { const e = document.querySelector(%s); e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()" % json.dumps(selector)
        )
        return box[0], box[1]

    def _mouse(self, kind, x, y, buttons):
        params = {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1}
        self._input("Input.dispatchMouseEvent", params)

    def _input(self, method, params):
        """One input event. The browser may answer one at the page's next
        frame (a mouse move with a button down, a touch; any, on a busy
        machine): on a stopped clock, when no answer came in
        :data:`INPUT_WAIT` s, frames (:data:`FRAME_MS` each) are run until it comes."""
        number = self.browser.post(method, params, self.session)
        while self.paused and not self.browser.answered(number, wait=INPUT_WAIT):
            self.run(FRAME_MS)
        self.browser.answer(number, method)

    def click(self, selector, hold=0.06):
        """Press the mouse's left button on the middle of the element
        ``selector`` names, hold it ``hold`` seconds, let it go."""
        x, y = self._centre(selector)
        self._mouse("mouseMoved", x, y, 0)
        self._mouse("mousePressed", x, y, 1)
        self.wait(hold)
        self._mouse("mouseReleased", x, y, 0)

    def drag(self, selector, dx, dy, steps=5):
        """Drag with the mouse from the middle of ``selector`` by (dx, dy) CSS pixels (a swipe)."""
        x, y = self._centre(selector)
        self._mouse("mouseMoved", x, y, 0)
        self._mouse("mousePressed", x, y, 1)
        for step in range(1, steps + 1):
            self._mouse("mouseMoved", x + dx * step / steps, y + dy * step / steps, 1)
        self._mouse("mouseReleased", x + dx, y + dy, 0)

    def touch(self, selector, hold=0.06):
        """A finger on the middle of ``selector`` for ``hold`` seconds (a tap)."""
        x, y = self._centre(selector)
        self._input("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        self.wait(hold)
        self._input("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
