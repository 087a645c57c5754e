// The Sudoku page: a board editor over gridsat's Sudoku API.
import { post, ApiError } from "./api.js";
import { offerCertificate } from "./certificate.js";

const DEFAULT = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPES = /^[▲●■★◆♥♦♣♠▼◀▶]+$/u;
/* The server's answers: the `--json` objects of the matching `gridsat sudoku` commands
 * (crates/sudoku/src/report), the keys the page reads. */

/** `POST /api/sudoku/solve` (`answer_json`).
 * @typedef {object} SolveAnswer
 * @property {string} status `unique`, `multiple`, `sat`, `unsat` or `unknown`
 * @property {string} [solution] one line of symbols
 * @property {string[]} [more_solutions]
 * @property {string[]} [conflict] the givens that cannot all hold (unsat)
 * @property {string} [reason]
 * @property {{ vars: number, clauses: number, solver_calls: number, time_ms: number }} stats
 * @property {import("./certificate.js").Certificate} [certificate] with `"certify": true`
 * @property {string} [certificate_error] why there is no certificate
 */

/** `POST /api/sudoku/hint` (`hint_json`; `unsolvable` for a grid without a solution,
 *  which has `conflict` and no `text`).
 * @typedef {object} HintAnswer
 * @property {string} status
 * @property {string} hint `place`, `eliminate`, `solved`, `stuck`, `contradiction`, `none`, …
 * @property {string} [text]
 * @property {string} [cell] `r3c7`
 * @property {string} [value]
 * @property {string} [reason]
 * @property {string} [house]
 * @property {string[]} [cells] the cells of the hint's reason
 * @property {string} [conflict] why the grid has no solution
 */

/** `POST /api/sudoku/candidates` (`marks`): `cells` of each empty cell, or `status`
 *  `contradiction` and a `reason` when the grid breaks the rules.
 * @typedef {object} CandidatesAnswer
 * @property {string} [status]
 * @property {string} [reason]
 * @property {number} [empty]
 * @property {number} [candidates]
 * @property {{ cell: string, candidates: string }[]} [cells]
 * @property {string} [stopped]
 */

/** A puzzle as `POST /api/sudoku/parse` reads it (`puzzle_json`).
 * @typedef {object} Puzzle
 * @property {number} size
 * @property {string} box `3x3`
 * @property {string} symbols
 * @property {number} clues
 * @property {string} givens one line of symbols, `.` for blanks
 */

/** A HoDoKu-style rating (`rate`'s and `generate`'s `hodoku`).
 * @typedef {object} Hodoku
 * @property {string} level
 * @property {number} score
 * @property {string | null} hardest
 * @property {boolean} complete
 */

/** `POST /api/sudoku/rate` (`rating_json`).
 * @typedef {object} RateAnswer
 * @property {string} status
 * @property {string} [difficulty]
 * @property {{ er: number, ep: number, ed: number, complete: boolean }} [se]
 * @property {string | null} [hardest]
 * @property {Hodoku} [hodoku]
 * @property {string} [reason]
 * @property {string} [stopped]
 */

/** `POST /api/sudoku/generate` for one puzzle (`generated_json`).
 * @typedef {object} Generated
 * @property {string} givens
 * @property {number} clues
 * @property {string} difficulty
 * @property {{ hodoku?: Hodoku }} [rating]
 */

/** One step of `POST /api/sudoku/propagate` (`propagation_json`).
 * @typedef {object} PropStep
 * @property {string} cell
 * @property {string} symbol
 * @property {boolean} value true: the cell holds the symbol; false: it does not
 * @property {string} family
 * @property {string[]} clause
 * @property {string[]} cells
 * @property {number} depth
 */

/** `POST /api/sudoku/encode` (`encoding_json`).
 * @typedef {object} Encoding
 * @property {number} variables
 * @property {number} clauses
 * @property {number} literals
 * @property {{ name: string, clauses: number, literals: number, sample: string | null }[]} families
 * @property {string} dimacs
 */

/** What `render` shows in place of the grid's own values (the propagation stepper).
 * @typedef {{ values: number[], marks: string[], struck: string[] }} Shown
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

/** The value of the `<input>`, `<select>` or `<textarea>` with this id.
 * @param {string} id
 * @returns {string}
 */
