// A board drawn for a phone's width may declare a second arrangement for a wide frame (Hunt: the dice and the sheet
// beside the ring rather than under it), so that on a laptop it fills the frame's width instead of being a tall
// narrow strip. The server draws both: the drawing carries `data-wide-viewbox` (the wide arrangement's viewBox) and
// the board's stylesheet moves its groups under the class `wide`; this module only chooses, from the screen's size.
// It also tells the page the drawing's shape (`--board-aspect` on the board's area), which sizes the board's column
// on a laptop (style.css).

// The table page's columns (style.css, "A table page around its board"): from 900 px wide the board sits beside
// the moves, fitted to the screen's height less its bar and margins; the other columns keep 24rem of the width,
// 43rem from 1200 px where the players and the log have a column of their own.
const BESIDE_FROM_PX = 900;
const THREE_COLUMNS_FROM_PX = 1200;
const REM_PX = 16;
const MARGINS_PX = 8 * REM_PX;

function viewBox(text) {
  const [, , width, height] = String(text).split(/[\s,]+/).map(Number);
  return { width, height };
}

/** How large a drawing of `box`'s shape can be drawn in the board's column on this screen (1 on a phone). */
function scaleOf(box) {
  if (window.innerWidth < BESIDE_FROM_PX) return 1;
  const others = (window.innerWidth >= THREE_COLUMNS_FROM_PX ? 43 : 24) * REM_PX;
  const width = window.innerWidth - others;
  const height = window.innerHeight - MARGINS_PX;
  return Math.min(width / box.width, height / box.height);
}

/** Lay `board`'s drawing out for the screen now: the wide arrangement where it is drawn larger than the narrow. */
function arrange(board) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  if (svg.dataset.wideViewbox) {
    if (!svg.dataset.narrowViewbox) svg.dataset.narrowViewbox = svg.getAttribute("viewBox");
    const wide = scaleOf(viewBox(svg.dataset.wideViewbox)) > scaleOf(viewBox(svg.dataset.narrowViewbox));
    svg.classList.toggle("wide", wide);
    svg.setAttribute("viewBox", wide ? svg.dataset.wideViewbox : svg.dataset.narrowViewbox);
  }
  const { width, height } = viewBox(svg.getAttribute("viewBox"));
  const area = board.closest(".board-area");
  if (area && width && height) area.style.setProperty("--board-aspect", String(width / height));
}

let arranged = null;
window.addEventListener("resize", () => {
  if (arranged) arrange(arranged);
});

/** Arrange `board` now (at every redraw) and whenever the window's size changes. */
export function arrangeBoard(board) {
  arranged = board;
  arrange(board);
}
