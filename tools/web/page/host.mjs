// SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
// SPDX-License-Identifier: MIT
//
// The page's host: MicroPython's WebAssembly port running the board's own
// files (board.pack, written by tools/web/build.py) over the firmware
// stand-ins, one frame per timer tick, the display's last refreshed frame
// on the canvas, the keyboard, the on-screen buttons and swipes as the
// board's buttons, the NVM in localStorage, the speaker through WebAudio
// and the NeoPixels beside the screen.
//
// Query: ?board=<board_id> (default pybadge), ?seed=N (a new game from
// that seed, as the simulator's --seed), ?fresh (no NVM: nothing is read
// or kept). The page's state is on window.game2048 for the tests and the
// benchmark (they read it; they play through the keyboard).

import { loadMicroPython } from "./micropython.mjs";
import { Glass } from "./render.mjs";

const params = new URLSearchParams(location.search);
// The seeds the board's random source gives: 30 bits (the simulator's --seed too).
const SEED_LIMIT = 2 ** 30;
const SEED = params.has("seed") ? (/^\d+$/.test(params.get("seed")) ? Number(params.get("seed")) : NaN) : -1;
const FRESH = params.has("fresh");
// CircuitPython 10's pystack on SAMD51 (bytes; the port counts 4-byte words).
const PYSTACK_BYTES = 2048;
// The VM's heap: the game's needs with room to spare (the board has ~142 KiB).
const HEAP_BYTES = 512 * 1024;
// A frame of the board's main loop is at most this long (App.run's 20 ms).
const FRAME_MS = 20;
const FRAME_PATH = "/frame.bin";
const NVM_PATH = "/nvm.bin";
const MPY_CIRCUITPYTHON = 0x43; // "C": the bundle's .mpy header byte ...
const MPY_MICROPYTHON = 0x4d; // ... "M": what MicroPython's VM accepts (the rest is the same)
// A swipe: at least this many CSS pixels, mostly along one axis.
const SWIPE_PX = 24;

// Keyboard keys -> the game's buttons (the simulator window's keys).
const KEYS = {
  ArrowUp: "up", KeyW: "up", KeyK: "up",
  ArrowDown: "down", KeyS: "down", KeyJ: "down",
  ArrowLeft: "left", KeyA: "left", KeyH: "left",
  ArrowRight: "right", KeyD: "right", KeyL: "right",
  KeyX: "a", KeyZ: "b", Enter: "start", NumpadEnter: "start", Space: "select",
};
const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

const state = (window.game2048 = {
  board: null,
  ready: false,
  status: "loading",
  frames: 0, // frames drawn on the canvas
  ticks: 0,
  loadMs: null, // navigation start -> first frame on the canvas
  // The last 1000 ticks: [ms in the VM, ms drawing the new frame (-1: none)].
  log: [],
  saves: { written: 0, refused: 0 },
  canvasScale: 1,
  tone: 0, // Hz the speaker plays (0: silent), heard or not
  tones: [], // the last 20 tones the speaker started, in Hz
  lights: [], // the NeoPixels' colours, "rrggbb"
  lit: [], // the last 20 colours the NeoPixels showed other than dark
});

const canvas = document.getElementById("screen");
const statusLine = document.getElementById("status");

function say(text) {
  state.status = text;
  statusLine.textContent = text;
}

// Append ``value`` to ``list``, keeping its last ``most``.
function keep(list, value, most = 1000) {
  list.push(value);
  if (list.length > most) {
    list.shift();
  }
}

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

function fromBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    bytes[i] = raw.charCodeAt(i);
  }
  return bytes;
}

