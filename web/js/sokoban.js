// The Sokoban page: levels, the solver with live progress, replay and play.
import { get, post, stream, ApiError } from "./api.js";

const $ = (id) => document.getElementById(id);
const DIRS = { l: [0, -1], r: [0, 1], u: [-1, 0], d: [1, 0] };
const KEYS = { ArrowLeft: "l", ArrowRight: "r", ArrowUp: "u", ArrowDown: "d" };

const so = {
  levels: [], level: null, text: "", start: null,
  frames: [], plan: "", k: 0, timer: null, playing: false, abort: null,
};

function setStatus(text, error = false) {
  const s = $("so-status");
  s.textContent = text;
  s.classList.toggle("error", error);
}

/** The state of a level given as XSB rows: walls, goals, boxes, player. */
function parseRows(rows) {
  const walls = new Set(), goals = new Set(), boxes = new Set();
  let player = null;
  const width = Math.max(...rows.map((r) => r.length));
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    const k = `${r},${c}`;
    if (ch === "#") walls.add(k);
    if (".+*".includes(ch)) goals.add(k);
    if ("$*".includes(ch)) boxes.add(k);
    if ("@+".includes(ch)) player = [r, c];
  }));
  return { rows: rows.length, cols: width, walls, goals, boxes, player, floorRows: rows };
}

function clone(s) {
  return { ...s, boxes: new Set(s.boxes), player: [...s.player] };
}

/** One move of the replay rules: returns [next state, pushed] or null when blocked. */
function step(s, letter) {
  const [dr, dc] = DIRS[letter.toLowerCase()];
  const [r, c] = s.player;
  const to = `${r + dr},${c + dc}`, beyond = `${r + 2 * dr},${c + 2 * dc}`;
  if (s.walls.has(to)) return null;
  const next = clone(s);
  let pushed = false;
  if (s.boxes.has(to)) {
    if (s.walls.has(beyond) || s.boxes.has(beyond)) return null;
    next.boxes.delete(to);
    next.boxes.add(beyond);
    pushed = true;
  }
  next.player = [r + dr, c + dc];
  return [next, pushed];
}

const solved = (s) => [...s.boxes].every((b) => s.goals.has(b));

