// Zoom and pan for a board too fine for a phone (WOLF's grid): buttons to zoom in and out and to fit the width, a
// pinch with two fingers, and panning by scrolling the board's frame (a finger drags it natively; a mouse drags it
// here). With a mouse the board fits its column at first; on a phone or a touch screen it opens zoomed until a square
// of its grid takes a finger (44 CSS px), scrolled to what can be clicked. While zoomed, the grid's coordinates (the drawing's
// `.ruler` groups) slide along the frame's top and left edges so they stay in view. The zoom and the scroll survive
// redraws. Styles are classes and data attributes only (board.css), never a style attribute; nothing animates.

import { el } from "/static/js/dom.js";

const LEVELS = [100, 150, 200, 300, 400, 500, 600];
const DRAG_PX = 6;
const FINGER_PX = 46; // a square a finger takes (44 CSS px), with room for rounding
const FINGERS = "(max-width: 40rem), (pointer: coarse)"; // a phone, or any screen played by touch
let level = null; // chosen at the first drawing laid out: a phone starts where a square takes a finger
let scroll = { left: 0, top: 0 };

/** Give `board` zoom buttons and gestures when its drawing asks for them (an <svg data-zoom>); otherwise none. */
export function wireZoom(board) {
  const svg = board.querySelector("svg[data-zoom]");
  const before = board.previousElementSibling;
  const bar = before && before.classList.contains("zoom-bar") ? before : null;
  if (!svg) {
    if (bar) bar.remove();
    board.classList.remove("zoomable");
    delete board.dataset.zoom;
    return;
  }
  board.classList.add("zoomable");
  if (!bar) board.before(zoomBar(board));
  if (level === null) level = firstLevel(board, svg);
  apply(board);
  board.scrollLeft = scroll.left;
  board.scrollTop = scroll.top;
  bringIntoView(board);
  board.onscroll = () => {
    remember(board);
    slideRulers(board);
  };
  slideRulers(board);
  if (!board.dataset.zoomWired) {
    board.dataset.zoomWired = "true";
    mouseDrag(board);
    pinch(board);
  }
}

/** The level a board opens at: on a phone or a touch screen, the least at which a square of the grid is a finger's
 * size; else 0 (fit: a mouse points finely). (0 also while the drawing is not laid out yet.) */
function firstLevel(board, svg) {
  const width = svg.getBoundingClientRect().width;
  const grid = svg.querySelector("[data-grid-cell]");
  if (!width || !grid || !window.matchMedia(FINGERS).matches) return 0;
  const square = (width / svg.viewBox.baseVal.width) * Number(grid.dataset.gridCell);
  const fits = LEVELS.findIndex((percent) => (square * percent) / 100 >= FINGER_PX);
  return fits < 0 ? LEVELS.length - 1 : fits;
}

/** The bar above the board: zoom out, the level, zoom in, fit. */
function zoomBar(board) {
  const button = (label, text, step) => {
    const node = el("button", { type: "button", class: "zoom", "aria-label": label, "data-zoom-step": step }, text);
    node.addEventListener("click", () => setLevel(board, step === "fit" ? 0 : level + Number(step)));
    return node;
  };
  return el(
    "div",
    { class: "zoom-bar", role: "group", "aria-label": "Zoom the board" },
    button("Zoom out", "−", "-1"),
    el("span", { class: "zoom-level", "aria-live": "polite" }, "100%"),
    button("Zoom in", "+", "1"),
    button("Fit the board to the screen's width", "Fit", "fit"),
  );
}

/** Move to zoom level `index` (clamped), keeping the middle of what is shown in the middle. */
function setLevel(board, index) {
  const next = Math.max(0, Math.min(LEVELS.length - 1, index));
  if (next === level) return;
  const ratio = LEVELS[next] / LEVELS[level];
  const middleX = (board.scrollLeft + board.clientWidth / 2) * ratio;
  const middleY = (board.scrollTop + board.clientHeight / 2) * ratio;
  level = next;
  apply(board);
  board.scrollLeft = middleX - board.clientWidth / 2;
  board.scrollTop = middleY - board.clientHeight / 2;
  // What the person is choosing (the selected unit, else the first lit target) comes to the middle.
  const focus = board.querySelector(".pick-selected") || board.querySelector(".pick-lit");
  if (focus && level > 0) centre(board, focus);
  remember(board);
  slideRulers(board);
}

