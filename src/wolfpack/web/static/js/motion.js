// Moves you can see (issue 32, item 1). The server redraws the whole board on every move; this module compares the
// drawing before and after and shows what changed: a piece that left one place and arrived at another slides there,
// a die whose face changed rolls, a card whose face changed turns, and what moved last stays marked until the next
// move. Boards mark what may move: `data-piece` (a piece's identity, or its kind where pieces are interchangeable),
// `data-die` with `data-face`, `data-card` with `data-face`; a board whose pieces move along a track numbers its
// places `data-path-step` (Spacewolves!: the tiles in order, Earth last; Hunt: the ring's spaces, a loop of
// `data-path-loop` places), and a piece slides through the places between the one it left and the one it reached
// (the shorter way round a loop). A piece stands on the place it is drawn in, or on the one its `data-in` names. Nothing here delays a frame or a click: a redraw comes
// at once and the motion plays over it; with prefers-reduced-motion there is no motion at all, only the marks.

const SLIDE_MS = 420;
const STEP_MS = 70; // more time for each place a piece passes on its way, up to PATH_MS
const PATH_MS = 1000;
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
    const step = Number(placeOf(board, node)?.dataset.pathStep ?? Number.NaN);
    if (!pieces.has(node.dataset.piece)) pieces.set(node.dataset.piece, []);
    pieces.get(node.dataset.piece).push({ node, x: at.x, y: at.y, step });
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
  for (const { from, to } of moves) slide(to.node, [from, ...between(board, from.step, to.step), to]);
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

/** The numbered place of the track a piece stands on: the one it is drawn in, or the one its `data-in` names. */
function placeOf(board, node) {
  const inside = node.closest("[data-path-step]");
  if (inside || !node.dataset.in) return inside;
  return board.querySelector(`[data-pick="${CSS.escape(node.dataset.in)}"][data-path-step]`);
}

/** The middles (user units) of the track's places strictly between steps `from` and `to`, in the order passed. */
function between(board, from, to) {
  if (!Number.isFinite(from) || !Number.isFinite(to)) return [];
  const loop = Number(board.querySelector("[data-path-loop]")?.dataset.pathLoop || 0);
  let ahead = to - from;
  if (loop) ahead = ((((to - from) % loop) + loop + loop / 2) % loop) - loop / 2; // the shorter way round
  if (Math.abs(ahead) < 2) return [];
  const svg = board.querySelector("svg");
  const toUser = svg.getScreenCTM().inverse();
  const way = [];
  for (let passed = 1; passed < Math.abs(ahead); passed += 1) {
    let step = from + passed * Math.sign(ahead);
    if (loop) step = ((step % loop) + loop) % loop;
    const place = board.querySelector(`[data-path-step="${step}"]`);
    if (!place) return [];
    const box = place.getBoundingClientRect();
    way.push(new DOMPoint(box.left + box.width / 2, box.top + box.height / 2).matrixTransform(toUser));
  }
  return way;
}

/** Slide `node` along `points` (the drawing's user units): from where the piece was, through the places it passed,
 * to where it is drawn now. */
function slide(node, points) {
  // The CSS `translate` property applies in the parent's coordinates, on top of the piece's own transform.
  const parent = node.parentNode;
  const svg = node.ownerSVGElement;
  const toParent = parent.getScreenCTM?.()?.inverse();
  const fromScreen = svg.getScreenCTM();
  if (!toParent || !fromScreen) return;
  const inParent = (point) => new DOMPoint(point.x, point.y).matrixTransform(fromScreen).matrixTransform(toParent);
  const end = inParent(points[points.length - 1]);
  const frames = points.map((point) => {
    const at = inParent(point);
    return { translate: `${at.x - end.x}px ${at.y - end.y}px` };
  });
  const duration = Math.min(PATH_MS, SLIDE_MS + STEP_MS * (points.length - 2));
  node.animate(frames, { duration, easing: "ease-in-out" });
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
