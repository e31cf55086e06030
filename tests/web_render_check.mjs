// SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
// SPDX-License-Identifier: MIT
//
// The page's renderer against the desktop glass's pixels (tests/test_web_site.py):
// node web_render_check.mjs <folder> loads <folder>/render.mjs (with its
// layout.mjs), draws every <n>.frame there and compares it with <n>.rgb565
// (width*height little-endian 16-bit values the glass drew); prints one
// JSON line: {"cases": n, "differ": [[case, first pixel, glass, page], ...]}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
const { Glass } = await import(pathToFileURL(path.join(folder, "render.mjs")).href);
const names = fs.readdirSync(folder).filter((name) => name.endsWith(".frame")).sort();
const differ = [];
for (const name of names) {
  const frame = new Uint8Array(fs.readFileSync(path.join(folder, name)));
  const raw = new Uint8Array(fs.readFileSync(path.join(folder, name.replace(".frame", ".rgb565"))));
  const expected = new Uint16Array(raw.buffer, raw.byteOffset, raw.length / 2);
  const view = new DataView(frame.buffer);
  const glass = new Glass(view.getUint16(0, true), view.getUint16(2, true));
  const pixels = glass.draw(frame);
  for (let i = 0; i < expected.length; i++) {
    if (pixels[i] !== expected[i]) {
      differ.push([name, i, expected[i], pixels[i]]);
      break;
    }
  }
}
console.log(JSON.stringify({ cases: names.length, differ }));
