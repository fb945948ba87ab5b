// The Media desk (issue 16, item 4): the room's public record as a feed, a broadcast composed and published to the
// projector and every device after a last look, and what is on air. Control then sets each ship's news modifier
// from its desk (`control news`). Drawn from the `ctx` of js/ship.js.

import { el, wordsForm } from "./dom.js";
import { quote } from "./forms.js";

const FEED_LINES = 60;

/** A broadcast as the projector and the phones show it (`who(label)` names the reporter). */
export function broadcastItem(broadcast, who = (label) => label) {
  return el(
    "li",
    { class: "broadcast" },
    el("p", { class: "broadcast-text" }, broadcast.text),
    el("p", { class: "broadcast-meta" }, `INC · ${who(broadcast.by)} · turn ${broadcast.turn}`),
  );
}

/** The Media's desk: compose and publish, what is on air, the feed of everything public (newest first). */
export function newsDesk(ctx, log) {
  const can = ctx.legal.take("broadcast");
  const onAir = [...(ctx.observation.broadcasts || [])].reverse();
  const publish = (text) => {
    const action = `broadcast ${quote(text)}`;
    ctx.act(action, { title: "Publish this broadcast?", lines: [`“${text}”`, "It goes up on the projector and on every device in the room."], action });
  };
  const compose = can.length
    ? el(
        "div",
        { class: "compose", "data-actions": JSON.stringify(can.map((c) => c.action)) },
        wordsForm({ id: "story", rows: 4, label: "Your broadcast (the whole room will read it)", button: "Publish to the room", empty: "write the story first", send: publish, limit: ctx.guide && ctx.guide.longest_words, what: "A broadcast" }),
      )
    : null;
  const feed = log.slice(-FEED_LINES).reverse();
  return el(
    "div",
    { class: "news-desk" },
    compose,
    el("h3", {}, "On air"),
    onAir.length ? el("ol", { class: "broadcasts" }, onAir.map((b) => broadcastItem(b, ctx.who))) : el("p", { class: "muted" }, "Nothing broadcast yet."),
    el("h3", {}, "The feed: everything public, newest first"),
    el("ol", { class: "log feed", reversed: true, tabindex: 0, "aria-label": "the public feed (scrolls)" }, feed.map((line) => el("li", {}, ctx.say(line)))),
  );
}
