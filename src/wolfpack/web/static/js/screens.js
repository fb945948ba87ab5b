// A seat's screens, drawn from its view: each shows part of it with the legal actions that belong there (js/ship.js,
// js/seat.js, js/council.js, js/media.js). The seat's own page puts each in its tab; a Control desk playing a seat
// left to it shows the screens that offer something to do, so Control plays an absent person's seat with the
// screens that person would have had, in the same words.

import { el } from "./dom.js";
import { attackView, destinationsView, diceView, fleetMap, logList, peopleList, pursuitTrack, shipName } from "./den.js";
import { chamberView } from "./council.js";
import { broadcastItem, newsDesk } from "./media.js";
import { fleetControls, placeName, whereView } from "./seat.js";
import { cardsView, destinationControls, jumpSheet, moraleTrack, pickedBar, shuttlesView, stationsView, suppliesView, unitsView } from "./ship.js";

/** Every screen's content by the id of its box, in the order they take the seat's legal actions from `ctx.legal`
 * (whatever none took is `ctx.legal.rest()` afterwards); `log` is the seat's log. */
export function seatScreens(ctx, log) {
  const observation = ctx.observation;
  const panels = Object.entries(observation.panels || {});
  const own = ctx.team && observation.panels && observation.panels[ctx.team];
  const latest = (observation.broadcasts || []).slice(-1);
  return new Map([
    ["picked", pickedBar(ctx)],
    [
      "ship",
      panels.length
        ? panels.map(([sid, panel]) => el("article", { class: "ship-table", "data-ship": sid }, el("h3", {}, shipName(observation, sid), sid === ctx.team ? "" : el("span", { class: "muted" }, " · the table you are at")), coverRow(ctx, sid), moraleTrack(ctx, sid, panel), stationsView(ctx, sid, panel), unitsView(ctx, sid, panel)))
        : el("p", { class: "muted" }, "No ship panel in view (a covered panel, or a seat with no ship)."),
    ],
    ["supplies", panels.map(([sid, panel]) => suppliesView(ctx, sid, panel))],
    ["shuttles", panels.map(([sid, panel]) => shuttlesView(ctx, sid, panel))],
    ["jump", own ? jumpSheet(ctx, ctx.team, own) : el("p", { class: "muted" }, "No jump sheet in view.")],
    ["hand", cardsView(ctx)],
    ["destinations", destinationsView(observation.destinations)],
    ["destination-actions", destinationControls(ctx)],
    ["dice", diceView(observation)],
    ["pursuit", pursuitTrack(observation)],
    ["fleet-controls", fleetControls(ctx)],
    ["attack", observation.attack ? attackView(observation.attack, observation) : null],
    ["map", fleetMap(observation, { focus: ctx.team ? [ctx.team] : null })],
    ["where", whereView(ctx)],
    ["people", peopleList(observation, { who: ctx.who, where: (at) => placeName(observation, at) })],
    ["chamber", chamberView(ctx)],
    ["news", newsDesk(ctx, log)],
    ["on-air", latest.length ? [el("h3", {}, "On air"), el("ol", { class: "broadcasts" }, latest.map((b) => broadcastItem(b, ctx.who)))] : null],
    ["log", logList(log, 100, "the log", ctx.say)],
  ]);
}

/** The privacy cover and a look through the damage deck, for a team at its own table. */
function coverRow(ctx, sid) {
  const cover = ["hide", "show", "look-deck"].flatMap((verb) => ctx.legal.take(verb));
  const ship = ctx.observation.ships[sid];
  const words = { hide: "Cover the panel", show: "Uncover the panel", "look-deck": "Look through the damage deck" };
  return el(
    "div",
    { class: "cover-row" },
    ship.hidden ? el("span", { class: "badge" }, "panel covered: visitors see nothing") : null,
    cover.map((p) => el("button", { type: "button", class: "act", "data-action": p.action, onclick: () => ctx.act(p.action) }, words[p.words[0]])),
  );
}
