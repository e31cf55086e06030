// SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
// SPDX-License-Identifier: MIT
//
// Runs Python in MicroPython's own WebAssembly port (npm
// @micropython/micropython-webassembly-pyscript): 32-bit objects and a
// pystack, like CircuitPython on a microcontroller. Driven by
// tools/vm/pystack_vm.py, which documents what it measures truly.
//
// Input (JSON on stdin):
//   {"mounts": [["/lib", "/host/folder"], ...],
//    "runs": [{"pystack_bytes": 1536, "heap_bytes": 1048576,
//              "steps": ["python source", ...]}, ...]}
// Each run is a fresh VM (its own heap, pystack and file system), one after
// the other in this process: starting Node and reading the mounts happen
// once for all of them. Each mount copies a host folder into each VM's file
// system ("/lib" is on the VM's sys.path).
// Each step is one top-level runPython call. This VM collects garbage only
// between top-level calls (a gc.collect() inside a call sets a flag), so
// the steps are where a measuring program can see the heap settle.
// Output (JSON on stdout): {"runs": [{"steps": [{"out": "...", "error":
// null or {"type": "...", "message": "..."}}, ...], "grew": bytes}, ...]};
// a run stops at its first step that raises.
// A full heap grows instead of failing, silently, and a grown heap moves
// what the steps measure; "grew" says by how much the run's heap grew (0:
// not at all), read after its last step against a fresh VM's of the same
// size (the heap in use plus the heap free, which growth adds to).

import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function readTree(source) {
  // [[relative path, bytes]] of every file under ``source``.
  const files = [];
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    if (entry.isDirectory()) {
      for (const [name, bytes] of readTree(from)) {
        files.push([entry.name + "/" + name, bytes]);
      }
    } else if (entry.isFile()) {
      files.push([entry.name, fs.readFileSync(from)]);
    }
  }
  return files;
}

let captured = [];

function start(run) {
  return loadMicroPython({
    // The port counts its pystack in machine words (4 bytes in wasm32).
    pystack: Math.floor(run.pystack_bytes / 4),
    heapsize: run.heap_bytes,
    linebuffer: false,
    stdout: (bytes) => captured.push(Buffer.from(bytes)),
    stderr: (bytes) => captured.push(Buffer.from(bytes)),
  });
}

function heapTotal(mp) {
  captured = [];
  mp.runPython("import gc\nprint(gc.mem_alloc() + gc.mem_free())");
  return Number(Buffer.concat(captured).toString("utf8"));
}

const job = JSON.parse(fs.readFileSync(0, "utf8"));
const mounts = (job.mounts || []).map(([guest, host]) => [guest, readTree(host)]);
const fresh = new Map(); // heap_bytes -> a fresh VM's heap total
const runs = [];
for (const run of job.runs) {
  if (!fresh.has(run.heap_bytes)) {
    fresh.set(run.heap_bytes, heapTotal(await start(run)));
  }
  const mp = await start(run);
  for (const [guest, files] of mounts) {
    mp.FS.mkdirTree(guest);
    for (const [name, bytes] of files) {
      const target = guest + "/" + name;
      mp.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      mp.FS.writeFile(target, bytes);
    }
  }
  const results = [];
  for (const source of run.steps) {
    captured = [];
    let error = null;
    try {
      mp.runPython(source);
    } catch (caught) {
      error = { type: caught.type || caught.name || "Error", message: String(caught.message || caught) };
    }
    results.push({ out: Buffer.concat(captured).toString("utf8"), error });
    if (error) {
      break;
    }
  }
  runs.push({ steps: results, grew: heapTotal(mp) - fresh.get(run.heap_bytes) });
}
process.stdout.write(JSON.stringify({ runs }));
