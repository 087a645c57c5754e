// The "Check an encoding" panel: a student's DIMACS clauses and variable mapping sent
// to `POST /api/sudoku/check-encoding`; the model that breaks a rule is drawn on a
// board of its own, the cells the rule names marked.
import { post, ApiError } from "./api.js";

/** One reference family of `check-encoding --json`.
 * @typedef {object} FamilyAnswer
 * @property {string} family `box at most one`, …
 * @property {string} verdict `kept`, `broken` or `unknown`
 * @property {string} [rule] what the model breaks, in words (`box 1 holds 2 twice (r1c1 and r2c2)`)
 * @property {number[][]} [cells] the symbols of each cell of the model, row by row
 */

/** The answer of `POST /api/sudoku/check-encoding` (`teach::json`, plus `text`), or
 *  `status` `unknown` with a `reason` when the time limit stopped it first.
 * @typedef {object} CheckAnswer
 * @property {boolean} [problem]
 * @property {boolean} [sound]
 * @property {FamilyAnswer[]} [families]
 * @property {{ verdict: string }} [complete]
 * @property {string} [text]
 * @property {string} [status]
 * @property {string} [reason]
 */

/** The element with this id, of this kind; throws when the page lacks it.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, prototype: T }} kind
 * @returns {T}
 */
function byId(id, kind) {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`the page has no ${kind.name} #${id}`);
  return el;
}

/** @param {string} text @param {boolean} [error] */
function say(text, error = false) {
  const s = byId("su-teach-status", HTMLElement);
  s.textContent = text;
  s.classList.toggle("error", error);
}

/** Box rows × columns of side `n`: square when n is, else the most nearly square P < Q.
 * @param {number} n
 * @returns {[number, number]}
 */
function boxShape(n) {
  let p = 1;
  for (let d = 1; d * d <= n; d++) if (n % d === 0) p = d;
  return [p, n / p];
}

/** The cells a rule names (`r1c1 and r2c2`), as row-major indices.
 * @param {string} rule @param {number} n
 * @returns {Set<number>}
 */
function namedCells(rule, n) {
  const out = new Set();
  for (const m of rule.matchAll(/r(\d+)c(\d+)/g)) out.add((Number(m[1]) - 1) * n + Number(m[2]) - 1);
  return out;
}

/** Draws the model: each cell its symbols (none: ∅), the named cells marked.
 * @param {number[][]} cells @param {number} n @param {Set<number>} marked
 */
function draw(cells, n, marked) {
  const board = byId("su-teach-board", HTMLElement);
  const [p, q] = boxShape(n);
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${n}, var(--cs, 2.6rem))`;
  cells.forEach((symbols, i) => {
    const cell = document.createElement("div");
    const r = Math.floor(i / n), c = i % n;
    cell.className = "cell";
    if (c % q === q - 1 && c < n - 1) cell.classList.add("box-right");
    if (r % p === p - 1 && r < n - 1) cell.classList.add("box-bottom");
    if (marked.has(i) || symbols.length !== 1) cell.classList.add("conflict");
    if (symbols.length === 0) cell.classList.add("empty");
    cell.textContent = symbols.length ? symbols.join(",") : "∅";
    cell.setAttribute("aria-label", `r${r + 1}c${c + 1}: ${cell.textContent}`);
    board.append(cell);
  });
  board.hidden = false;
}

/** Shows an answer: the verdict in the status, the report, the broken model drawn.
 * @param {CheckAnswer} a @param {number} n
 */
function show(a, n) {
  byId("su-teach-text", HTMLElement).textContent = a.text ?? "";
  byId("su-teach-board", HTMLElement).hidden = true;
  if (a.status === "unknown") return say(`unknown: ${a.reason ?? "stopped"}`, true);
  const broken = (a.families ?? []).find((f) => f.verdict === "broken" && f.cells);
  if (broken?.cells) {
    draw(broken.cells, n, namedCells(broken.rule ?? "", n));
    return say(`broken: ${broken.family}: ${broken.rule ?? ""}`, true);
  }
  if (a.problem) return say("a problem: a valid grid the clauses forbid (see the report)", true);
  say(a.sound ? "no problem found: every model is a valid grid, every valid grid a model" : "see the report");
}

/** Sends the panel's clauses and mapping. */
async function check() {
  const n = Number(byId("su-teach-size", HTMLSelectElement).value);
  const body = {
    dimacs: byId("su-teach-dimacs", HTMLTextAreaElement).value,
    ids: byId("su-teach-ids", HTMLInputElement).value,
    base: Number(byId("su-teach-base", HTMLSelectElement).value),
    size: n,
  };
  say("Checking…");
  try {
    show(/** @type {CheckAnswer} */ (await post("/api/sudoku/check-encoding", body)), n);
  } catch (e) {
    byId("su-teach-board", HTMLElement).hidden = true;
    if (e instanceof ApiError) say(e.message, true);
    else { say(`check failed: ${/** @type {Error} */ (e).message}`, true); console.warn(e); }
  }
}

/** Wires the panel's button. */
export function initTeach() {
  byId("su-teach-check", HTMLButtonElement).addEventListener("click", () => { void check(); });
}
