// Panels as tabs: on a seat's phone one panel at a time (side by side from 1100 px up, where its tab bar is hidden);
// on Control's desk one pane per task at every width, each tab counting what is new there since it was looked at.

/**
 * Wire the page's `.tab` buttons (each names its panel in data-panel); the first pressed one is shown.
 * `onShow(panel)` hears each panel shown (the first one too). Returns `shown()`, the id of the panel shown now.
 */
export function setupTabs({ onShow = () => {} } = {}) {
  const tabs = [...document.querySelectorAll(".tab")];
  let current = null;
  const choose = (chosen) => {
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute("aria-pressed", String(on));
      document.getElementById(tab.dataset.panel).classList.toggle("active", on);
    }
    current = chosen.dataset.panel;
    onShow(current);
  };
  for (const tab of tabs) tab.addEventListener("click", () => choose(tab));
  choose(tabs.find((tab) => tab.getAttribute("aria-pressed") === "true") || tabs[0]);
  return { shown: () => current };
}

/** Show on a panel's tab how many things are new there (nothing at 0): "3", read out as "3 new". */
export function showCount(panel, count) {
  const badge = document.querySelector(`.tab[data-panel="${panel}"] .count`);
  if (!badge) return;
  badge.replaceChildren();
  if (count > 0) {
    const words = document.createElement("span");
    words.className = "visually-hidden";
    words.textContent = " new";
    badge.append(String(count), words);
  }
}
