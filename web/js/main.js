// Tabs, and the two pages.
import { initSudoku } from "./sudoku.js";
import { initSokoban } from "./sokoban.js";

function initTabs() {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const select = (tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
    }
    tab.focus();
    history.replaceState(null, "", "#" + tab.getAttribute("aria-controls"));
  };
  tabs.forEach((t, i) => {
    t.addEventListener("click", () => select(t));
    t.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        const j = (i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
        select(tabs[j]);
      }
    });
  });
  const wanted = tabs.find((t) => "#" + t.getAttribute("aria-controls") === location.hash);
  if (wanted) select(wanted);
}

initTabs();
initSudoku();
initSokoban();
