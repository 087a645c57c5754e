// The Sokoban page: levels, the solver with live progress, replay and play.
import { get, post, stream, ApiError } from "./api.js";
import { offerCertificate } from "./certificate.js";

/* The server's answers (src/serve/sokoban.rs and the `--json` objects of crates/sokoban). */

/** A level of `GET /api/sokoban/levels` or `POST /api/sokoban/parse` (`level_json`);
 *  `collection` and `text` come with the bundled levels, and the page sets `text` on a
 *  pasted one.
 * @typedef {object} Level
 * @property {string} title
 * @property {number} number
 * @property {number} width
 * @property {number} height
 * @property {string[]} rows the XSB rows
 * @property {number} boxes
 * @property {number} goals
 * @property {number | null} max_moves
 * @property {string} [collection]
 * @property {string} [text] the level's XSB text, as sent back to the solver
 */

/** A level in the page's menu: the level and its `<option>` value.
 * @typedef {Level & { key: string }} MenuLevel
 */

/** The `result` event of `POST /api/sokoban/solve`: the object of `sokoban solve --json`
 *  (the keys the page reads).
 * @typedef {object} SolveAnswer
 * @property {string} status `solved`, `unsolvable`, `unknown`, …
 * @property {string | null} plan the moves, pushes in capitals
 * @property {number | null} moves
 * @property {number | null} pushes
 * @property {string | null} optimal `moves`, `pushes` or `pushes-moves` when proven
 * @property {number | null} horizon
 * @property {string | null} reason
 * @property {SolveStats} [stats]
 * @property {import("./certificate.js").Certificate} [certificate] with `"certify": true`
 * @property {string} [certificate_error] why there is no certificate
 */

/** @typedef {object} SolveStats
 * @property {number} variables
 * @property {number} clauses
 * @property {Record<string, number>} [families] clauses of each family
 */

/** A `progress` event of `POST /api/sokoban/solve` (the first has only `text`).
 * @typedef {{ text: string, horizon?: number, variables?: number, clauses?: number, seconds?: number }} Progress
 */

/** The answer of `POST /api/sokoban/verify` (`verify_level`): `error` when the plan
 *  cannot be played, the counts when it can.
 * @typedef {object} VerifyAnswer
 * @property {string} level
 * @property {boolean} valid
 * @property {boolean} solved
 * @property {number} [moves]
 * @property {number} [pushes]
 * @property {string} [plan]
 * @property {number} [boxes_off_goal]
 * @property {string} [error]
 */

/** The answer of `POST /api/sokoban/replay` (`ReplayJson`): every position of the plan
 *  as the server's simulator plays it, as far as it can be played; `error` says why the
 *  next move cannot be made.
 * @typedef {object} ReplayAnswer
 * @property {string} level
 * @property {string} plan the moves played, pushes in capitals
 * @property {ReplayFrame[]} frames the start, then one after each move played
 * @property {boolean} solved
 * @property {string | null} error
 */

/** A position of a replay: cells as `[row, column]`, 0-based in the level's rows.
 * @typedef {object} ReplayFrame
 * @property {[number, number]} player
 * @property {[number, number][]} boxes
 * @property {number} pushes
 */

/** The board of a position: cells are `"r,c"` keys.
 * @typedef {object} Board
 * @property {number} rows
 * @property {number} cols
 * @property {Set<string>} walls
 * @property {Set<string>} goals
 * @property {Set<string>} boxes
 * @property {[number, number]} player row and column
 * @property {string[]} floorRows the level's XSB rows
 */

/** One position of a replay and the pushes made to reach it.
 * @typedef {{ state: Board, pushes: number }} Frame
 */

/** The element of the page with this id, of the kind asked (`HTMLElement` when none is);
 *  throws when the page lacks it, rather than failing later on `null`.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T, prototype: T }} [kind]
 * @returns {T}
 */
function $(id, kind) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no element #${id}`);
  if (kind && !(el instanceof kind)) throw new Error(`#${id} is a <${el.tagName.toLowerCase()}>, not the element expected`);
  return /** @type {T} */ (el);
}

