// Boards you click (docs/design/frontend.md, "Boards you click"). The server marks the board's clickable elements
// with data-pick="<key>" (and data-label, their name in words); a legal action may carry `picks`, the keys to click
// in order. This module lights the elements that continue some legal action, marks the selection, and plays an
// action through `act` once its picks are complete. It never decides legality: it only matches the keys it is sent.

import { arrangeBoard } from "/static/js/arrange.js";
import { wireZoom } from "/static/js/zoom.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// What is selected survives a redraw (another seat's move arrives while you choose) as long as it still begins some
// legal action; the document's Escape listener reaches whichever board was wired last.
let selection = [];
let current = null;

/** Make `board`'s marked elements play `choices` (the frame's groups) through `act(action)`. */
export function wirePicks(board, choices, act) {
  const actions = choices.flatMap((group) => group.actions).filter((choice) => (choice.picks || []).length);
  if (!continuing(actions, selection).length) selection = [];
  current = { board, actions, act };
  board.onclick = (event) => press(event.target);
  board.onkeydown = (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.closest("[data-pick]")) {
      event.preventDefault();
      press(event.target);
    }
  };
  arrangeBoard(board); // before drawing: a hint is placed from the lit element's box
  draw();
  wireZoom(board);
  return current;
}

/** The actions whose picks begin with `prefix` (all of it) and go on or end there. */
function continuing(actions, prefix) {
  return actions.filter((choice) => prefix.every((key, index) => choice.picks[index] === key));
}

/** The keys that may be clicked next: for each action going on from the selection, its next pick. */
export function litKeys(actions, prefix) {
  const keys = new Set();
  for (const choice of continuing(actions, prefix)) {
    if (choice.picks.length > prefix.length) keys.add(choice.picks[prefix.length]);
  }
  return keys;
}

/** A click (or Enter/Space) on an element of the board. */
function press(target) {
  const { actions, act } = current;
  const element = target.closest("[data-pick]");
  if (!element) return;
  let key = element.dataset.pick;
  const lit = litKeys(actions, selection);
  // A piece standing on a lit square lets the click through to the square (data-in names what it stands on).
  if (!lit.has(key) && element.dataset.in && lit.has(element.dataset.in)) key = element.dataset.in;
  if (selection.length && key === selection[selection.length - 1]) return cancel();
  if (!lit.has(key)) {
    if (!litKeys(actions, []).has(key)) return;
    selection = [];
  }
  const next = [...selection, key];
  const done = actions.filter((choice) => choice.picks.length === next.length && continuing([choice], next).length);
  const more = continuing(actions, next).filter((choice) => choice.picks.length > next.length);
  if (done.length === 1 && !more.length) {
    selection = [];
    draw();
    act(done[0].action);
    return;
  }
  selection = next;
  draw();
  if (done.length) chooser(done);
}

/** Forget the selection. */
function cancel() {
  selection = [];
  draw();
}

/** Light the continuations, mark the selection, make exactly those elements buttons, and show each lit one's hints. */
function draw() {
  const { board, actions } = current;
  const lit = litKeys(actions, selection);
  board.querySelectorAll(".pick-chooser, .pick-hint").forEach((node) => node.remove());
  for (const key of lit) cellFor(board, key);
  board.dataset.selection = selection.join(" ");
  // A drawing is an image until something on it can be clicked; then it groups buttons (an image's content is
  // presentational, so buttons inside one would be hidden from assistive technology).
  const svg = board.querySelector("svg");
  if (svg) svg.setAttribute("role", lit.size || selection.length ? "group" : "img");
  const seen = new Set();
  for (const element of board.querySelectorAll("[data-pick]")) {
    const key = element.dataset.pick;
    const selected = selection.includes(key);
    const live = lit.has(key) || selected;
    element.classList.toggle("pick-lit", lit.has(key) && !selected);
    element.classList.toggle("pick-selected", selected);
    if (live) {
      element.setAttribute("role", "button");
      // Several discs may share one key (the same move): the keyboard stops at the first of them only.
      element.setAttribute("tabindex", seen.has(key) ? "-1" : "0");
      element.setAttribute("aria-label", labelOf(element, actions, key));
      if (selected) element.setAttribute("aria-pressed", "true");
      else element.removeAttribute("aria-pressed");
      seen.add(key);
    } else {
      for (const name of ["role", "tabindex", "aria-label", "aria-pressed"]) element.removeAttribute(name);
    }
  }
  for (const key of lit) hint(board, key, hintsFor(actions, [...selection, key]));
}

