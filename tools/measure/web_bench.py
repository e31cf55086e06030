# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The web page's costs in a real headless Chromium: load to first frame, and per frame (make web-bench).

Builds the site (tools/web/build.py) in a scratch folder, serves it on
127.0.0.1, opens it ``--runs`` times, each in a fresh browser profile
(nothing cached, nothing saved), and prints:

* the site's size, and gzipped (as a server would send it);
* load: from the navigation's start to the first frame on the canvas
  (fetching and compiling the VM, the board's files into its file system,
  code.start() step by step, the first tick and its drawing);
* idle frames: the VM's time per tick with nothing moving (the App's
  frame and the check that the screen did not change);
* animated frames: the ticks that sent a new frame during ``--moves``
  moves, the VM's time and the drawing (reading the frame, rendering it,
  painting the canvas).

Times are the page's own ``performance.now()`` readings (Chromium rounds
them to 0.1 ms); they depend on the machine and its load, which is
printed with them. ::

    python -m tools.measure.web_bench --runs 5 --board pybadge
"""

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tools import ROOT, ArgumentParser, board_id, whole
from tools.web import browser as chromium
from tools.web import build, serve


def spread(values):
    """ "median, p90, max (count)" of ``values`` in ms."""
    if not values:
        return "none"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return "median %.2f ms, p90 %.2f ms, max %.2f ms (%d)" % (statistics.median(ordered), p90, ordered[-1], len(ordered))


def measure(executable, url, runs, moves, board):
    """(loads, idle VM ms, animated VM ms, animated drawing ms) over ``runs`` page loads."""
    loads, idle, animated_vm, animated_draw = [], [], [], []
    for run in range(runs):
        profile = tempfile.mkdtemp(prefix="web-bench-", dir=ROOT / "build")
        try:
            with chromium.Browser(executable, profile) as browser:
                page = browser.open(url + "?seed=%d&board=%s" % (run + 1, board))
                page.wait_for("window.game2048 && game2048.ready", timeout=120)
                loads.append(page.evaluate("game2048.loadMs"))
                time.sleep(3)  # idle: about 150 frames
                log = page.evaluate("game2048.log.slice(-140)")
                idle.extend(vm for vm, drew in log if drew < 0)
                for index in range(moves):
                    page.press(("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown")[index % 4])
                    time.sleep(0.4)
                log = page.evaluate("game2048.log.slice(-%d)" % (moves * 20))
                for vm, drew in log:
                    if drew >= 0:
                        animated_vm.append(vm)
                        animated_draw.append(drew)
        finally:
            shutil.rmtree(profile, ignore_errors=True)
    return loads, idle, animated_vm, animated_draw


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=whole(1), default=3, help="page loads, each in a fresh profile (default 3)")
    parser.add_argument("--moves", type=whole(1), default=8, help="moves per load for the animated frames (default 8)")
    parser.add_argument("--board", type=board_id, default="pybadge", help="the board played (default pybadge)")
    args = parser.parse_args(argv)
    executable = chromium.find()
    if executable is None:
        parser.error("no headless Chromium here (apt-get install chromium-headless-shell, or set CHROMIUM)")
    (ROOT / "build").mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="web-site-", dir=ROOT / "build"))
    try:
        sizes = build.build(folder)
        report = build.sizes_report(sizes, folder)
        server, url = serve.serve(folder)
        try:
            with chromium.Browser(executable, folder / "profile-version") as browser:
                version = browser.version()
            loads, idle, animated_vm, animated_draw = measure(executable, url, args.runs, args.moves, args.board)
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(
        "browser: %s (%s); load average %.1f, %.1f, %.1f on %d cores"
        % ((version, executable) + os.getloadavg() + (os.cpu_count(),))
    )
    print(report[-1])
    print("board: %s" % args.board)
    print("load to first frame: " + ", ".join("%.0f ms" % load for load in loads))
    print("idle frame, VM: " + spread(idle))
    print("animated frame, VM: " + spread(animated_vm))
    print("animated frame, drawing: " + spread(animated_draw))
    return 0


if __name__ == "__main__":
    sys.exit(main())
