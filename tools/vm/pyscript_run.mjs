// SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
// SPDX-License-Identifier: MIT
//
// Runs Python in MicroPython's own WebAssembly port (npm
// @micropython/micropython-webassembly-pyscript): 32-bit objects and a
// pystack, like CircuitPython on a microcontroller. Driven by
// tools/vm/pystack_vm.py, which documents what it measures truly.
//
// Input (JSON on stdin):
//   {"pystack_bytes": 1536, "heap_bytes": 1048576,
//    "mounts": [["/lib", "/host/folder"], ...], "steps": ["python source", ...]}
// Each mount copies a host folder into the VM's file system ("/lib" is on
// the VM's sys.path).
// Each step is one top-level runPython call. This VM collects garbage only
// between top-level calls (a gc.collect() inside a call sets a flag), so
// the steps are where a measuring program can see the heap settle.
// Output (JSON on stdout): {"steps": [{"out": "...", "error": null or
// {"type": "...", "message": "..."}}, ...]}; the run stops at the first
// step that raises.

import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function copyTree(mp, source, target) {
  mp.FS.mkdirTree(target);
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = target + "/" + entry.name;
    if (entry.isDirectory()) {
      copyTree(mp, from, to);
    } else if (entry.isFile()) {
      mp.FS.writeFile(to, fs.readFileSync(from));
    }
  }
}

const job = JSON.parse(fs.readFileSync(0, "utf8"));
let captured = [];
const mp = await loadMicroPython({
  // The port counts its pystack in machine words (4 bytes in wasm32).
  pystack: Math.floor(job.pystack_bytes / 4),
  heapsize: job.heap_bytes,
  linebuffer: false,
  stdout: (bytes) => captured.push(Buffer.from(bytes)),
  stderr: (bytes) => captured.push(Buffer.from(bytes)),
});
for (const [guest, host] of job.mounts || []) {
  copyTree(mp, host, guest);
}
const results = [];
for (const source of job.steps) {
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
process.stdout.write(JSON.stringify({ steps: results }));