function valueOf(id) {
  const el = $(id);
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) return el.value;
  throw new Error(`#${id} is a <${el.tagName.toLowerCase()}>, which has no value`);
}

/** The `.cell` around a cell's input.
 * @param {HTMLInputElement} input
 * @returns {HTMLElement}
 */
function cellOf(input) {
  const cell = input.parentElement;
  if (!cell) throw new Error(`the input ${input.dataset.cell} is not in the board`);
  return cell;
}

/**
 * The board: `cells` holds 1-based symbol numbers (0 blank); `marks` the pencil marks
 * shown; `prop` the propagation stepper's trail and position.
 * @type {{ n: number, rows: number, cols: number, symbols: string, custom: boolean,
 *   cells: number[], given: boolean[], inputs: HTMLInputElement[],
 *   marks: (string | null)[] | null, prop: { steps: PropStep[], k: number, end: string } | null }}
 */
const st = {
  n: 9, rows: 3, cols: 3, symbols: DEFAULT.slice(0, 9), custom: false,
  cells: [], given: [], inputs: [], marks: null, prop: null,
};

/** Cell name `r3c7` of index i, and back. */
/** @param {number} i @returns {string} */
const cellName = (i) => `r${Math.floor(i / st.n) + 1}c${(i % st.n) + 1}`;
/** @param {string} name @returns {number} -1 when `name` is no cell name */
function cellIndex(name) {
  const m = /^r(\d+)c(\d+)/.exec(name);
  return m ? (Number(m[1]) - 1) * st.n + Number(m[2]) - 1 : -1;
}

/** @param {string} text @param {boolean} [error] */
function setStatus(text, error = false) {
  const s = $("su-status");
  s.textContent = text;
  s.classList.toggle("error", error);
}

/** The puzzle as one line of symbols, `.` for blanks. */
function puzzleText() {
  return st.cells.map((v) => (v ? [...st.symbols][v - 1] : ".")).join("");
}

/** The body of a question about the board, with `extra` keys.
 * @param {Record<string, string | number>} [extra]
 * @returns {Record<string, string | number>}
 */
function request(extra = {}) {
  /** @type {Record<string, string | number>} */
  const body = { puzzle: puzzleText(), box: `${st.rows}x${st.cols}`, ...extra };
  if (st.custom) body.symbols = st.symbols;
  return body;
}

/** An empty grid of side `n` with boxes of `rows`×`cols`; `symbols` "" for the default ones.
 * @param {number} n @param {number} rows @param {number} cols @param {string} symbols
 */
function newGrid(n, rows, cols, symbols) {
  st.n = n; st.rows = rows; st.cols = cols;
  st.custom = !!symbols;
  st.symbols = symbols || DEFAULT.slice(0, n);
  st.cells = new Array(n * n).fill(0);
  st.given = new Array(n * n).fill(false);
  st.marks = null; st.prop = null;
  $("su-prop").hidden = true;
  buildBoard();
}