/** The element's name in words, with the hints of the actions it would complete (the odds of a shot). */
function labelOf(element, actions, key) {
  const name = element.dataset.label || key;
  const hints = selection.includes(key) ? [] : hintsFor(actions, [...selection, key]);
  return hints.length ? `${name} (${hints.join(", ")})` : name;
}

/** The hints of the actions that `prefix` completes. */
function hintsFor(actions, prefix) {
  return continuing(actions, prefix)
    .filter((choice) => choice.picks.length === prefix.length && choice.hint)
    .map((choice) => choice.hint);
}

/** A grid's cell for `key` when the board draws no element for it: boards with many squares (WOLF) declare their
 * grid (data-grid-prefix, -left, -top, -cell, -columns) and the cells appear only when they are lit. */
function cellFor(board, key) {
  if (board.querySelector(`[data-pick="${CSS.escape(key)}"]`)) return;
  const grid = board.querySelector("[data-grid-prefix]");
  if (!grid || !key.startsWith(grid.dataset.gridPrefix)) return;
  const name = key.slice(grid.dataset.gridPrefix.length);
  const column = grid.dataset.gridColumns.indexOf(name[0]);
  const row = Number(name.slice(1)) - 1;
  if (column < 0 || !Number.isInteger(row) || row < 0) return;
  const cell = Number(grid.dataset.gridCell);
  const rect = document.createElementNS(SVG_NS, "rect");
  rect.setAttribute("x", Number(grid.dataset.gridLeft) + column * cell);
  rect.setAttribute("y", Number(grid.dataset.gridTop) + row * cell);
  rect.setAttribute("width", cell);
  rect.setAttribute("height", cell);
  rect.setAttribute("class", "pick-cell");
  rect.dataset.pick = key;
  rect.dataset.label = `square ${name}`;
  grid.append(rect);
}

/** Write `hints` beside the lit element(s) of `key` (one small label in the SVG, above the element). */
function hint(board, key, hints) {
  if (!hints.length) return;
  const element = board.querySelector(`[data-pick="${CSS.escape(key)}"]`);
  const svg = element && element.closest("svg");
  if (!svg || typeof element.getBBox !== "function") return;
  const box = element.getBBox();
  const label = document.createElementNS(SVG_NS, "text");
  label.setAttribute("x", box.x + box.width / 2);
  label.setAttribute("y", box.y - 2);
  label.setAttribute("text-anchor", "middle");
  label.setAttribute("class", "pick-hint");
  label.setAttribute("aria-hidden", "true");
  label.textContent = hints.join(" / ");
  (element.parentNode || svg).append(label);
}

/** When one click completes several actions (two dice landing on one tile), a small list of them to choose from. */
function chooser(done) {
  const { board, act } = current;
  const box = document.createElement("div");
  box.className = "pick-chooser";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "Choose one");
  for (const choice of done) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pick-choice";
    button.dataset.action = choice.action;
    button.textContent = choice.hint ? `${choice.label} (${choice.hint})` : choice.label;
    button.addEventListener("click", () => {
      selection = [];
      draw();
      act(choice.action);
    });
    box.append(button);
  }
  const back = document.createElement("button");
  back.type = "button";
  back.className = "pick-cancel";
  back.textContent = "Cancel";
  back.addEventListener("click", cancel);
  box.append(back);
  board.prepend(box);
  box.querySelector("button").focus();
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && current && selection.length) cancel();
});
