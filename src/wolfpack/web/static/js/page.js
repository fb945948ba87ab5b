// What every event page's frame shows alike: the connection's state in the bar and a banner for what stops the page.

import { byId } from "./dom.js";

/** The connection badge (#connection) shows `state`: connecting, connected, disconnected or stopped. */
export function showConnection(state) {
  const badge = byId("connection");
  badge.dataset.state = state;
  badge.textContent = state;
}

/** The page's banner (#banner): a sentence that matters now, or nothing. */
export function banner(text) {
  const box = byId("banner");
  box.textContent = text;
  box.hidden = !text;
}