/** @type {Record<string, string>} */
const KEYS = { ArrowLeft: "l", ArrowRight: "r", ArrowUp: "u", ArrowDown: "d" };

/**
 * @type {{ levels: MenuLevel[], level: Level | null, text: string, start: Board | null,
 *   frames: Frame[], plan: string, k: number, timer: number | undefined, playing: boolean,
 *   abort: AbortController | null }}
 */
const so = {
  levels: [], level: null, text: "", start: null,
  frames: [], plan: "", k: 0, timer: undefined, playing: false, abort: null,
};

/** @param {string} text @param {boolean} [error] */
function setStatus(text, error = false) {
  const s = $("so-status");
  s.textContent = text;
  s.classList.toggle("error", error);
}

/** The state of a level given as XSB rows: walls, goals, boxes, player.
 * @param {string[]} rows
 * @returns {Board}
 */
function parseRows(rows) {
  /** @type {Set<string>} */
  const walls = new Set(), goals = new Set(), boxes = new Set();
  /** @type {[number, number] | null} */
  let player = null;
  const width = Math.max(...rows.map((r) => r.length));
  for (const [r, row] of rows.entries()) {
    for (const [c, ch] of [...row].entries()) {
      const k = `${r},${c}`;
      if (ch === "#") walls.add(k);
      if (".+*".includes(ch)) goals.add(k);
      if ("$*".includes(ch)) boxes.add(k);
      if ("@+".includes(ch)) player = [r, c];
    }
  }
  if (!player) throw new ApiError("the level has no player (@ or +)");
  return { rows: rows.length, cols: width, walls, goals, boxes, player, floorRows: rows };
}

/** The position `f` of the server's replay on the board of `start` (walls and goals).
 * @param {Board} start
 * @param {ReplayFrame} f
 * @returns {Frame}
 */
function frameOf(start, f) {
  const boxes = new Set(f.boxes.map(([r, c]) => `${r},${c}`));
  return { state: { ...start, boxes, player: [...f.player] }, pushes: f.pushes };
}

/** The plan replayed from the start by the server's simulator (the page keeps no push
 *  rules of its own).
 * @param {string} plan
 * @returns {Promise<ReplayAnswer>}
 */
async function replay(plan) {
  if (!so.level) throw new ApiError("no level is loaded");
  // The level's own text, as the solve sends it (a bundled level's text holds it alone).
  const body = { level: so.text, plan };
  return /** @type {ReplayAnswer} */ (await post("/api/sokoban/replay", body));
}

/** @param {Board} s */
const solved = (s) => [...s.boxes].every((b) => s.goals.has(b));

/** Draws a position as SVG into the board.
 * @param {Board} s
 */
