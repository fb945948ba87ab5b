// A board drawn for a phone's width may declare a second arrangement for a wide frame (Hunt: the dice and the sheet
// beside the ring rather than under it), so that on a laptop it fills the frame's width instead of being a tall
// narrow strip. The server draws both: the drawing carries `data-wide-viewbox` (the wide arrangement's viewBox) and
// the board's stylesheet moves its groups under the class `wide`; this module only chooses, from the frame's width.

/** The least frame width (CSS px) for the wide arrangement: where its 72-unit tap areas stay 44 px or more. */
const WIDE_FROM_PX = 700;

/** Lay `board`'s drawing out for its frame's width now. */
function arrange(board) {
  const svg = board.querySelector("svg[data-wide-viewbox]");
  if (!svg) return;
  if (!svg.dataset.narrowViewbox) svg.dataset.narrowViewbox = svg.getAttribute("viewBox");
  const wide = board.clientWidth >= WIDE_FROM_PX;
  svg.classList.toggle("wide", wide);
  svg.setAttribute("viewBox", wide ? svg.dataset.wideViewbox : svg.dataset.narrowViewbox);
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
