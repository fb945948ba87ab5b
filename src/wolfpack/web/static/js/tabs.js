// Panels as tabs on a phone (one shown at a time) and side by side on a wide screen (the stylesheet shows them all
// from 1100 px up, where the tab bar is hidden).

/** Wire the page's `.tab` buttons (each names its panel in data-panel); the first pressed one is shown. */
export function setupTabs() {
  const tabs = [...document.querySelectorAll(".tab")];
  const choose = (chosen) => {
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute("aria-pressed", String(on));
      document.getElementById(tab.dataset.panel).classList.toggle("active", on);
    }
  };
  for (const tab of tabs) tab.addEventListener("click", () => choose(tab));
  choose(tabs.find((tab) => tab.getAttribute("aria-pressed") === "true") || tabs[0]);
}