function draw(s) {
  const size = Math.max(14, Math.min(40, Math.floor(560 / Math.max(s.cols, s.rows))));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", String(s.cols * size));
  svg.setAttribute("height", String(s.rows * size));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Sokoban level, ${s.boxes.size} boxes`);
  /** @param {string} tag @param {Record<string, string | number>} attrs */
  const add = (tag, attrs) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
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
    const [r = 0, c = 0] = k.split(",").map(Number);
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

/** Whether a blank cell lies between walls on its row (floor, not outside).
 * @param {Board} s @param {number} r @param {number} c
 */
function inside(s, r, c) {
  const row = s.floorRows[r] ?? "";
  return row.slice(0, c).includes("#") && row.slice(c).includes("#");
}

/** Shows frame `k` of the replay (clamped to the frames there are).
 * @param {number} k
 */
function showFrame(k) {
  so.k = Math.max(0, Math.min(k, so.frames.length - 1));
  const f = so.frames[so.k];
  if (!f) throw new Error("no position to show: no level is loaded");
  draw(f.state);
  const total = so.frames.length - 1;
  $("so-counter").textContent = `move ${so.k} of ${total} · ${f.pushes} pushes` + (solved(f.state) ? " · every box on a goal" : "");
}

/** Frames of a plan replayed from the start; throws when the plan breaks the rules.
 * @param {string} plan
 * @returns {Promise<Frame[]>}
 */
async function framesOf(plan) {
  const start = so.start;
  if (!start) throw new ApiError("no level is loaded");
  const r = await replay(plan);
  if (r.error) throw new ApiError(r.error);
  return r.frames.map((f) => frameOf(start, f));
}

/** Makes `level` the one shown and solved.
 * @param {Level} level
 */
function loadLevel(level) {
  stopPlayback();
  so.level = level;
  so.text = level.text ?? "";
  const start = parseRows(level.rows);
  so.start = start;
  so.plan = "";
  so.frames = [{ state: start, pushes: 0 }];
  $("so-progress").replaceChildren();
  $("so-formula").hidden = true;
  showFrame(0);
  setStatus(`${level.title || "level " + level.number}: ${start.boxes.size} boxes`);
}

/** @param {string} text */
function progressLine(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("so-progress").append(li);
  li.scrollIntoView({ block: "nearest" });
}

/** Solves the level with live progress; the Cancel button aborts it. */
async function solve() {
  stopPlayback();
  $("so-progress").replaceChildren();
  const abort = new AbortController();
  so.abort = abort;
  $("so-solve", HTMLButtonElement).disabled = true;
  $("so-cancel", HTMLButtonElement).disabled = false;
  setStatus("solving…");
  const body = {
    level: so.text, optimize: $("so-optimize", HTMLSelectElement).value,
    time_limit: Number($("so-time", HTMLInputElement).value) || 30,
    certify: $("so-certify", HTMLInputElement).checked,
  };
  offerCertificate($("so-cert", HTMLAnchorElement), undefined, undefined);
  try {
    const r = await stream("/api/sokoban/solve", body, (name, d) => {
      if (name === "progress") progressLine(/** @type {Progress} */ (d).text);
    }, abort.signal);
    await showResult(/** @type {SolveAnswer} */ (r));
  } catch (e) {
    const err = /** @type {Error} */ (e);
    if (err.name === "AbortError") setStatus("cancelled");
    else setStatus(err.message, true);
  } finally {
    so.abort = null;
    $("so-solve", HTMLButtonElement).disabled = false;
    $("so-cancel", HTMLButtonElement).disabled = true;
  }
}

/** Shows a solver's answer: the plan replayed, the verdict, the formula's size.
 * @param {SolveAnswer} r
 */
async function showResult(r) {
  offerCertificate($("so-cert", HTMLAnchorElement), r.certificate, r.certificate_error);
  const opt = r.optimal ? `, ${r.optimal}-optimal (proven)` : r.plan ? ", optimality not proven" : "";
  if (r.plan) {
    so.plan = r.plan;
    so.frames = await framesOf(r.plan);
    showFrame(0);
    setStatus(`${r.status}: ${r.moves} moves, ${r.pushes} pushes${opt}; plan verified by replay`);
  } else {
    setStatus(`${r.status}${r.reason ? ": " + r.reason : ""}`);
  }
  const stats = r.stats;
  const fam = stats?.families;
  if (stats && fam) {
    $("so-formula").hidden = false;
    $("so-formula-size").textContent = `${stats.variables} variables, ${stats.clauses} clauses (horizon ${r.horizon ?? "–"})`;
    tableBody("so-families").replaceChildren(...Object.entries(fam).map(([name, n]) => {
      const tr = document.createElement("tr");
      tr.innerHTML = "<td></td><td class=num></td>";
      const [nameCell, countCell] = tr.children;
      if (nameCell) nameCell.textContent = name;
      if (countCell) countCell.textContent = String(n);
      return tr;
    }));
  }
}

/** The first `<tbody>` of the table with this id; throws when it has none.
 * @param {string} id
 * @returns {HTMLTableSectionElement}
 */
function tableBody(id) {
  const body = $(id, HTMLTableElement).tBodies[0];
  if (!body) throw new Error(`the table #${id} has no <tbody>`);
  return body;
}

