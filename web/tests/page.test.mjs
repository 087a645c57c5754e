// The page of `gridsat serve`, driven in Debian's headless chromium (playwright-core,
// no browser download). Starts the real binary on a free loopback port, clicks through
// both pages as a person would, checks what the page shows against the puzzle's rules
// (not against stored answers), and saves screenshots to target/screenshots/.
//
//   cargo build && cd web/tests && npm install && npm test
//
// GRIDSAT (the binary, default ../../target/debug/gridsat) and CHROMIUM (default
// /usr/bin/chromium) may be set. Without chromium the tests are skipped with a message.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const binary = process.env.GRIDSAT || path.join(repo, "target/debug/gridsat");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = path.join(repo, "target/screenshots");
const missing = !existsSync(browserPath)
  ? `no chromium at ${browserPath} (apt-get install chromium, or set CHROMIUM)`
  : !existsSync(binary) ? `no gridsat binary at ${binary} (cargo build, or set GRIDSAT)` : null;
if (missing) console.log(`# SKIPPED: ${missing}`);
const run = missing ? { skip: missing } : {};

let server, base, browser, page;
const errors = [];

before(async () => {
  if (missing) return;
  server = spawn(binary, ["serve", "--port", "0", "--time-limit", "20"], { cwd: repo });
  base = await new Promise((resolve, reject) => {
    let seen = "";
    server.stderr.on("data", (d) => {
      seen += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(seen);
      if (m) resolve(`http://127.0.0.1:${m[1]}/`);
    });
    server.on("exit", (c) => reject(new Error(`gridsat serve exited (${c}): ${seen}`)));
  });
  browser = await chromium.launch({
    executablePath: browserPath,
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--disable-background-networking", "--no-first-run"],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => errors.push(String(e)));
  // A 400 answer is logged by chromium as a failed resource: the bad-input tests cause
  // those on purpose; anything else is an error of the page.
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 400/.test(m.text())) errors.push(m.text());
  });
  mkdirSync(shots, { recursive: true });
  await page.goto(base);
});

after(async () => {
  await browser?.close();
  server?.kill();
});

const status = (id) => page.locator(`#${id}`).textContent();

/** The board as the page shows it: one string of N² characters, "." for empty. */
async function boardValues() {
  return page.$$eval("#su-board input", (xs) => xs.map((x) => x.value || ".").join(""));
}

/** Checks a filled N×N grid (box rows × cols) against the rules, independently. */
function checkGrid(cells, n, rows, cols) {
  const houses = [];
  for (let i = 0; i < n; i++) {
    houses.push([...Array(n).keys()].map((c) => i * n + c));
    houses.push([...Array(n).keys()].map((r) => r * n + i));
    const br = Math.floor(i / (n / cols)) * rows, bc = (i % (n / cols)) * cols;
    houses.push([...Array(n).keys()].map((k) => (br + Math.floor(k / cols)) * n + bc + (k % cols)));
  }
  for (const h of houses) {
    const vals = h.map((i) => cells[i]);
    assert.ok(!vals.includes("."), "the grid is full");
    assert.equal(new Set(vals).size, n, `house ${h} holds every symbol once: ${vals.join("")}`);
  }
}

