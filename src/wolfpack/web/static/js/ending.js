// The end of a game on a table page: "You won" or "You lost" (or the team's result), what decided the game, every
// seat's standing in words (best first, numbered by rank: tied seats share a number), the rematch and a link to watch the replay. The words come from the server
// (wolfpack.web.panels), read from the seat's own observation and the returns.

import { el, fill } from "/static/js/dom.js";

/** Show `frame`'s ending in the result box, or hide the box while the game goes on. `token` is the viewer's seat
 * token (null: a watcher), carried into the replay's and the rematch's links. */
export function renderEnding(frame, token, { box, title, decided, standings, rematch, rematchLink, replayLink }) {
  const ending = frame.ending;
  box.hidden = !ending;
  if (!ending) return;
  box.dataset.outcome = ending.outcome;
  title.textContent = ending.headline;
  decided.textContent = ending.decided;
  fill(
    standings,
    ending.standings.map((line) =>
      el("li", { value: line.rank, "data-seat": line.seat, "data-result": line.result }, line.text),
    ),
  );
  // One shared rank (hunters win or lose together, nobody scored) is no ranking: the list then shows no numbers.
  standings.classList.toggle("unranked", new Set(ending.standings.map((line) => line.rank)).size === 1);
  const replaying = frame.status === "replay";
  const fragment = token ? `#token=${token}` : "";
  rematch.hidden = replaying || token === null || frame.rematch !== null;
  rematchLink.hidden = replaying || !frame.rematch;
  if (frame.rematch) rematchLink.href = `/play/${encodeURIComponent(frame.rematch)}${fragment}`;
  replayLink.hidden = replaying;
  replayLink.href = `/play/${encodeURIComponent(frame.table)}?replay${fragment}`;
}
