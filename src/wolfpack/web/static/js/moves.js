// The list of moves beside a table's board: the seat's legal actions in the groups the server sends, one button
// each. It is the keyboard's and screen reader's way to play, and calls the same `act` as the board's clicks.
// A group of kind "toggles" (actions that choose a set: Hunt's dice to reroll) is drawn as one toggle per thing
// and one button per confirm, which plays the action choosing exactly the things pressed: not a button per subset.

import { el } from "/static/js/dom.js";

const FOLD_OVER = 8;
const openGroups = new Set();
const pressedByGroup = new Map();

/** Draw `frame`'s choices into `box` as buttons calling `act(action)`; all disabled while a move is `waiting`. */
export function renderMoves(box, frame, waiting, act) {
  box.replaceChildren();
  const groups = frame.choices || [];
  if (!groups.length || frame.status !== "playing") return; // the banner says whom play waits for, or the end
  for (const group of groups) {
    if (group.kind === "toggles") {
      box.append(toggles(group, waiting, act));
      continue;
    }
    // A long family of moves folds away so that the board stays in sight on a phone.
    const folded = group.actions.length > FOLD_OVER;
    const section = el(folded ? "details" : "div", { class: "action-group", "data-group": group.group });
    section.append(el(folded ? "summary" : "h3", {}, folded ? `${group.group} (${group.actions.length})` : group.group));
    if (folded && openGroups.has(group.group)) section.open = true;
    section.addEventListener("toggle", () => (section.open ? openGroups.add(group.group) : openGroups.delete(group.group)));
    const row = el("div", { class: "action-row" });
    for (const choice of group.actions) {
      const button = el("button", { type: "button", class: "action", "data-action": choice.action }, choice.label);
      // The tooltip says what the power or object does (in words, never the notation, which stays in data-action).
      if (choice.explain) button.title = choice.explain;
      button.disabled = waiting;
      button.addEventListener("click", () => act(choice.action));
      row.append(button);
    }
    section.append(row);
    const help = explanations(group);
    if (help) section.append(help);
    box.append(section);
  }
}

/** What the powers and objects of a group do, each once, folded under one line so the board stays in sight; null
 * when no action of the group explains anything. A title alone would never show on a phone. */
function explanations(group) {
  const texts = [...new Set(group.actions.map((choice) => choice.explain).filter(Boolean))];
  if (!texts.length) return null;
  const help = el("details", { class: "choice-help" }, el("summary", {}, "What these do"));
  help.append(el("ul", {}, ...texts.map((text) => el("li", {}, text))));
  return help;
}

/** A "toggles" group: a toggle button per item (what is pressed survives a redraw) and a button per confirm, enabled
 * when some action chooses exactly the pressed items. Where every action chooses one item, pressing one releases
 * the others. */
function toggles(group, waiting, act) {
  const keys = new Set(group.items.map((item) => item.key));
  const pressed = new Set([...(pressedByGroup.get(group.group) || [])].filter((key) => keys.has(key)));
  pressedByGroup.set(group.group, pressed);
  const single = group.actions.every((choice) => choice.toggles.length === 1);
  const section = el("div", { class: "action-group toggles", "data-group": group.group, role: "group" });
  const heading = el("h3", { id: `moves-${group.group.replace(/\W+/g, "-")}` }, group.group);
  section.setAttribute("aria-labelledby", heading.id);
  section.append(heading);
  const row = el("div", { class: "toggle-row" });
  const confirms = el("div", { class: "action-row" });
  const buttons = [];
  const refresh = () => {
    for (const toggle of row.children) toggle.setAttribute("aria-pressed", String(pressed.has(toggle.dataset.key)));
    for (const [button, confirm] of buttons) {
      const chosen = matching(group.actions, confirm, pressed);
      button.disabled = waiting || !chosen;
      button.dataset.action = chosen ? chosen.action : "";
      if (chosen) button.removeAttribute("title");
      else button.title = "Press the things to choose first";
    }
  };
  for (const item of group.items) {
    const toggle = el("button", { type: "button", class: "toggle", "data-key": item.key }, item.label);
    toggle.disabled = waiting;
    toggle.addEventListener("click", () => {
      const on = !pressed.has(item.key);
      if (single) pressed.clear();
      if (on) pressed.add(item.key);
      else pressed.delete(item.key);
      refresh();
    });
    row.append(toggle);
  }
  for (const confirm of [...new Set(group.actions.map((choice) => choice.confirm))]) {
    const button = el("button", { type: "button", class: "action confirm" }, confirm);
    button.addEventListener("click", () => {
      const chosen = matching(group.actions, confirm, pressed);
      if (!chosen) return;
      pressed.clear();
      act(chosen.action);
    });
    buttons.push([button, confirm]);
    confirms.append(button);
  }
  refresh();
  section.append(row, confirms);
  return section;
}

/** The action of `actions` under `confirm` that chooses exactly the `pressed` keys, if there is one. */
function matching(actions, confirm, pressed) {
  return actions.find(
    (choice) =>
      choice.confirm === confirm &&
      choice.toggles.length === pressed.size &&
      choice.toggles.every((key) => pressed.has(key)),
  );
}