/** Scroll the frame so that `element` is in its middle. */
function centre(board, element) {
  const shown = board.getBoundingClientRect();
  const spot = element.getBoundingClientRect();
  board.scrollLeft += spot.x + spot.width / 2 - (shown.x + board.clientWidth / 2);
  board.scrollTop += spot.y + spot.height / 2 - (shown.y + board.clientHeight / 2);
}

/** When zoomed and nothing the person can click is in the frame, bring the selected piece (else the first lit
 * element) to its middle: play never hides off the edge of a phone. */
function bringIntoView(board) {
  if (!level) return;
  const clickable = [...board.querySelectorAll(".pick-selected, .pick-lit")];
  if (!clickable.length) return;
  const frame = board.getBoundingClientRect();
  const inside = (element) => {
    const box = element.getBoundingClientRect();
    return box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom;
  };
  if (clickable.some(inside)) return;
  centre(board, board.querySelector(".pick-selected") || clickable[0]);
  remember(board);
}

/** Keep the column letters at the frame's top edge and the row numbers at its left edge while the map is scrolled:
 * each ruler moves (an SVG transform attribute, in drawing units) by as much as its band has scrolled out of view. */
function slideRulers(board) {
  const svg = board.querySelector("svg[data-zoom]");
  const columns = svg && svg.querySelector(".ruler.columns");
  const rows = svg && svg.querySelector(".ruler.rows");
  if (!columns || !rows) return;
  // How much of the drawing is scrolled past the frame's inner edges (inside its border, padding included).
  const drawing = svg.getBoundingClientRect();
  const frame = board.getBoundingClientRect();
  const perPixel = svg.viewBox.baseVal.width / drawing.width;
  const above = (frame.top + board.clientTop - drawing.top) * perPixel;
  const before = (frame.left + board.clientLeft - drawing.left) * perPixel;
  const down = Math.max(0, above - columns.querySelector("rect").y.baseVal.value);
  const across = Math.max(0, before - rows.querySelector("rect").x.baseVal.value);
  columns.setAttribute("transform", `translate(0 ${down.toFixed(2)})`);
  rows.setAttribute("transform", `translate(${across.toFixed(2)} 0)`);
}

/** Keep where the board is scrolled to, for the next redraw (at once: a redraw may come before the scroll event). */
function remember(board) {
  scroll = { left: board.scrollLeft, top: board.scrollTop };
}

/** Show the level: the board's data-zoom picks the drawing's width in board.css; the bar says it in words. */
function apply(board) {
  board.dataset.zoom = String(LEVELS[level]);
  const bar = board.previousElementSibling;
  if (!bar || !bar.classList.contains("zoom-bar")) return;
  bar.querySelector(".zoom-level").textContent = `${LEVELS[level]}%`;
  bar.querySelector('[data-zoom-step="-1"]').disabled = level === 0;
  bar.querySelector('[data-zoom-step="1"]').disabled = level === LEVELS.length - 1;
}

/** A mouse drags a zoomed board about; a drag is not a click on what it started on. */
function mouseDrag(board) {
  let start = null;
  let dragged = false;
  board.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse" || level === 0) return;
    start = { x: event.clientX, y: event.clientY, left: board.scrollLeft, top: board.scrollTop };
    dragged = false;
  });
  board.addEventListener("pointermove", (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) + Math.abs(dy) > DRAG_PX) dragged = true;
    if (dragged) {
      board.scrollLeft = start.left - dx;
      board.scrollTop = start.top - dy;
      remember(board);
    }
  });
  const stop = () => (start = null);
  board.addEventListener("pointerup", stop);
  board.addEventListener("pointerleave", stop);
  board.addEventListener(
    "click",
    (event) => {
      if (dragged) event.stopPropagation();
      dragged = false;
    },
    true,
  );
}

/** Two fingers apart zoom in, together zoom out, a level at a time; one finger pans natively. */
function pinch(board) {
  let spread = null;
  const apart = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  board.addEventListener("touchstart", (event) => {
    spread = event.touches.length === 2 ? apart(event.touches) : null;
  });
  board.addEventListener(
    "touchmove",
    (event) => {
      if (event.touches.length !== 2 || spread === null) return;
      event.preventDefault();
      const now = apart(event.touches);
      if (now > spread * 1.3 || now < spread / 1.3) {
        setLevel(board, level + (now > spread ? 1 : -1));
        spread = now;
      }
    },
    { passive: false },
  );
  board.addEventListener("touchend", () => (spread = null));
}
