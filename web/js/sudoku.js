// The Sudoku page: a board editor over gridsat's Sudoku API.
import { post, ApiError } from "./api.js";

const DEFAULT = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPES = /^[▲●■★◆♥♦♣♠▼◀▶]+$/u;
const $ = (id) => document.getElementById(id);

const st = {
  n: 9, rows: 3, cols: 3, symbols: DEFAULT.slice(0, 9), custom: false,
  cells: [], given: [], inputs: [], marks: null, prop: null,
};

/** Cell name `r3c7` of index i, and back. */
const cellName = (i) => `r${Math.floor(i / st.n) + 1}c${(i % st.n) + 1}`;
function cellIndex(name) {
  const m = /^r(\d+)c(\d+)/.exec(name);
  return m ? (Number(m[1]) - 1) * st.n + Number(m[2]) - 1 : -1;
}

function setStatus(text, error = false) {
  const s = $("su-status");
  s.textContent = text;
  s.classList.toggle("error", error);
}

/** The puzzle as one line of symbols, `.` for blanks. */
function puzzleText() {
  return st.cells.map((v) => (v ? [...st.symbols][v - 1] : ".")).join("");
}

function request(extra = {}) {
  const body = { puzzle: puzzleText(), box: `${st.rows}x${st.cols}`, ...extra };
  if (st.custom) body.symbols = st.symbols;
  return body;
}

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

const sym = (v) => (v ? [...st.symbols][v - 1] : "");

function rove(i) {
  for (const inp of st.inputs) inp.tabIndex = -1;
  st.inputs[i].tabIndex = 0;
}