/** Stops the replay's timer. */
function stopPlayback() {
  clearInterval(so.timer);
  so.timer = undefined;
  $("so-playpause").textContent = "▶";
  $("so-playpause").setAttribute("aria-label", "Play the plan");
}

/** Plays the plan from where it is (from the start when at the end), or pauses it. */
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

/** A key on the board in play mode: a move, an undo, or Escape; a solved position is
 *  checked by the server's replay.
 * @param {KeyboardEvent} e
 */
async function onBoardKey(e) {
  if (!so.playing) return;
  if (e.key === "Escape") { togglePlay(); return; }
  const undo = e.key === "u" || e.key === "U" || e.key === "Backspace";
  const d = KEYS[e.key];
  if (!undo && !d) return;
  e.preventDefault();
  // One key at a time: each waits for the server's answer to the move before.
  const move = moves.then(() => (d ? playMove(d) : undoMove()));
  moves = move.catch(() => undefined);
  await move;
}

/** Takes back the last move of play mode. */
async function undoMove() {
  if (so.frames.length > 1) { so.frames.pop(); so.plan = so.plan.slice(0, -1); showFrame(so.frames.length - 1); }
}

/** The keys of play mode, each after the one before (a promise chain). */
let moves = Promise.resolve();

/** Plays move `d` (`l r u d`) after the plan so far, by the server's replay.
 * @param {string} d
 */
async function playMove(d) {
  const start = so.start;
  if (!start || !so.playing) return;
  const r = await replay(so.plan + d);
  const last = r.frames[r.frames.length - 1];
  if (r.error || !last) { setStatus(`blocked: ${r.error ?? "no position"}`); return; }
  so.plan = r.plan;
  so.frames.push(frameOf(start, last));
  showFrame(so.frames.length - 1);
  if (r.solved) {
    const v = /** @type {VerifyAnswer} */ (await post("/api/sokoban/verify", { level: so.text, plan: so.plan }));
    const why = v.error ?? `${v.boxes_off_goal} boxes off their goals`;
    setStatus(v.solved ? `solved in ${v.moves} moves and ${v.pushes} pushes: verified by gridsat's replay` : `not solved: ${why}`, !v.solved);
  }
}

/** Reads the pasted level (the first, if it holds several) and loads it. */
async function loadPaste() {
  const text = $("so-paste", HTMLTextAreaElement).value;
  const p = /** @type {{ levels: Level[] }} */ (await post("/api/sokoban/parse", { level: text }));
  const level = p.levels[0];
  if (!level) throw new ApiError("the pasted text holds no level");
  level.text = text;
  const opt = new Option(`pasted: ${level.title || "level"}`, "pasted");
  $("so-level", HTMLSelectElement).append(opt);
  $("so-level", HTMLSelectElement).value = "pasted";
  so.levels.push({ ...level, key: "pasted" });
  loadLevel(level);
}

/** Fills the menu with the bundled levels and loads the first. */
async function loadLevels() {
  const list = /** @type {{ levels: Level[] }} */ (await get("/api/sokoban/levels"));
  so.levels = list.levels.map((l, i) => ({ ...l, key: String(i) }));
  const sel = $("so-level", HTMLSelectElement);
  sel.replaceChildren(...so.levels.map((l) => new Option(`${l.collection}: ${l.number}. ${l.title}`, l.key)));
  const first = so.levels[0];
  if (first) loadLevel(first);
}

/** Wires the Sokoban page's controls and loads the bundled levels. */
export function initSokoban() {
  /** @param {string} label @param {() => Promise<void>} fn */
  const guard = (label, fn) => async () => {
    try { await fn(); } catch (e) { setStatus(/** @type {Error} */ (e).message || `${label} failed`, true); }
  };
  const menu = $("so-level", HTMLSelectElement);
  menu.addEventListener("change", () => {
    const l = so.levels.find((x) => x.key === menu.value);
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
