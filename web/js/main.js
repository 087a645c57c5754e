// Tabs, and the two pages.
import { initSudoku } from "./sudoku.js";
import { initSokoban } from "./sokoban.js";
import { initTeach } from "./teach.js";

/** The id of the panel a tab shows (its `aria-controls`); throws when the page lacks it.
 * @param {HTMLElement} tab
 * @returns {string}
 */
function panelId(tab) {
  const id = tab.getAttribute("aria-controls");
  if (!id) throw new Error(`the tab '${tab.textContent}' has no aria-controls`);
  return id;
}

/** The panel of a tab; throws when the page lacks it.
 * @param {HTMLElement} tab
 * @returns {HTMLElement}
 */
function panelOf(tab) {
  const panel = document.getElementById(panelId(tab));
  if (!panel) throw new Error(`the page has no panel #${panelId(tab)}`);
  return panel;
}

/** Makes the `role="tab"` buttons switch panels (click, arrow keys) and opens the
 *  one named by the location's `#hash`. */
function initTabs() {
  const tabs = [...document.querySelectorAll('[role="tab"]')].filter((t) => t instanceof HTMLElement);
  /** @param {HTMLElement} tab */
  const select = (tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      panelOf(t).hidden = !on;
    }
    tab.focus();
    history.replaceState(null, "", "#" + panelId(tab));
  };
  tabs.forEach((t, i) => {
    t.addEventListener("click", () => select(t));
    t.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        const j = (i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
        const next = tabs[j];
        if (next) select(next);
      }
    });
  });
  const wanted = tabs.find((t) => "#" + panelId(t) === location.hash);
  if (wanted) select(wanted);
}

initTabs();
initSudoku();
initSokoban();
initTeach();