function onKey(e, i) {
  const n = st.n;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves) {
    e.preventDefault();
    const j = i + moves[e.key];
    const sameRow = e.key === "ArrowLeft" || e.key === "ArrowRight";
    if (j >= 0 && j < n * n && (!sameRow || Math.floor(j / n) === Math.floor(i / n))) {
      st.inputs[j].focus();
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

function setCell(i, v) {
  st.cells[i] = v;
  st.given[i] = v !== 0;
  clearOverlays();
  render();
}

function clearOverlays() {
  for (const inp of st.inputs) {
    inp.parentElement.classList.remove("solution", "conflict", "hinted", "clause", "changed");
  }
  st.marks = null;
  $("su-marks").setAttribute("aria-pressed", "false");
}

function render(shown = null) {
  const values = shown?.values ?? st.cells;
  for (let i = 0; i < st.inputs.length; i++) {
    const inp = st.inputs[i];
    const cell = inp.parentElement;
    inp.value = sym(values[i]);
    cell.classList.toggle("given", st.given[i] && values[i] === st.cells[i]);
    cell.querySelector(".marks")?.remove();
    const marks = shown?.marks?.[i] ?? (values[i] ? null : st.marks?.[i]);
    if (marks && !values[i]) cell.append(marksElement(marks, shown?.struck?.[i]));
  }
}

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

function fillSolution(solution) {
  const syms = [...solution.replace(/\s+/g, "")];
  for (let i = 0; i < st.inputs.length; i++) {
    if (!st.cells[i]) {
      st.inputs[i].value = syms[i];
      st.inputs[i].parentElement.classList.add("solution");
    }
  }
}

function mark(names, cls) {
  for (const name of names || []) {
    const i = cellIndex(name);
    if (i >= 0 && i < st.inputs.length) st.inputs[i].parentElement.classList.add(cls);
  }
}

async function run(label, fn) {
  setStatus(`${label}…`);
  try {
    await fn();
  } catch (e) {
    if (e instanceof ApiError) setStatus(e.message, true);
    else { setStatus(`${label} failed: ${e.message}`, true); console.warn(e); }
  }
}

const VERDICT = {
  unique: "unique: exactly one solution, proven",
  multiple: "multiple: at least two solutions (one shown)",
  sat: "a solution (uniqueness not asked)",
  unknown: "unknown: the time limit stopped the search",
};

async function solve() {
  clearOverlays(); render();
  const a = await post("/api/sudoku/solve", request({ count: 2 }));
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

async function hint() {
  clearOverlays(); render();
  const h = await post("/api/sudoku/hint", request());
  if (h.conflict) mark(h.conflict, "conflict");
  mark(h.cells, "clause");
  if (h.cell) mark([h.cell], "hinted");
  setStatus(h.text);
}

async function toggleMarks() {
  const btn = $("su-marks");
  if (st.marks) { clearOverlays(); render(); return; }
  const c = await post("/api/sudoku/candidates", request());
  st.marks = new Array(st.n * st.n).fill(null);
  for (const { cell, candidates } of c.cells) st.marks[cellIndex(cell)] = candidates;
  btn.setAttribute("aria-pressed", "true");
  render();
  setStatus(`${c.empty} empty cells, ${c.candidates} candidates left by propagation`);
}

async function loadPaste() {
  const text = $("su-paste").value;
  const body = { puzzle: text };
  const syms = $("su-symbols").value.trim();
  if (syms) body.symbols = syms;
  const p = await post("/api/sudoku/parse", body);
  applyParsed(p);
  setStatus(`loaded a ${p.size}×${p.size} puzzle with ${p.clues} givens`);
}

function applyParsed(p) {
  const [rows, cols] = p.box.split("x").map(Number);
  newGrid(p.size, rows, cols, p.symbols === DEFAULT.slice(0, p.size) ? "" : p.symbols);
  $("su-symbols").value = st.custom ? st.symbols : "";
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

function selectSize(n, box) {
  const sel = $("su-size");
  const value = `${n}:${box}`;
  if (![...sel.options].some((o) => o.value === value)) {
    sel.append(new Option(`${n}×${n} (${box.replace("x", "×")})`, value));
  }
  sel.value = value;
}

async function generate() {
  const body = { box: `${st.rows}x${st.cols}`, count: 1, symmetry: $("su-symmetry").value };
  const d = $("su-difficulty").value;
  if (d) body.difficulty = d;
  if (st.custom) body.symbols = st.symbols;
  setStatus("generating…");
  const g = await post("/api/sudoku/generate", body);
  applyParsed({ size: st.n, box: `${st.rows}x${st.cols}`, symbols: st.symbols, givens: g.givens, clues: g.clues });
  setStatus(`a new puzzle: ${g.clues} givens, ${g.difficulty}, unique (proven)`);
}

/* Propagation stepper: the trail of the unit propagator, one literal a step. */
async function propagate() {
  const panel = $("su-prop");
  const p = await post("/api/sudoku/propagate", request());
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

function stepText(s) {
  const what = s.value ? `${s.cell} = ${s.symbol}` : `${s.cell} ≠ ${s.symbol}`;
  return `${what}  (${s.family}: ${s.clause.join(" ∨ ")})`;
}

function showStep(k) {
  const p = st.prop;
  if (!p) return;
  p.k = Math.max(0, Math.min(k, p.steps.length));
  const values = st.cells.slice();
  const out = st.cells.map(() => new Set());
  for (const s of p.steps.slice(0, p.k)) {
    const i = cellIndex(s.cell);
    if (s.value) values[i] = [...st.symbols].indexOf(s.symbol) + 1;
    else out[i].add(s.symbol);
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

async function encoding() {
  const panel = $("su-enc");
  panel.hidden = false;
  const e = await post("/api/sudoku/encode", request({
    encoding: $("su-enc-kind").value, amo: $("su-enc-amo").value,
  }));
  $("su-enc-size").textContent = `${e.variables} variables, ${e.clauses} clauses`;
  const body = $("su-enc-table").tBodies[0];
  body.replaceChildren(...e.families.map((f) => {
    const tr = document.createElement("tr");
    const cells = [f.name, String(f.clauses), f.sample ?? ""];
    cells.forEach((t, j) => {
      const td = document.createElement("td");
      td.textContent = t;
      td.className = ["", "num", "clause"][j];
      tr.append(td);
    });
    return tr;
  }));
  const link = $("su-enc-download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([e.dimacs], { type: "text/plain" }));
  setStatus(`encoding: ${e.variables} variables, ${e.clauses} clauses`);
}

export function initSudoku() {
  $("su-size").addEventListener("change", (e) => {
    const [n, box] = e.target.value.split(":");
    const [r, c] = box.split("x").map(Number);
    const syms = $("su-symbols").value.trim();
    newGrid(Number(n), r, c, [...syms].length === Number(n) ? syms : "");
  });
  $("su-symbols").addEventListener("change", (e) => {
    const syms = e.target.value.trim();
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
    $("su-symbols").value = "▲●■★";
    $("su-size").value = "4:2x2";
    newGrid(4, 2, 2, "▲●■★");
  });
  $("su-solve").addEventListener("click", () => run("solving", solve));
  $("su-hint").addEventListener("click", () => run("looking for a hint", hint));
  $("su-marks").addEventListener("click", () => run("pencil marks", toggleMarks));
  $("su-propagate").addEventListener("click", () => run("propagating", propagate));
  $("su-encode").addEventListener("click", () => run("encoding", encoding));
  $("su-enc-kind").addEventListener("change", () => run("encoding", encoding));
  $("su-enc-amo").addEventListener("change", () => run("encoding", encoding));
  $("su-generate").addEventListener("click", () => run("generating", generate));
  $("su-load").addEventListener("click", () => run("reading", loadPaste));
  $("su-clear").addEventListener("click", () => { newGrid(st.n, st.rows, st.cols, st.custom ? st.symbols : ""); setStatus(""); });
  $("su-prop-first").addEventListener("click", () => showStep(0));
  $("su-prop-back").addEventListener("click", () => showStep(st.prop.k - 1));
  $("su-prop-next").addEventListener("click", () => showStep(st.prop.k + 1));
  $("su-prop-last").addEventListener("click", () => showStep(Infinity));
  newGrid(9, 3, 3, "");
}
