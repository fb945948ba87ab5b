// Moves you can see (issue 32, item 1). The server redraws the whole board on every move; this module compares the
// drawing before and after and shows what changed: a piece that left one place and arrived at another slides there,
// a die whose face changed rolls, a card whose face changed turns, and what moved last stays marked until the next
// move. Boards mark what may move: `data-piece` (a piece's identity, or its kind where pieces are interchangeable),
// `data-die` with `data-face`, `data-card` with `data-face`. Nothing here delays a frame or a click: a redraw comes
// at once and the motion plays over it; with prefers-reduced-motion there is no motion at all, only the marks.

const SLIDE_MS = 420;
const ROLL_MS = 450;
const SAME_PLACE = 0.5; // user units: a piece drawn here before and now has not moved
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

let marked = []; // [{piece, x, y}]: the pieces the last move moved, where they arrived (the board's user units)

/** Where each marked thing of `board`'s drawing is now: pieces' centres (user units) by identity, faces by die and
 * card; null when there is no drawing. */
export function takeStock(board) {
  const svg = board.querySelector("svg");
  if (!svg) return null;
  const toUser = svg.getScreenCTM()?.inverse();
  if (!toUser) return null;
  const pieces = new Map();
  for (const node of board.querySelectorAll("[data-piece]")) {
    const box = node.getBoundingClientRect();
    const at = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2).matrixTransform(toUser);
    if (!pieces.has(node.dataset.piece)) pieces.set(node.dataset.piece, []);
    pieces.get(node.dataset.piece).push({ node, x: at.x, y: at.y });
  }
  const faces = (selector, key) =>
    new Map([...board.querySelectorAll(selector)].map((node) => [node.dataset[key], node.dataset.face ?? ""]));
  return { pieces, dice: faces("[data-die]", "die"), cards: faces("[data-card]", "card") };
}

/** What moved between stock `before` and the board drawn now (`board`), shown: slides, rolls, turns and the marks of
 * the last move (kept from the move before when nothing moved now). Returns how many pieces moved. */
export function showChanges(board, before) {
  const after = takeStock(board);
  if (!after) return 0;
  const moves = before ? moved(before.pieces, after.pieces) : [];
  if (moves.length) marked = moves.map(({ to, piece }) => ({ piece, x: to.x, y: to.y }));
  markLastMove(after.pieces);
  if (!before || reduced.matches) return moves.length;
  for (const { from, to } of moves) slide(to.node, from, to);
  for (const [die, face] of after.dice) {
    if (before.dice.has(die) && before.dice.get(die) !== face) spin(board.querySelector(`[data-die="${CSS.escape(die)}"]`), "rolling", ROLL_MS);
  }
  for (const [card, face] of after.cards) {
    if (before.cards.has(card) && before.cards.get(card) !== face) spin(board.querySelector(`[data-card="${CSS.escape(card)}"]`), "turning", ROLL_MS);
  }
  return moves.length;
}

/** Per identity, the pieces that left a place paired with those that arrived somewhere, nearest first. */
export function moved(before, after) {
  const moves = [];
  for (const [piece, now] of after) {
    const then = before.get(piece) || [];
    const left = then.filter((old) => !now.some((place) => near(old, place)));
    const arrived = now.filter((place) => !then.some((old) => near(old, place)));
    for (const to of arrived) {
      if (!left.length) break;
      left.sort((a, b) => distance(a, to) - distance(b, to));
      moves.push({ piece, from: left.shift(), to });
    }
  }
  return moves;
}

function near(a, b) {
  return Math.abs(a.x - b.x) < SAME_PLACE && Math.abs(a.y - b.y) < SAME_PLACE;
}

function distance(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Mark the pieces the last move left where they now stand (a redraw with no move keeps the mark). */
function markLastMove(pieces) {
  for (const { piece, x, y } of marked) {
    for (const place of pieces.get(piece) || []) {
      if (near(place, { x, y })) place.node.classList.add("moved-last");
    }
  }
}

/** Slide `node` from where the piece was (`from`) to where it is drawn (`to`), both in the drawing's user units. */
function slide(node, from, to) {
  // The CSS `translate` property applies in the parent's coordinates, on top of the piece's own transform.
  const parent = node.parentNode;
  const svg = node.ownerSVGElement;
  const toParent = parent.getScreenCTM?.()?.inverse();
  const fromScreen = svg.getScreenCTM();
  if (!toParent || !fromScreen) return;
  const inParent = (point) => new DOMPoint(point.x, point.y).matrixTransform(fromScreen).matrixTransform(toParent);
  const start = inParent(from);
  const end = inParent(to);
  node.animate([{ translate: `${start.x - end.x}px ${start.y - end.y}px` }, { translate: "0px 0px" }], {
    duration: SLIDE_MS,
    easing: "ease-in-out",
  });
}

/** Play the CSS animation `name` (a class; board.css) on `node` once. */
function spin(node, name, ms) {
  if (!node) return;
  node.classList.add(name);
  setTimeout(() => node.classList.remove(name), ms);
}

/** Roll the banner's dice (`box`) when their drawing changed. */
export function rollBannerDice(box, before) {
  if (reduced.matches || !before || box.innerHTML === before || !box.innerHTML) return;
  spin(box, "rolling", ROLL_MS);
}
