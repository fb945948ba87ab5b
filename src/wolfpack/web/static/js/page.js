// What every event page's frame shows alike: the connection's state in the bar and a banner for what stops the page.

import { byId } from "./dom.js";

const STATES = { disconnected: "offline: nothing is sent until it reconnects" };

/** The connection badge (#connection) shows `state`: connecting, connected, disconnected or stopped. */
export function showConnection(state) {
  const badge = byId("connection");
  badge.dataset.state = state;
  badge.textContent = STATES[state] || state;
}

/** The page's banner (#banner): a sentence that matters now, or nothing. */
export function banner(text) {
  const box = byId("banner");
  box.textContent = text;
  box.hidden = !text;
}

/**
 * Ask before something that cannot be undone (the page's #confirm dialog: #confirm-text, #confirm-yes, #confirm-no);
 * resolves true only if the person confirmed. `yes` is the confirming button's words ("Remove Ann").
 */
export function ask(question, yes = "Yes") {
  const dialog = byId("confirm");
  byId("confirm-text").textContent = question;
  byId("confirm-yes").textContent = yes;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
    byId("confirm-no").focus(); // the safe answer is the one a stray Enter gives
  });
}
