// The list of moves beside a table's board: the seat's legal actions in the groups the server sends, one button
// each. It is the keyboard's and screen reader's way to play, and calls the same `act` as the board's clicks.

import { el } from "/static/js/dom.js";

const FOLD_OVER = 8;
const openGroups = new Set();

/** Draw `frame`'s choices into `box` as buttons calling `act(action)`; all disabled while a move is `waiting`. */
export function renderMoves(box, frame, waiting, act) {
  box.replaceChildren();
  const groups = frame.choices || [];
  if (!groups.length || frame.status !== "playing") {
    box.append(el("p", { class: "muted" }, frame.status === "over" ? "The game is over." : waitingText(frame)));
    return;
  }
  for (const group of groups) {
    // A long family of moves folds away so that the board stays in sight on a phone.
    const folded = group.actions.length > FOLD_OVER;
    const section = el(folded ? "details" : "div", { class: "action-group", "data-group": group.group });
    section.append(el(folded ? "summary" : "h3", {}, folded ? `${group.group} (${group.actions.length})` : group.group));
    if (folded && openGroups.has(group.group)) section.open = true;
    section.addEventListener("toggle", () => (section.open ? openGroups.add(group.group) : openGroups.delete(group.group)));
    const row = el("div", { class: "action-row" });
    for (const choice of group.actions) {
      const button = el("button", { type: "button", class: "action", "data-action": choice.action }, choice.label);
      button.title = choice.action;
      button.disabled = waiting;
      button.addEventListener("click", () => act(choice.action));
      row.append(button);
    }
    section.append(row);
    box.append(section);
  }
}

/** Who the table waits for, by name. */
function waitingText(frame) {
  const names = frame.to_act.map((seat) => frame.seats[seat].name);
  return names.length ? `Waiting for ${names.join(", ")}.` : "Nothing to do right now.";
}