function draw(s) {
  const size = Math.max(14, Math.min(40, Math.floor(560 / Math.max(s.cols, s.rows))));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", s.cols * size);
  svg.setAttribute("height", s.rows * size);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Sokoban level, ${s.boxes.size} boxes`);
  const add = (tag, attrs) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.append(el);
    return el;
  };
  s.floorRows.forEach((row, r) => [...row].forEach((ch, c) => {
    const k = `${r},${c}`;
    const x = c * size, y = r * size;
    if (s.walls.has(k)) add("rect", { x, y, width: size, height: size, fill: "var(--wall)", class: "wall" });
    else if (ch !== " " || inside(s, r, c)) add("rect", { x, y, width: size, height: size, fill: "var(--floor)" });
    if (s.goals.has(k)) add("circle", { cx: x + size / 2, cy: y + size / 2, r: size / 6, fill: "var(--goal)", class: "goal" });
  }));
  for (const k of s.boxes) {
    const [r, c] = k.split(",").map(Number);
    const on = s.goals.has(k);
    add("rect", {
      x: c * size + size * 0.12, y: r * size + size * 0.12, width: size * 0.76, height: size * 0.76,
      rx: size * 0.12, fill: on ? "var(--solution)" : "var(--box)", class: on ? "box on-goal" : "box",
      "data-cell": k,
    });
  }
  const [pr, pc] = s.player;
  add("circle", { cx: pc * size + size / 2, cy: pr * size + size / 2, r: size * 0.32, fill: "var(--player)", class: "player" });
  $("so-board").replaceChildren(svg);
}

function inside(s, r, c) {
  const row = s.floorRows[r];
  return row.slice(0, c).includes("#") && row.slice(c).includes("#");
}

function showFrame(k) {
  so.k = Math.max(0, Math.min(k, so.frames.length - 1));
  const f = so.frames[so.k];
  draw(f.state);
  const total = so.frames.length - 1;
  $("so-counter").textContent = `move ${so.k} of ${total} · ${f.pushes} pushes` + (solved(f.state) ? " · every box on a goal" : "");
}

/** Frames of a plan replayed from the start; throws when the plan breaks the rules. */
function framesOf(plan) {
  const frames = [{ state: so.start, pushes: 0 }];
  let s = so.start, pushes = 0;
  for (const letter of plan.replace(/[\s,]+/g, "")) {
    const next = step(s, letter);
    if (!next) throw new ApiError(`move ${frames.length} (${letter}) is blocked`);
    [s] = next;
    if (next[1]) pushes++;
    frames.push({ state: s, pushes });
  }
  return frames;
}

function loadLevel(level) {
  stopPlayback();
  so.level = level;
  so.text = level.text;
  so.start = parseRows(level.rows);
  so.plan = "";
  so.frames = [{ state: so.start, pushes: 0 }];
  $("so-progress").replaceChildren();
  $("so-formula").hidden = true;
  showFrame(0);
  setStatus(`${level.title || "level " + level.number}: ${so.start.boxes.size} boxes`);
}

function progressLine(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("so-progress").append(li);
  li.scrollIntoView({ block: "nearest" });
}

async function solve() {
  stopPlayback();
  $("so-progress").replaceChildren();
  const abort = new AbortController();
  so.abort = abort;
  $("so-solve").disabled = true;
  $("so-cancel").disabled = false;
  setStatus("solving…");
  const body = { level: so.text, optimize: $("so-optimize").value, time_limit: Number($("so-time").value) || 30 };
  try {
    const r = await stream("/api/sokoban/solve", body, (name, d) => {
      if (name === "progress") progressLine(d.text);
    }, abort.signal);
    showResult(r);
  } catch (e) {
    if (e.name === "AbortError") setStatus("cancelled");
    else setStatus(e.message, true);
  } finally {
    so.abort = null;
    $("so-solve").disabled = false;
    $("so-cancel").disabled = true;
  }
}

function showResult(r) {
  const opt = r.optimal ? `, ${r.optimal}-optimal (proven)` : r.plan ? ", optimality not proven" : "";
  if (r.plan) {
    so.plan = r.plan;
    so.frames = framesOf(r.plan);
    showFrame(0);
    setStatus(`${r.status}: ${r.moves} moves, ${r.pushes} pushes${opt}; plan verified by replay`);
  } else {
    setStatus(`${r.status}${r.reason ? ": " + r.reason : ""}`);
  }
  const fam = r.stats?.families;
  if (fam) {
    $("so-formula").hidden = false;
    $("so-formula-size").textContent = `${r.stats.variables} variables, ${r.stats.clauses} clauses (horizon ${r.horizon ?? "–"})`;
    $("so-families").tBodies[0].replaceChildren(...Object.entries(fam).map(([name, n]) => {
      const tr = document.createElement("tr");
      tr.innerHTML = "<td></td><td class=num></td>";
      tr.children[0].textContent = name;
      tr.children[1].textContent = n;
      return tr;
    }));
  }
}

function stopPlayback() {
  clearInterval(so.timer);
  so.timer = null;
  $("so-playpause").textContent = "▶";
  $("so-playpause").setAttribute("aria-label", "Play the plan");
}

function playPause() {
  if (so.timer) { stopPlayback(); return; }
  if (so.k >= so.frames.length - 1) showFrame(0);
  $("so-playpause").textContent = "⏸";
  $("so-playpause").setAttribute("aria-label", "Pause");
  so.timer = setInterval(() => {
    if (so.k >= so.frames.length - 1) stopPlayback();
    else showFrame(so.k + 1);
  }, 180);
}

/* Play mode: arrow keys move, U undoes; the moves are the plan. */
function togglePlay() {
  so.playing = !so.playing;
  $("so-play").setAttribute("aria-pressed", String(so.playing));
  if (so.playing) {
    stopPlayback();
    so.frames = so.frames.slice(0, so.k + 1);
    so.plan = so.plan.slice(0, so.k);
    $("so-board").focus();
    setStatus("play: arrow keys move, U undoes, Escape stops");
  }
}

async function onBoardKey(e) {
  if (!so.playing) return;
  if (e.key === "Escape") { togglePlay(); return; }
  if (e.key === "u" || e.key === "U" || e.key === "Backspace") {
    e.preventDefault();
    if (so.frames.length > 1) { so.frames.pop(); so.plan = so.plan.slice(0, -1); showFrame(so.frames.length - 1); }
    return;
  }
  const d = KEYS[e.key];
  if (!d) return;
  e.preventDefault();
  const cur = so.frames[so.frames.length - 1];
  const next = step(cur.state, d);
  if (!next) { setStatus("blocked"); return; }
  so.plan += next[1] ? d.toUpperCase() : d;
  so.frames.push({ state: next[0], pushes: cur.pushes + (next[1] ? 1 : 0) });
  showFrame(so.frames.length - 1);
  if (solved(next[0])) {
    const v = await post("/api/sokoban/verify", { level: so.text, plan: so.plan });
    setStatus(v.solved ? `solved in ${v.moves} moves and ${v.pushes} pushes: verified by gridsat's replay` : `not solved: ${v.reason}`, !v.solved);
  }
}

async function loadPaste() {
  const p = await post("/api/sokoban/parse", { level: $("so-paste").value });
  const level = p.levels[0];
  level.text = $("so-paste").value;
  const opt = new Option(`pasted: ${level.title || "level"}`, "pasted");
  $("so-level").append(opt);
  $("so-level").value = "pasted";
  so.levels.push({ ...level, key: "pasted" });
  loadLevel(level);
}

async function loadLevels() {
  const list = await get("/api/sokoban/levels");
  so.levels = list.levels.map((l, i) => ({ ...l, key: String(i) }));
  const sel = $("so-level");
  sel.replaceChildren(...so.levels.map((l) => new Option(`${l.collection}: ${l.number}. ${l.title}`, l.key)));
  if (so.levels.length) loadLevel(so.levels[0]);
}

export function initSokoban() {
  const guard = (label, fn) => async () => {
    try { await fn(); } catch (e) { setStatus(e.message || `${label} failed`, true); }
  };
  $("so-level").addEventListener("change", (e) => {
    const l = so.levels.find((x) => x.key === e.target.value);
    if (l) loadLevel(l);
  });
  $("so-solve").addEventListener("click", guard("solving", solve));
  $("so-cancel").addEventListener("click", () => so.abort?.abort());
  $("so-first").addEventListener("click", () => { stopPlayback(); showFrame(0); });
  $("so-back").addEventListener("click", () => { stopPlayback(); showFrame(so.k - 1); });
  $("so-next").addEventListener("click", () => { stopPlayback(); showFrame(so.k + 1); });
  $("so-playpause").addEventListener("click", playPause);
  $("so-play").addEventListener("click", togglePlay);
  $("so-board").addEventListener("keydown", (e) => guard("checking", () => onBoardKey(e))());
  $("so-load").addEventListener("click", guard("reading", loadPaste));
  guard("loading levels", loadLevels)();
}
