// Zoom and pan for a board too fine for a phone (WOLF's grid): buttons to zoom in and out and to fit the width, a
// pinch with two fingers, and panning by scrolling the board's frame (a finger drags it natively; a mouse drags it
// here). The board fits the screen's width at first; the zoom and the scroll survive redraws. Styles are classes and
// data attributes only (board.css), never a style attribute.

import { el } from "/static/js/dom.js";

const LEVELS = [100, 150, 200, 300, 400];
const DRAG_PX = 6;
let level = 0;
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
  apply(board);
  board.scrollLeft = scroll.left;
  board.scrollTop = scroll.top;
  board.onscroll = () => remember(board);
  if (!board.dataset.zoomWired) {
    board.dataset.zoomWired = "true";
    mouseDrag(board);
    pinch(board);
  }
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
  if (focus && level > 0) {
    const shown = board.getBoundingClientRect();
    const spot = focus.getBoundingClientRect();
    board.scrollLeft += spot.x + spot.width / 2 - (shown.x + board.clientWidth / 2);
    board.scrollTop += spot.y + spot.height / 2 - (shown.y + board.clientHeight / 2);
  }
  remember(board);
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