/** A question to the server itself (not through the page), to check what the page shows. */
async function api(route, body) {
  const r = await fetch(new URL(route, base), {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  assert.equal(r.status, 200, `${route}: ${r.status}`);
  return r.json();
}

async function paste(text) {
  await page.locator("#su-paste-box").evaluate((el) => el.setAttribute("open", ""));
  await page.fill("#su-paste", text);
  await page.click("#su-load");
  await page.waitForFunction(() => /loaded/.test(document.querySelector("#su-status").textContent));
}

test("sudoku: paste, solve, and the solution keeps the givens and the rules", run, async () => {
  const puzzle = readFileSync(path.join(repo, "examples/sudoku/9x9.txt"), "utf8");
  await paste(puzzle);
  const before = await boardValues();
  await page.click("#su-solve");
  await page.waitForFunction(() => /unique/.test(document.querySelector("#su-status").textContent));
  const after = await boardValues();
  [...before].forEach((ch, i) => { if (ch !== ".") assert.equal(after[i], ch, `given ${i} kept`); });
  checkGrid(after, 9, 3, 3);
  assert.ok((await page.locator("#su-board .solution").count()) > 0, "solved cells are marked");
  await page.screenshot({ path: path.join(shots, "sudoku-solved.png") });
});

test("sudoku: a hint highlights its cell and the cells of its reason", run, async () => {
  await page.click("#su-hint");
  await page.waitForFunction(() => document.querySelectorAll("#su-board .hinted").length === 1);
  assert.ok((await page.locator("#su-board .clause").count()) >= 2);
  assert.match(await status("su-status"), /must be|cannot be/);
  await page.screenshot({ path: path.join(shots, "sudoku-hint.png") });
});

test("sudoku: rate shows the SE rating and the HoDoKu level the server gives", run, async () => {
  const easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  await paste(easy);
  await page.click("#su-rate");
  await page.waitForFunction(() => /HoDoKu/.test(document.querySelector("#su-status").textContent));
  const shown = await status("su-status");
  const r = await api("/api/sudoku/rate", { puzzle: easy });
  assert.equal(r.hodoku.level, "easy");
  assert.ok(shown.includes(`SE ${r.se.er}/${r.se.ep}/${r.se.ed}`), shown);
  assert.ok(shown.includes(`HoDoKu ${r.hodoku.level}, score ${r.hodoku.score}`), shown);
});

test("sudoku: generate to a HoDoKu level makes a puzzle of that level", run, async () => {
  await page.selectOption("#su-size", "9:3x3");
  await page.selectOption("#su-level", "medium");
  await page.click("#su-generate");
  await page.waitForFunction(() => /a new puzzle/.test(document.querySelector("#su-status").textContent));
  assert.match(await status("su-status"), /HoDoKu medium/);
  const givens = await boardValues();
  const r = await api("/api/sudoku/rate", { puzzle: givens });
  assert.equal(r.status, "unique");
  assert.equal(r.hodoku.level, "medium");
  await page.selectOption("#su-level", "");
});

test("sudoku: conflicting givens are named and highlighted", run, async () => {
  await paste("11..\n....\n....\n....\n");
  await page.click("#su-solve");
  await page.waitForFunction(() => /no solution/.test(document.querySelector("#su-status").textContent));
  assert.ok((await page.locator("#su-board .conflict").count()) >= 2);
  await page.screenshot({ path: path.join(shots, "sudoku-conflict.png") });
});

test("sudoku: a bad paste shows an error and the page keeps working", run, async () => {
  await page.locator("#su-paste-box").evaluate((el) => el.setAttribute("open", ""));
  await page.fill("#su-paste", "12x4\n....\n....\n....\n");
  await page.click("#su-load");
  await page.waitForFunction(() => document.querySelector("#su-status").classList.contains("error"));
  assert.match(await status("su-status"), /line 1, column 3/);
  await page.screenshot({ path: path.join(shots, "sudoku-bad-paste.png") });
  await paste(readFileSync(path.join(repo, "examples/sudoku/4x4.txt"), "utf8"));
  await page.click("#su-solve");
  await page.waitForFunction(() => /unique/.test(document.querySelector("#su-status").textContent));
});

test("sudoku: propagation steps forward one literal at a time", run, async () => {
  await paste(readFileSync(path.join(repo, "examples/sudoku/4x4.txt"), "utf8"));
  await page.click("#su-propagate");
  await page.waitForSelector("#su-prop:not([hidden])");
  const total = await page.locator("#su-prop-list li").count();
  assert.ok(total > 0);
  await page.click("#su-prop-next");
  await page.click("#su-prop-next");
  assert.match(await status("su-prop-count"), /^2 \/ /);
  assert.ok((await page.locator("#su-board .changed").count()) === 1, "the last step's cell is marked");
  await page.screenshot({ path: path.join(shots, "sudoku-propagation-step2.png") });
  await page.click("#su-prop-last");
  assert.equal(await status("su-prop-count"), `${total} / ${total}`);
  // This easy puzzle falls to propagation alone: the last step shows the filled grid.
  checkGrid(await boardValues(), 4, 2, 2);
  await page.screenshot({ path: path.join(shots, "sudoku-propagation.png") });
});

test("sudoku: pencil marks and the encoding table", run, async () => {
  await page.click("#su-marks");
  await page.waitForFunction(() => /candidates/.test(document.querySelector("#su-status").textContent));
  assert.ok((await page.locator("#su-board .marks").count()) > 0);
  await page.screenshot({ path: path.join(shots, "sudoku-pencil-marks.png") });
  await page.click("#su-encode");
  await page.waitForFunction(() => /variables/.test(document.querySelector("#su-enc-size").textContent));
  const rows = await page.locator("#su-enc-table tbody tr").count();
  assert.ok(rows >= 3, `families listed: ${rows}`);
  await page.screenshot({ path: path.join(shots, "sudoku-encoding.png") });
});

test("sudoku: generate gives a puzzle that solves uniquely", run, async () => {
  await page.selectOption("#su-size", "4:2x2");
  await page.click("#su-generate");
  await page.waitForFunction(() => /a new puzzle/.test(document.querySelector("#su-status").textContent));
  await page.click("#su-solve");
  await page.waitForFunction(() => /unique/.test(document.querySelector("#su-status").textContent));
  checkGrid(await boardValues(), 4, 2, 2);
});

test("sokoban: solve with live progress, replay to the end, every box on a goal", run, async () => {
  await page.click("#tab-sokoban");
  await page.waitForFunction(() => document.querySelectorAll("#so-level option").length > 0);
  const pick = await page.$$eval("#so-level option", (os) => os.find((o) => /two/.test(o.textContent))?.value ?? os[0].value);
  await page.selectOption("#so-level", pick);
  await page.click("#so-solve");
  await page.waitForFunction(() => /verified by replay/.test(document.querySelector("#so-status").textContent), null, { timeout: 30000 });
  assert.ok((await page.locator("#so-progress li").count()) > 0, "progress lines were shown");
  for (let i = 0; i < 500; i++) {
    if (/every box on a goal/.test(await status("so-counter"))) break;
    await page.click("#so-next");
  }
  assert.match(await status("so-counter"), /every box on a goal/);
  const off = await page.locator("#so-board .box:not(.on-goal)").count();
  assert.equal(off, 0);
  await page.screenshot({ path: path.join(shots, "sokoban-solved.png") });
});

test("sokoban: play mode moves by the server's replay: a wall blocks, pushes count, undo takes back", run, async () => {
  // tiny.xsb level 1, "corridor": #@ $ .# (the page holds no push rules: each key asks
  // POST /api/sokoban/replay).
  const pick = await page.$$eval("#so-level option", (os) => os.find((o) => /corridor$/.test(o.textContent ?? ""))?.value);
  assert.ok(pick, "the bundled corridor level is in the menu");
  await page.selectOption("#so-level", pick);
  await page.click("#so-play");
  await page.focus("#so-board");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => /blocked/.test(document.querySelector("#so-status").textContent));
  assert.match(await status("so-status"), /walks into a wall/);
  for (const _ of [1, 2, 3]) await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => /verified by gridsat's replay/.test(document.querySelector("#so-status").textContent));
  assert.match(await status("so-status"), /solved in 3 moves and 2 pushes/);
  assert.match(await status("so-counter"), /move 3 of 3 · 2 pushes · every box on a goal/);
  await page.keyboard.press("u");
  await page.waitForFunction(() => /move 2 of 2 · 1 pushes/.test(document.querySelector("#so-counter").textContent));
  await page.keyboard.press("Escape");
});

/** Level `k` (1-based) of an XSB file, as text. */
function xsbLevel(text, k) {
  const blocks = text.split(/\n\s*\n/).map((b) => b.split("\n").filter((l) => /^[ #@+$*._-]+$/.test(l) && l.includes("#")))
    .filter((rows) => rows.length > 0);
  return blocks[k - 1].join("\n") + "\n";
}

const microban = path.resolve(repo, "../shared/data/sokoban/microban.xsb");
const noMicroban = existsSync(microban) ? null : `${microban} is missing (../shared)`;
if (noMicroban && !missing) console.log(`# SKIPPED the Microban test: ${noMicroban}`);

test("sokoban: a pasted Microban level solves and replays onto the goals", { skip: missing || noMicroban || false }, async () => {
  await page.locator("#so-paste").evaluate((el) => el.closest("details")?.setAttribute("open", ""));
  await page.fill("#so-paste", xsbLevel(readFileSync(microban, "utf8"), 2));
  await page.click("#so-load");
  await page.waitForFunction(() => /boxes/.test(document.querySelector("#so-status").textContent));
  await page.click("#so-solve");
  await page.waitForFunction(() => /verified by replay/.test(document.querySelector("#so-status").textContent), null, { timeout: 30000 });
  await page.click("#so-playpause");
  await page.waitForFunction(() => /every box on a goal/.test(document.querySelector("#so-counter").textContent), null, { timeout: 30000 });
  assert.equal(await page.locator("#so-board .box:not(.on-goal)").count(), 0);
  await page.screenshot({ path: path.join(shots, "sokoban-microban-2.png") });
});

test("sokoban: a pasted bad level gets a clear error", run, async () => {
  await page.locator("#so-paste").evaluate((el) => el.closest("details")?.setAttribute("open", ""));
  await page.fill("#so-paste", "#####\n#@@$.#\n#####\n");
  await page.click("#so-load");
  await page.waitForFunction(() => document.querySelector("#so-status").classList.contains("error"));
  assert.match(await status("so-status"), /line \d+/);
  await page.screenshot({ path: path.join(shots, "sokoban-bad-paste.png") });
});

/** The pairwise 100r+10c+d encoding of an empty 4×4 with no box clauses (a student's slip). */
function noBoxDimacs() {
  const v = (r, c, d) => 100 * r + 10 * c + d;
  const clauses = [];
  const range = [1, 2, 3, 4];
  for (const r of range) for (const c of range) {
    clauses.push(range.map((d) => v(r, c, d)));
    for (const d of range) for (const e of range) if (d < e) clauses.push([-v(r, c, d), -v(r, c, e)]);
  }
  for (const d of range) for (const k of range) for (const i of range) for (const j of range) {
    if (i < j) { clauses.push([-v(k, i, d), -v(k, j, d)]); clauses.push([-v(i, k, d), -v(j, k, d)]); }
  }
  return `p cnf 444 ${clauses.length}\n` + clauses.map((c) => c.join(" ") + " 0\n").join("");
}

test("sudoku: a student's encoding without boxes gets a counterexample drawn on a board", run, async () => {
  await page.click("#tab-sudoku");
  await page.click("#su-teach summary");
  await page.fill("#su-teach-dimacs", noBoxDimacs());
  await page.selectOption("#su-teach-size", "4");
  await page.click("#su-teach-check");
  await page.waitForFunction(() => /broken:/.test(document.querySelector("#su-teach-status")?.textContent ?? ""));
  assert.match(await status("su-teach-status"), /^broken: box at most one: box \d holds \d twice/);
  const cells = await page.$$eval("#su-teach-board .cell", (xs) => xs.map((x) => ({
    text: x.textContent, marked: x.classList.contains("conflict") })));
  assert.equal(cells.length, 16);
  // Every row and column holds 1..4 once (the clauses keep those), and some box does not.
  const grid = cells.map((c) => Number(c.text));
  assert.ok(grid.every((x) => x >= 1 && x <= 4));
  const box = (b) => [0, 1, 4, 5].map((k) => grid[Math.floor(b / 2) * 8 + (b % 2) * 2 + k]);
  assert.ok([0, 1, 2, 3].some((b) => new Set(box(b)).size < 4), grid.join(""));
  // The two marked cells hold the same symbol.
  const marked = cells.filter((c) => c.marked).map((c) => c.text);
  assert.equal(marked.length, 2);
  assert.equal(marked[0], marked[1]);
  assert.match(await page.locator("#su-teach-text").textContent(), /box at most one: BROKEN/);
  await page.screenshot({ path: path.join(shots, "teach-counterexample.png"), fullPage: true });
  // A DIMACS slip is named by line and column, and the board goes away.
  await page.fill("#su-teach-dimacs", "p cnf 3 1\n1 x 0\n");
  await page.click("#su-teach-check");
  await page.waitForFunction(() => document.querySelector("#su-teach-status")?.classList.contains("error")
    && /line 2, column 3/.test(document.querySelector("#su-teach-status")?.textContent ?? ""));
  assert.equal(await page.locator("#su-teach-board").isHidden(), true);
});

/** The bundle behind a certificate link, untarred into a new folder and checked by
 *  `gridsat check-certificate` (which trusts nothing the server said). */
async function checkDownloaded(linkId) {
  const bytes = await page.$eval(`#${linkId}`, async (a) => {
    const buf = await (await fetch(/** @type {HTMLAnchorElement} */ (a).href)).arrayBuffer();
    return [...new Uint8Array(buf)];
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), "gridsat-page-cert-"));
  writeFileSync(path.join(dir, "bundle.tar"), Buffer.from(bytes));
  const cert = path.join(dir, "cert");
  mkdirSync(cert);
  const untar = spawnSync("tar", ["-xf", path.join(dir, "bundle.tar"), "-C", cert]);
  assert.equal(untar.status, 0, String(untar.stderr));
  const check = spawnSync(binary, ["check-certificate", cert], { encoding: "utf8" });
  assert.equal(check.status, 0, check.stdout + check.stderr);
  return check.stdout;
}

test("sudoku and sokoban: a certificate is offered for download and checks", run, async () => {
  await page.click("#tab-sudoku");
  await paste(readFileSync(path.join(repo, "examples/sudoku/9x9.txt"), "utf8"));
  await page.check("#su-certify");
  await page.click("#su-solve");
  await page.waitForFunction(() => /certificate: unique/.test(document.querySelector("#su-cert")?.textContent ?? ""));
  assert.match(await status("su-cert"), /download \(\d+ files, \d+/);
  assert.match(await checkDownloaded("su-cert"), /unique — formula rebuilt from the rules .*(proof checked|refuted by unit propagation).*solution valid/);
  await page.uncheck("#su-certify");
  await page.click("#tab-sokoban");
  await page.waitForFunction(() => document.querySelectorAll("#so-level option").length > 0);
  await page.check("#so-certify");
  await page.click("#so-solve");
  await page.waitForFunction(() => /certificate: |no certificate/.test(document.querySelector("#so-cert")?.textContent ?? ""), null, { timeout: 30000 });
  // A push optimum is backed by the push-state closure by default.
  assert.match(await status("so-cert"), /^certificate: optimal \d+, horizon \d+ refuted, closure of \d+ positions/);
  assert.match(await checkDownloaded("so-cert"), /optimal \d+ — push-state closure checked \(\d+ positions.*plan replayed/);
  await page.screenshot({ path: path.join(shots, "sokoban-certified.png") });
  await page.uncheck("#so-certify");
});

test("no script errors on the page", run, () => {
  assert.deepEqual(errors, []);
});