async function fetchBytes(name) {
  const response = await fetch(name);
  if (!response.ok) {
    throw new Error(`${name}: ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

// board.pack: a u32 (little-endian) length of a JSON index [[path, offset,
// length], ...], the index, then the files' bytes.
async function fetchPack() {
  const pack = await fetchBytes("board.pack");
  const headLength = new DataView(pack.buffer).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(pack.subarray(4, 4 + headLength)));
  const base = 4 + headLength;
  return index.map(([path, offset, length]) => [path, pack.subarray(base + offset, base + offset + length)]);
}

function install(mp, files) {
  for (const [path, data] of files) {
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
    if (path.endsWith(".mpy") && data[0] === MPY_CIRCUITPYTHON) {
      const copy = data.slice();
      copy[0] = MPY_MICROPYTHON;
      mp.FS.writeFile(path, copy);
    } else {
      mp.FS.writeFile(path, data);
    }
  }
}

class Screen {
  // The canvas: the glass at the largest whole scale that fits its box.
  constructor(width, height) {
    this.glass = new Glass(width, height);
    this.image = new ImageData(width, height);
    this.small = new OffscreenCanvas(width, height);
    this.brightness = 100;
    this.fit();
  }

  fit() {
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this.glass;
    const room = Math.min(document.querySelector("main").clientWidth - 24, 960);
    const scale = Math.max(1, Math.floor(Math.min((room * ratio) / width, (window.innerHeight * 0.7 * ratio) / height)));
    canvas.width = width * scale;
    canvas.height = height * scale;
    canvas.style.width = `${(width * scale) / ratio}px`;
    canvas.style.height = `${(height * scale) / ratio}px`;
    state.canvasScale = scale;
    this.paint();
  }

  draw(frame) {
    this.glass.draw(frame);
    this.paint();
  }

  paint() {
    // RGB565 -> RGB888 by repeating the top bits (so the canvas's bytes
    // give the RGB565 value back: r8 >> 3, g8 >> 2, b8 >> 3), times the backlight.
    const pixels = this.glass.pixels;
    const data = this.image.data;
    const light = this.brightness;
    for (let i = 0, j = 0; i < pixels.length; i++, j += 4) {
      const p = pixels[i];
      const r = ((p >> 11) << 3) | (p >> 13);
      const g = (((p >> 5) & 0x3f) << 2) | ((p >> 9) & 3);
      const b = ((p & 0x1f) << 3) | ((p >> 2) & 7);
      data[j] = light === 100 ? r : Math.round((r * light) / 100);
      data[j + 1] = light === 100 ? g : Math.round((g * light) / 100);
      data[j + 2] = light === 100 ? b : Math.round((b * light) / 100);
      data[j + 3] = 255;
    }
    this.small.getContext("2d").putImageData(this.image, 0, 0);
    const context = canvas.getContext("2d");
    context.imageSmoothingEnabled = false;
    context.drawImage(this.small, 0, 0, canvas.width, canvas.height);
  }
}

class Speaker {
  // The board's square-wave tones through WebAudio; off until the player
  // ticks "sound" (a board starts with its sound off too, and a browser
  // lets a page play only after a gesture).
  constructor() {
    this.on = false;
    this.context = null;
    this.oscillator = null;
    this.hz = 0;
  }

  enable(on) {
    this.on = on;
    if (on && this.context === null) {
      this.context = new AudioContext();
      const gain = this.context.createGain();
      gain.gain.value = 0.05; // quiet, as the board's 6 % of full scale
      gain.connect(this.context.destination);
      this.gain = gain;
    }
    this.play(on ? this.hz : 0, true);
  }

  play(hz, force = false) {
    if (hz === this.hz && !force) {
      return;
    }
    this.hz = hz;
    if (this.oscillator !== null) {
      this.oscillator.stop();
      this.oscillator = null;
    }
    if (this.on && hz > 0) {
      this.oscillator = this.context.createOscillator();
      this.oscillator.type = "square";
      this.oscillator.frequency.value = hz;
      this.oscillator.connect(this.gain);
      this.oscillator.start();
    }
  }
}

// The NVM's bytes in localStorage, base64, under this board's key.
function storageKey(board) {
  return `game2048.nvm.${board}`;
}

function links(site, board) {
  const name = document.getElementById("board-name");
  name.textContent = site.boards[board].name;
  document.title = `2048 for CircuitPython on the ${site.boards[board].name}: play it in your browser`;
  if (site.repository) {
    document.getElementById("boards-link").href = `${site.repository}/blob/main/docs/boards.md`;
    document.getElementById("release-link").href = `${site.repository}/releases/latest`;
    document.getElementById("links").hidden = false;
  }
  const select = document.getElementById("boards");
  for (const [id, facts] of Object.entries(site.boards)) {
    const option = new Option(`${facts.name} (${facts.screen.join("x")})`, id, false, id === board);
    select.add(option);
  }
  select.addEventListener("change", () => {
    const query = new URLSearchParams(location.search);
    query.set("board", select.value);
    location.search = query.toString();
  });
  const keys = site.boards[board].key_names.map(([button, names]) => `${names} = ${button}`).join(", ");
  document.getElementById("keys").textContent = `Keys: ${keys}.`;
}

async function main() {
  let site;
  try {
    site = await (await fetch("site.json")).json();
  } catch (error) {
    say(`the page could not load the game: site.json: ${error.message}`);
    return;
  }
  const BOARD = params.get("board") || "pybadge";
  if (!(BOARD in site.boards)) {
    say(`no board "${BOARD}" here: one of ${Object.keys(site.boards).join(", ")}`);
    return;
  }
  if (Number.isNaN(SEED) || SEED >= SEED_LIMIT) {
    say(`?seed=${params.get("seed")} is not a seed the board's random source gives (0 .. ${SEED_LIMIT - 1})`);
    return;
  }
  state.board = BOARD;
  const STORAGE_KEY = storageKey(BOARD);
  links(site, BOARD);
  const consoleLines = []; // what the board printed (its console)
  let mp;
  let files;
  try {
    [mp, files] = await Promise.all([
      loadMicroPython({
        pystack: PYSTACK_BYTES / 4,
        heapsize: HEAP_BYTES,
        linebuffer: true,
        stdout: (line) => {
          consoleLines.push(line);
          console.log("board:", line);
        },
        stderr: (line) => console.warn("board:", line),
      }),
      fetchPack(),
    ]);
  } catch (error) {
    say(`the page could not load the game: ${error.message}`);
    return;
  }
  install(mp, files);
  let saved = false;
  let problem = "";
  if (!FRESH) {
    let stored = null;
    try {
      stored = localStorage.getItem(STORAGE_KEY);
    } catch (error) {
      problem = "the browser keeps no saves here (storage blocked): the game will not be kept";
    }
    if (stored !== null) {
      try {
        mp.FS.writeFile(NVM_PATH, fromBase64(stored));
        saved = true;
      } catch (error) {
        problem = "the saved game could not be read (not base64): a new game";
      }
    }
  }
  mp.registerJsModule("page", {
    persist() {
      // The NVM's bytes after a write (webhost.PageNVM): kept, or refused.
      try {
        localStorage.setItem(STORAGE_KEY, toBase64(mp.FS.readFile(NVM_PATH)));
        state.saves.written++;
        return true;
      } catch (error) {
        state.saves.refused++;
        say("save FAILED: the browser did not keep the game (storage full or blocked)");
        return false;
      }
    },
    random_u8() {
      return crypto.getRandomValues(new Uint8Array(1))[0];
    },
  });
  mp.runPython("import sys\nsys.path.append('/firmware')");
  const host = mp.pyimport("webhost");
  const keyNames = site.boards[BOARD].key_names.map(([button, names]) => `${button}=${names}`).join("|");
  try {
    problem = host.start(BOARD, SEED, saved, FRESH, keyNames) || problem;
    // code.start() a step per call: the VM collects garbage between them
    // (as main() does on the board) and the page stays responsive.
    for (let step = host.start_step(); step; step = host.start_step()) {
      say(`starting: ${step}`);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch (error) {
    say(`the board did not start: ${String(error.message || error).trim().split("\n").pop()}`);
    return;
  }
  if (!host.running()) {
    say(`the board did not start: ${consoleLines.join(" ") || "code.start() gave no App"}`);
    return;
  }
  if (problem) {
    say(problem);
  }
  const [width, height] = host.screen_size().split("x").map(Number);
  const screen = new Screen(width, height);
  window.addEventListener("resize", () => screen.fit());
  const played = host.played();
  const buttons = new Set(host.buttons().split(","));
  const speaker = new Speaker();
  const lightsRow = document.getElementById("lights");
  // Who holds each button down: keys (by code) and pointers (by id); the
  // button goes up when the last of them lets go.
  const held = new Map();

  // The board's clock runs while the page is visible; hidden, it stops
  // (no runaway autoplay in a background tab) and the game is saved.
  let clock = 0;
  let clockAt = performance.now();
  let timer = null;
  let sent = 0; // frames the screen had sent at the last tick (modulo 4096)
  function boardNow() {
    const at = performance.now();
    clock += at - clockAt;
    clockAt = at;
    return Math.floor(clock);
  }

  function showLights(text) {
    const colours = text.split(",");
    state.lights = colours;
    if (colours[0] !== "000000") {
      keep(state.lit, colours[0], 20);
    }
    while (lightsRow.children.length < colours.length) {
      lightsRow.appendChild(document.createElement("span"));
    }
    colours.forEach((colour, index) => {
      lightsRow.children[index].style.background = `#${colour}`;
    });
  }

  function step() {
    timer = null;
    const started = performance.now();
    let result;
    try {
      result = host.tick(boardNow());
    } catch (error) {
      // The App keeps going through its own faults; this is the VM's.
      say(`the board stopped: ${String(error.message || error).trim().split("\n").pop()}`);
      return;
    }
    const ticked = performance.now();
    let drew = -1;
    state.ticks++;
    const frames = Math.floor(result / 128000);
    const light = Math.floor(result / 1000) % 128;
    if (frames !== sent) {
      sent = frames;
      screen.brightness = light;
      screen.draw(mp.FS.readFile(FRAME_PATH));
      drew = performance.now() - ticked;
      state.frames++;
      if (state.loadMs === null) {
        state.loadMs = performance.now();
        state.ready = true;
        if (!problem) {
          say(`playing: ${BOARD}`);
        }
      }
    } else if (light !== screen.brightness) {
      screen.brightness = light; // the backlight changes without a refresh
      screen.paint();
    }
    const hz = host.tone();
    if (hz !== state.tone && hz > 0) {
      keep(state.tones, hz, 20);
    }
    state.tone = hz;
    speaker.play(hz);
    const lights = host.lights();
    if (lights) {
      showLights(lights);
    }
    keep(state.log, [ticked - started, drew]);
    if (!document.hidden) {
      timer = setTimeout(step, Math.min(result % 1000, FRAME_MS));
    }
  }

  let leaving = false; // a loaded save is being put in place: keep it
  function save(why) {
    if (leaving) {
      return;
    }
    const outcome = host.save(boardNow());
    if (outcome === -1) {
      say("save FAILED: the browser did not keep the game");
    }
    console.log(`saved (${why}): ${outcome}`);
  }

  function press(button, who) {
    if (!buttons.has(button)) {
      return false;
    }
    const holders = held.get(button) || new Set();
    if (holders.size === 0) {
      host.down(button);
    }
    holders.add(who);
    held.set(button, holders);
    return true;
  }

  function release(button, who) {
    const holders = held.get(button);
    if (holders === undefined || !holders.delete(who)) {
      return false;
    }
    if (holders.size === 0) {
      held.delete(button);
      host.up(button);
    }
    return true;
  }

  function releaseAll() {
    for (const button of held.keys()) {
      host.up(button);
    }
    held.clear();
    for (const element of document.querySelectorAll(".pad button.down")) {
      element.classList.remove("down");
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      releaseAll();
      save("hidden");
      speaker.play(0);
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
    } else {
      clockAt = performance.now(); // the board slept while the page was hidden
      if (timer === null) {
        timer = setTimeout(step, 0);
      }
    }
  });
  window.addEventListener("pagehide", () => save("pagehide"));
  window.addEventListener("blur", releaseAll);

  window.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.tagName === "INPUT") {
      return;
    }
    if (played === "keyboard") {
      if (ARROWS[event.code]) {
        host.down(ARROWS[event.code]);
      } else if (event.key.length === 1) {
        host.typed(event.key);
      } else if (event.key === "Enter") {
        host.typed("\r");
      } else {
        return;
      }
      event.preventDefault();
      return;
    }
    const button = KEYS[event.code];
    if (button === undefined || !buttons.has(button)) {
      return;
    }
    event.preventDefault(); // arrows and Space would scroll the page
    if (!event.repeat) {
      press(button, event.code); // a held key keeps the button down (hold Space: autoplay)
    }
  });
  window.addEventListener("keyup", (event) => {
    if (release(KEYS[event.code], event.code)) {
      event.preventDefault();
    }
  });

  // On-screen buttons, by touch and by mouse: each held while the pointer is down on it.
  function padButton(parent, button, label) {
    const element = document.createElement("button");
    element.type = "button";
    element.dataset.button = button;
    element.textContent = label;
    element.tabIndex = -1;
    element.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      element.setPointerCapture(event.pointerId);
      if (played === "keyboard") {
        host.down(button); // the board's keyboard types the key at once
        return;
      }
      if (press(button, `pointer${event.pointerId}`)) {
        element.classList.add("down");
      }
    });
    const lift = (event) => {
      if (release(button, `pointer${event.pointerId}`)) {
        element.classList.remove("down");
      }
    };
    element.addEventListener("pointerup", lift);
    element.addEventListener("pointercancel", lift);
    parent.appendChild(element);
  }
  // The board's own layout: the D-pad (or the CLUE's tilt) left, A and B right, Start and
  // Select under; a keyboard board (the Fruit Jam) gets the keys it reads, typed.
  const names = site.boards[BOARD].button_names;
  const dpad = document.getElementById("dpad");
  for (const [button, label] of [["up", "▲"], ["left", "◀"], ["right", "▶"], ["down", "▼"]]) {
    if (buttons.has(button)) {
      padButton(dpad, button, played === "tilt" ? `tilt ${label}` : label);
    }
  }
  const face = document.getElementById("face");
  for (const button of ["b", "a"]) {
    if (buttons.has(button)) {
      padButton(face, button, names[button] || button.toUpperCase());
    }
  }
  const menu = document.getElementById("menu");
  for (const button of ["select", "start"]) {
    if (buttons.has(button)) {
      padButton(menu, button, names[button] || button);
    }
  }

  // Swipes on the screen: a move (a tilt on the CLUE), as an arrow key's tap.
  let swipe = null;
  canvas.addEventListener("pointerdown", (event) => {
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY };
    canvas.setPointerCapture(event.pointerId);
    canvas.focus();
  });
  canvas.addEventListener("pointerup", (event) => {
    if (swipe === null || swipe.id !== event.pointerId) {
      return;
    }
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    swipe = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_PX) {
      return;
    }
    const direction = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : dy > 0 ? "down" : "up";
    if (played === "keyboard") {
      host.down(direction);
      return;
    }
    // Held for two of the board's frames, so its key scan sees it (and a tilt settles).
    if (press(direction, "swipe")) {
      setTimeout(() => release(direction, "swipe"), played === "tilt" ? 300 : 3 * FRAME_MS);
    }
  });

  document.getElementById("sound").addEventListener("change", (event) => speaker.enable(event.target.checked));
  document.getElementById("download").addEventListener("click", () => {
    // The NVM's raw bytes: the desktop simulator's --nvm file.
    save("download");
    let stored = null;
    try {
      stored = localStorage.getItem(STORAGE_KEY);
    } catch (error) {
      stored = null;
    }
    if (stored === null) {
      say("nothing saved yet to download");
      return;
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([fromBase64(stored)], { type: "application/octet-stream" }));
    link.download = `2048-${BOARD}.nvm`;
    link.click();
  });
  document.getElementById("load").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) {
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length !== site.boards[BOARD].nvm) {
      say(`${file.name} is not a ${BOARD} save (${bytes.length} bytes, not ${site.boards[BOARD].nvm}): nothing loaded`);
      return;
    }
    try {
      localStorage.setItem(STORAGE_KEY, toBase64(bytes));
    } catch (error) {
      say("the browser refused to keep the save: nothing loaded");
      return;
    }
    // Power the board on again with it (no save on the way out: it would overwrite the file's).
    leaving = true;
    location.reload();
  });

  // For the page's tests and benchmark (they read, they do not play).
  state.busy = () => host.busy();
  state.held = () => [...held.keys()];
  state.game = () => host.game();
  state.solver = () => host.solver();
  state.storageKey = STORAGE_KEY;
  canvas.focus();
  step();
}

main();