/** Builds the board's inputs for the grid in `st`. */
function buildBoard() {
  const board = $("su-board");
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${st.n}, auto)`;
  board.style.setProperty("--cs", `${Math.min(2.6, 34 / st.n)}rem`);
  board.classList.toggle("shapes", SHAPES.test(st.symbols));
  st.inputs = [];
  for (let i = 0; i < st.n * st.n; i++) {
    const r = Math.floor(i / st.n), c = i % st.n;
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.setAttribute("role", "gridcell");
    if ((c + 1) % st.cols === 0 && c + 1 < st.n) cell.classList.add("box-right");
    if ((r + 1) % st.rows === 0 && r + 1 < st.n) cell.classList.add("box-bottom");
    const input = document.createElement("input");
    input.setAttribute("aria-label", cellName(i));
    input.dataset.cell = cellName(i);
    input.autocomplete = "off";
    input.tabIndex = i === 0 ? 0 : -1;
    input.addEventListener("keydown", (e) => onKey(e, i));
    input.addEventListener("input", () => { input.value = sym(st.cells[i]); });
    input.addEventListener("focus", () => rove(i));
    cell.append(input);
    board.append(cell);
    st.inputs.push(input);
  }
  render();
}

/** @param {number | undefined} v @returns {string} */
const sym = (v) => (v ? [...st.symbols][v - 1] ?? "" : "");

/** Makes input `i` the board's one tab stop. @param {number} i */
function rove(i) {
  for (const inp of st.inputs) inp.tabIndex = -1;
  const inp = st.inputs[i];
  if (inp) inp.tabIndex = 0;
}

/** A key in cell `i`: arrows move, a symbol fills, Backspace/Delete/./space clear.
 * @param {KeyboardEvent} e @param {number} i
 */
function onKey(e, i) {
  const n = st.n;
  /** @type {Record<string, number>} */
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves) {
    e.preventDefault();
    const j = i + (moves[e.key] ?? 0);
    const sameRow = e.key === "ArrowLeft" || e.key === "ArrowRight";
    if (j >= 0 && j < n * n && (!sameRow || Math.floor(j / n) === Math.floor(i / n))) {
      st.inputs[j]?.focus();
    }
    return;
  }
  if (e.key === "Backspace" || e.key === "Delete" || e.key === "." || e.key === " ") {
    e.preventDefault();
    setCell(i, 0);
    return;
  }
  if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  const k = [...st.symbols].findIndex((s) => s.toLowerCase() === e.key.toLowerCase());
  if (k >= 0) setCell(i, k + 1);
  else if (e.key === "0" && !st.symbols.includes("0")) setCell(i, 0);
  else setStatus(`'${e.key}' is not a symbol of this grid (${st.symbols})`, true);
}

/** @param {number} i @param {number} v 0 clears */
function setCell(i, v) {
  st.cells[i] = v;
  st.given[i] = v !== 0;
  clearOverlays();
  render();
}

/** Removes solution, conflict, hint and stepper highlights and the pencil marks. */
function clearOverlays() {
  for (const inp of st.inputs) {
    cellOf(inp).classList.remove("solution", "conflict", "hinted", "clause", "changed");
  }
  st.marks = null;
  $("su-marks").setAttribute("aria-pressed", "false");
}

/** Shows the grid's values (or `shown`'s) and pencil marks in the inputs.
 * @param {Shown | null} [shown]
 */
function render(shown = null) {
  const values = shown?.values ?? st.cells;
  for (const [i, inp] of st.inputs.entries()) {
    const cell = cellOf(inp);
    inp.value = sym(values[i]);
    cell.classList.toggle("given", !!st.given[i] && values[i] === st.cells[i]);
    cell.querySelector(".marks")?.remove();
    const marks = shown?.marks?.[i] ?? (values[i] ? null : st.marks?.[i]);
    if (marks && !values[i]) cell.append(marksElement(marks, shown?.struck?.[i]));
  }
}

/** The pencil marks of a cell: its candidates, the others greyed, `struck` crossed out.
 * @param {string} cands @param {string} [struck]
 * @returns {HTMLDivElement}
 */
function marksElement(cands, struck) {
  const el = document.createElement("div");
  el.className = "marks";
  const side = Math.ceil(Math.sqrt(st.n));
  el.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  for (const s of st.symbols) {
    const span = document.createElement("span");
    span.textContent = s;
    if (struck && struck.includes(s)) span.className = "struck";
    else if (!cands.includes(s)) span.className = "gone";
    el.append(span);
  }
  return el;
}

/** Writes a solution into the blank cells. @param {string} solution one line of symbols */
function fillSolution(solution) {
  const syms = [...solution.replace(/\s+/g, "")];
  for (const [i, inp] of st.inputs.entries()) {
    if (!st.cells[i]) {
      inp.value = syms[i] ?? "";
      cellOf(inp).classList.add("solution");
    }
  }
}

/** Adds the class `cls` to the cells named (`r3c7`); other names are passed over.
 * @param {string[] | undefined} names @param {string} cls
 */
function mark(names, cls) {
  for (const name of names || []) {
    const inp = st.inputs[cellIndex(name)];
    if (inp) cellOf(inp).classList.add(cls);
  }
}

/** Runs a question, showing `label…` meanwhile and its error, if any, in the status.
 * @param {string} label @param {() => Promise<void>} fn
 */
async function run(label, fn) {
  setStatus(`${label}…`);
  try {
    await fn();
  } catch (e) {
    if (e instanceof ApiError) setStatus(e.message, true);
    else { setStatus(`${label} failed: ${/** @type {Error} */ (e).message}`, true); console.warn(e); }
  }
}

/** @type {Record<string, string>} */
const VERDICT = {
  unique: "unique: exactly one solution, proven",
  multiple: "multiple: at least two solutions (one shown)",
  sat: "a solution (uniqueness not asked)",
  unknown: "unknown: the time limit stopped the search",
};

/** Solves the board, asking for two solutions to tell a unique one. */
async function solve() {
  clearOverlays(); render();
  const certify = $("su-certify", HTMLInputElement).checked;
  const a = /** @type {SolveAnswer} */ (await post("/api/sudoku/solve", { ...request({ count: 2 }), certify }));
  offerCertificate($("su-cert", HTMLAnchorElement), a.certificate, a.certificate_error);
  if (a.status === "unsat") {
    mark(a.conflict, "conflict");
    const who = (a.conflict || []).join(", ");
    setStatus(`no solution: the givens ${who} cannot all hold (${a.reason})`);
    return;
  }
  if (a.solution) fillSolution(a.solution);
  const ms = a.stats ? ` · ${a.stats.vars} variables, ${a.stats.clauses} clauses, ${a.stats.time_ms} ms` : "";
  setStatus((VERDICT[a.status] || a.status) + ms);
}

/** Asks for the next step a person could take, and highlights it. */
async function hint() {
  clearOverlays(); render();
  const h = /** @type {HintAnswer} */ (await post("/api/sudoku/hint", request()));
  mark(h.cells, "clause");
  if (h.cell) mark([h.cell], "hinted");
  setStatus(h.text ?? `no solution from here: ${h.conflict ?? h.status}`);
}

/** The rating in words: `hard; SE 4.2/1.2/1.2 (hardest: xy-wing); HoDoKu hard, score 1046`.
 * @param {RateAnswer} r
 */
function ratingText(r) {
  if (r.status !== "unique") return `not rated: ${r.reason ?? r.stopped ?? r.status}`;
  const parts = [r.difficulty ?? ""];
  if (r.se) {
    const at = r.se.complete ? "" : " at least";
    const hardest = r.hardest ? ` (hardest: ${r.hardest})` : "";
    parts.push(`SE${at} ${r.se.er}/${r.se.ep}/${r.se.ed}${hardest}`);
  }
  if (r.hodoku) parts.push(`HoDoKu ${r.hodoku.level}, score ${r.hodoku.complete ? "" : "at least "}${r.hodoku.score}`);
  return parts.join("; ");
}

/** Rates the board's puzzle on the SE scale and HoDoKu's levels. */
async function rate() {
  clearOverlays(); render();
  const r = /** @type {RateAnswer} */ (await post("/api/sudoku/rate", request()));
  setStatus(ratingText(r));
}

/** Shows the candidates propagation leaves in each empty cell, or hides them. */
async function toggleMarks() {
  const btn = $("su-marks");
  if (st.marks) { clearOverlays(); render(); return; }
  const c = /** @type {CandidatesAnswer} */ (await post("/api/sudoku/candidates", request()));
  if (!c.cells) { setStatus(`the grid breaks the rules: ${c.reason ?? c.status}`, true); return; }
  st.marks = new Array(st.n * st.n).fill(null);
  for (const { cell, candidates } of c.cells) st.marks[cellIndex(cell)] = candidates;
  btn.setAttribute("aria-pressed", "true");
  render();
  setStatus(`${c.empty} empty cells, ${c.candidates} candidates left by propagation`);
}

/** Reads the pasted puzzle (with the symbols typed, if any) into the board. */
async function loadPaste() {
  const text = valueOf("su-paste");
  /** @type {Record<string, string>} */
  const body = { puzzle: text };
  const syms = valueOf("su-symbols").trim();
  if (syms) body.symbols = syms;
  const p = /** @type {Puzzle} */ (await post("/api/sudoku/parse", body));
  applyParsed(p);
  setStatus(`loaded a ${p.size}×${p.size} puzzle with ${p.clues} givens`);
}

/** Makes the board the puzzle `p`. @param {Puzzle} p */
function applyParsed(p) {
  const [rows = 0, cols = 0] = p.box.split("x").map(Number);
  newGrid(p.size, rows, cols, p.symbols === DEFAULT.slice(0, p.size) ? "" : p.symbols);
  $("su-symbols", HTMLInputElement).value = st.custom ? st.symbols : "";
  selectSize(p.size, p.box);
  const syms = [...st.symbols];
  const givens = [...p.givens.replace(/\s+/g, "")];
  givens.forEach((ch, i) => {
    const k = syms.indexOf(ch);
    st.cells[i] = k + 1;
    st.given[i] = k >= 0;
  });
  render();
}

/** Selects (adding it when missing) the size `n` with boxes `box` in the menu.
 * @param {number} n @param {string} box `3x3`
 */
function selectSize(n, box) {
  const sel = $("su-size", HTMLSelectElement);
  const value = `${n}:${box}`;
  if (![...sel.options].some((o) => o.value === value)) {
    sel.append(new Option(`${n}×${n} (${box.replace("x", "×")})`, value));
  }
  sel.value = value;
}

/** Generates a puzzle of the board's shape with the difficulty and symmetry asked. */
async function generate() {
  /** @type {Record<string, string | number>} */
  const body = { box: `${st.rows}x${st.cols}`, count: 1, symmetry: valueOf("su-symmetry") };
  const d = valueOf("su-difficulty");
  if (d) body.difficulty = d;
  const level = valueOf("su-level");
  if (level) body.level = level;
  if (st.custom) body.symbols = st.symbols;
  setStatus("generating…");
  const g = /** @type {Generated} */ (await post("/api/sudoku/generate", body));
  applyParsed({ size: st.n, box: `${st.rows}x${st.cols}`, symbols: st.symbols, givens: g.givens, clues: g.clues });
  const h = g.rating?.hodoku;
  const hodoku = h ? `, HoDoKu ${h.level} (score ${h.score})` : "";
  setStatus(`a new puzzle: ${g.clues} givens, ${g.difficulty}${hodoku}, unique (proven)`);
}

/* Propagation stepper: the trail of the unit propagator, one literal a step. */
async function propagate() {
  const panel = $("su-prop");
  const p = /** @type {{ steps: PropStep[], end: string }} */ (await post("/api/sudoku/propagate", request()));
  st.prop = { steps: p.steps, k: 0, end: p.end };
  panel.hidden = false;
  const list = $("su-prop-list");
  list.replaceChildren(...p.steps.map((s, i) => {
    const li = document.createElement("li");
    li.textContent = stepText(s);
    li.addEventListener("click", () => showStep(i + 1));
    return li;
  }));
  showStep(0);
  setStatus(`${p.steps.length} propagation steps: ${p.end}`);
}

/** @param {PropStep} s @returns {string} */
function stepText(s) {
  const what = s.value ? `${s.cell} = ${s.symbol}` : `${s.cell} ≠ ${s.symbol}`;
  return `${what}  (${s.family}: ${s.clause.join(" ∨ ")})`;
}

/** Shows the grid after the first `k` steps of the trail (clamped).
 * @param {number} k
 */
function showStep(k) {
  const p = st.prop;
  if (!p) return;
  p.k = Math.max(0, Math.min(k, p.steps.length));
  const values = st.cells.slice();
  const out = st.cells.map(() => /** @type {Set<string>} */ (new Set()));
  for (const s of p.steps.slice(0, p.k)) {
    const i = cellIndex(s.cell);
    if (s.value) values[i] = [...st.symbols].indexOf(s.symbol) + 1;
    else out[i]?.add(s.symbol);
  }
  const marks = out.map((gone) => [...st.symbols].filter((x) => !gone.has(x)).join(""));
  const struck = st.cells.map(() => "");
  const last = p.steps[p.k - 1];
  if (last && !last.value) struck[cellIndex(last.cell)] = last.symbol;
  clearOverlays();
  render({ values, marks, struck });
  if (last) {
    mark(last.cells, "clause");
    mark([last.cell], "changed");
  }
  $("su-prop-count").textContent = `${p.k} / ${p.steps.length}`;
  $("su-prop-step").textContent = last ? stepText(last) : "the givens; press ▶ to propagate";
  [...$("su-prop-list").children].forEach((li, i) => li.classList.toggle("current", i === p.k - 1));
  $("su-prop-list").children[p.k - 1]?.scrollIntoView({ block: "nearest" });
}

/** Shows the CNF encoding's size and families, and offers its DIMACS text as a file. */
async function encoding() {
  const panel = $("su-enc");
  panel.hidden = false;
  const e = /** @type {Encoding} */ (await post("/api/sudoku/encode", request({
    encoding: valueOf("su-enc-kind"), amo: valueOf("su-enc-amo"),
  })));
  $("su-enc-size").textContent = `${e.variables} variables, ${e.clauses} clauses`;
  const body = $("su-enc-table", HTMLTableElement).tBodies[0];
  if (!body) throw new Error("the table #su-enc-table has no <tbody>");
  body.replaceChildren(...e.families.map((f) => {
    const tr = document.createElement("tr");
    const cells = [f.name, String(f.clauses), f.sample ?? ""];
    cells.forEach((t, j) => {
      const td = document.createElement("td");
      td.textContent = t;
      td.className = ["", "num", "clause"][j] ?? "";
      tr.append(td);
    });
    return tr;
  }));
  const link = $("su-enc-download", HTMLAnchorElement);
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([e.dimacs], { type: "text/plain" }));
  setStatus(`encoding: ${e.variables} variables, ${e.clauses} clauses`);
}

/** Wires the Sudoku page's controls and shows an empty 9×9 grid. */
export function initSudoku() {
  const size = $("su-size", HTMLSelectElement);
  size.addEventListener("change", () => {
    const [n, box = ""] = size.value.split(":");
    const [r = 0, c = 0] = box.split("x").map(Number);
    const syms = valueOf("su-symbols").trim();
    newGrid(Number(n), r, c, [...syms].length === Number(n) ? syms : "");
  });
  const symbols = $("su-symbols", HTMLInputElement);
  symbols.addEventListener("change", () => {
    const syms = symbols.value.trim();
    if (syms && [...syms].length !== st.n) {
      setStatus(`${[...syms].length} symbols given, a ${st.n}×${st.n} grid needs ${st.n}`, true);
      return;
    }
    const old = st.cells.slice(), given = st.given.slice();
    newGrid(st.n, st.rows, st.cols, syms);
    st.cells = old; st.given = given;
    render();
  });
  $("su-shapes").addEventListener("click", () => {
    symbols.value = "▲●■★";
    size.value = "4:2x2";
    newGrid(4, 2, 2, "▲●■★");
  });
  $("su-solve").addEventListener("click", () => run("solving", solve));
  $("su-hint").addEventListener("click", () => run("looking for a hint", hint));
  $("su-rate").addEventListener("click", () => run("rating", rate));
  $("su-marks").addEventListener("click", () => run("pencil marks", toggleMarks));
  $("su-propagate").addEventListener("click", () => run("propagating", propagate));
  $("su-encode").addEventListener("click", () => run("encoding", encoding));
  $("su-enc-kind").addEventListener("change", () => run("encoding", encoding));
  $("su-enc-amo").addEventListener("change", () => run("encoding", encoding));
  $("su-generate").addEventListener("click", () => run("generating", generate));
  $("su-load").addEventListener("click", () => run("reading", loadPaste));
  $("su-clear").addEventListener("click", () => { newGrid(st.n, st.rows, st.cols, st.custom ? st.symbols : ""); setStatus(""); });
  $("su-prop-first").addEventListener("click", () => showStep(0));
  $("su-prop-back").addEventListener("click", () => showStep((st.prop?.k ?? 0) - 1));
  $("su-prop-next").addEventListener("click", () => showStep((st.prop?.k ?? 0) + 1));
  $("su-prop-last").addEventListener("click", () => showStep(Infinity));
  newGrid(9, 3, 3, "");
}
