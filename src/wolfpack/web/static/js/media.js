// The Media desk (issue 16, item 4): the room's public record as a feed, a broadcast composed and published to the
// projector and every device after a last look, and what is on air. Control then sets each ship's news modifier
// from its desk (`control news`). Drawn from the `ctx` of js/ship.js.

import { el } from "./dom.js";
import { quoted } from "./council.js";

const FEED_LINES = 60;

/** A broadcast as the projector and the phones show it. */
export function broadcastItem(broadcast) {
  return el(
    "li",
    { class: "broadcast" },
    el("p", { class: "broadcast-text" }, broadcast.text),
    el("p", { class: "broadcast-meta" }, `INC · ${broadcast.by} · turn ${broadcast.turn}`),
  );
}

/** The Media's desk: compose and publish, what is on air, the feed of everything public (newest first). */
export function newsDesk(ctx, log) {
  const can = ctx.legal.take("broadcast");
  const onAir = [...(ctx.observation.broadcasts || [])].reverse();
  let compose = null;
  if (can.length) {
    const story = el("textarea", { id: "story", rows: 4, maxlength: 200 });
    const result = el("p", { id: "story-result", class: "form-result", role: "status", "aria-live": "polite" });
    compose = el(
      "form",
      {
        class: "stack compose",
        novalidate: true,
        "data-actions": JSON.stringify(can.map((c) => c.action)),
        onsubmit: (event) => {
          event.preventDefault();
          const text = story.value.trim();
          if (!text) {
            result.textContent = "write the story first";
            result.dataset.kind = "error";
            return;
          }
          const action = `broadcast ${quoted(text)}`;
          ctx.act(action, { title: "Publish this broadcast?", lines: [`“${text}”`, "It goes up on the projector and on every device in the room."], action });
        },
      },
      el("label", { for: "story" }, "Your broadcast (the whole room will read it)"),
      story,
      el("button", { type: "submit", class: "primary" }, "Publish to the room"),
      result,
    );
  }
  const feed = log.slice(-FEED_LINES).reverse();
  return el(
    "div",
    { class: "news-desk" },
    compose,
    el("h3", {}, "On air"),
    onAir.length ? el("ol", { class: "broadcasts" }, onAir.map(broadcastItem)) : el("p", { class: "muted" }, "Nothing broadcast yet."),
    el("h3", {}, "The feed: everything public, newest first"),
    el("ol", { class: "log feed", reversed: true, tabindex: 0, "aria-label": "the public feed (scrolls)" }, feed.map((line) => el("li", {}, line))),
  );
}
