// A seat's screen beyond its ship's panel: where the person is and where they may walk, the fleet map's moves for a
// commander, and the Council's business. Drawn from the same `ctx` as js/ship.js.

import { badge, el } from "./dom.js";
import { shipName } from "./den.js";
import { groupBy } from "./legal.js";

/** "the Dione's table", "the fleet map", or a place's name as the engine names it. */
export function placeName(observation, at) {
  if (!at) return "the fleet map";
  if (at === "map") return "the fleet map";
  return observation.ships[at] ? `the ${shipName(observation, at)}'s table` : at;
}

/** Where the person is, their state, and one tap to say where they walked. */
export function whereView(ctx) {
  const me = ctx.observation.people[ctx.seat] || { at: null, status: "free" };
  const walks = ctx.legal.take("goto");
  const contacts = ctx.legal.take("contact");
  const care = [
    ...ctx.legal.take("sickbay").map((a) => [`Go to the ${shipName(ctx.observation, a.words[1])}'s sickbay`, a.action]),
    ...ctx.legal.take("escape").map((a) => ["Try to escape", a.action]),
  ];
  return el(
    "div",
    { class: "where" },
    el("p", { class: "where-now" }, "You are at ", el("strong", {}, placeName(ctx.observation, me.at)), me.status !== "free" ? [" · ", badge(me.status, "bad")] : null),
    walks.length ? el("p", { class: "help" }, "Walked somewhere? Tap where you are now.") : null,
    el(
      "div",
      { class: "walk-grid" },
      walks.map((a) =>
        el("button", { type: "button", class: "act walk", "data-action": a.action, onclick: () => ctx.act(a.action) }, `I am at ${placeName(ctx.observation, a.words[1])}`),
      ),
    ),
    care.length ? el("div", { class: "station-actions" }, care.map(([label, action]) => el("button", { type: "button", class: "act", "data-action": action, onclick: () => ctx.act(action) }, label))) : null,
    contacts.length ? contactRow(ctx, contacts) : null,
  );
}

/** Choosing a contact from the brig: one of every player, so a list and one button (not a button a person). */
function contactRow(ctx, contacts) {
  const chosen = el("select", { id: "contact-choice" }, contacts.map((a) => el("option", { value: a.action }, ctx.who(a.words[1]))));
  return el(
    "div",
    { class: "choice-row wide-choice", "data-actions": JSON.stringify(contacts.map((a) => a.action)) },
    el("label", { for: "contact-choice" }, "Your contact outside the brig"),
    chosen,
    el("button", { type: "button", class: "act", onclick: () => ctx.act(chosen.value) }, "Name as contact"),
  );
}

/** A d6 table in words: "1-2: no hit, the unit is hurt; 3-4: 1 hit; 5+: 2 hits". */
export function oddsWords(bands) {
  return bands
    .map((band) => {
      const faces = band.high >= 6 ? `${band.low}+` : band.low === band.high ? `${band.low}` : `${band.low}-${band.high}`;
      const hits = band.hits ? `${band.hits} hit${band.hits > 1 ? "s" : ""}` : "no hit";
      return `${faces}: ${hits}${band.hurt ? ", the unit is hurt" : ""}`;
    })
    .join("; ");
}

/** A Wolf unit in words: "w3, Wolf fighter squadron (1 hit to destroy)". */
function wolfName(ctx, id) {
  const wolf = ctx.observation.attack && ctx.observation.attack.wolves[id];
  const kind = wolf && ctx.guide ? ctx.guide.combat.wolves[wolf.kind] : null;
  if (!kind) return id;
  const left = kind.hits - (wolf.hits || 0);
  return `${id}, ${kind.name} (${left} hit${left > 1 ? "s" : ""} to destroy)`;
}

/** What an attack's die will do, shown before it is rolled. */
function attackPreview(ctx, table, title, action) {
  const bands = ctx.guide ? ctx.guide.combat[table] : [];
  return { title, lines: bands.length ? [`The d6: ${oddsWords(bands)}.`] : [], action };
}

/** The fleet map's moves open to this seat: the ship's quadrant, swaps, fighters, batteries, boarders. */
export function fleetControls(ctx) {
  const name = (sid) => shipName(ctx.observation, sid);
  const unit = (id) => id.split(":")[1] || id;
  const groups = [
    ["Move the ship", ctx.legal.take("move").map((a) => [`To quadrant ${a.words[1].slice(1)}`, a.action])],
    ["Swap places (both commanders must agree)", ctx.legal.take("swap").map((a) => [`With the ${name(a.words[1])}`, a.action])],
    ["Fighters", ctx.legal.take("deploy").map((a) => [`${unit(a.words[1])} ${a.words[2] === "aboard" ? "back aboard" : `to quadrant ${a.words[2].slice(1)}`}`, a.action])],
    [
      "Strike a Wolf",
      ctx.legal.take("strike").map((a) => [`${unit(a.words[1])} strikes ${wolfName(ctx, a.words[2])}`, a.action, attackPreview(ctx, "fighter", `Strike ${a.words[2]}?`, a.action)]),
    ],
    [
      "Fire the batteries",
      ctx.legal.take("fire").map((a) => [`${unit(a.words[1])} fires at ${wolfName(ctx, a.words[2])}`, a.action, attackPreview(ctx, "battery", `Fire at ${a.words[2]}?`, a.action)]),
    ],
    [
      "Fight the boarders",
      ctx.legal.take("fight").map((a) => [`${unit(a.words[1])} attacks the boarders`, a.action, attackPreview(ctx, "on_foot", `Send ${unit(a.words[1])} against the boarders?`, a.action)]),
    ],
    ["Posts", ctx.legal.take("post").map((a) => [`${unit(a.words[1])} to ${a.words[2].replace("-", " ")}`, a.action])],
  ].filter(([, list]) => list.length);
  const reinforce = reinforceRow(ctx, ctx.legal.take("reinforce"));
  if (!groups.length && !reinforce) return null;
  return el(
    "div",
    { class: "fleet-controls" },
    groups.map(([title, list]) =>
      el(
        "div",
        { class: "control-group" },
        el("h4", {}, title),
        el("div", { class: "action-row" }, list.map(([label, action, preview]) => el("button", { type: "button", class: "act", "data-action": action, onclick: () => ctx.act(action, preview || null) }, label))),
      ),
    ),
    reinforce,
  );
}

/** Reinforcing another ship (`reinforce UNIT SHUTTLE SHIP`): choose the unit, then where it goes (a ship, by a
 * shuttle), then one button; not a button for every unit, shuttle and ship. */
function reinforceRow(ctx, found) {
  if (!found.length) return null;
  const short = (id) => id.split(":")[1] || id;
  const byUnit = groupBy(found, 1);
  const unit = el("select", { "aria-label": "unit to send" }, [...byUnit.keys()].map((u) => el("option", { value: u }, short(u))));
  const where = el("select", { "aria-label": "where it goes" });
  const refill = () => {
    const kept = where.value;
    where.replaceChildren(
      ...byUnit.get(unit.value).map((a) => el("option", { value: `${a.words[2]} ${a.words[3]}` }, `the ${shipName(ctx.observation, a.words[3])}, by shuttle ${short(a.words[2])}`)),
    );
    if ([...where.options].some((option) => option.value === kept)) where.value = kept;
  };
  unit.addEventListener("change", refill);
  refill();
  return el(
    "div",
    { class: "control-group" },
    el("h4", {}, "Reinforce another ship"),
    el(
      "div",
      { class: "choice-row wide-choice", "data-actions": JSON.stringify(found.map((a) => a.action)) },
      unit,
      where,
      el("button", { type: "button", class: "act", onclick: () => ctx.act(`reinforce ${unit.value} ${where.value}`) }, "Reinforce"),
    ),
  );
}

/** The alert every screen shows while the Wolves attack: the round, whose turn, and what it asks of this seat. */
export function attackAlert(ctx) {
  const attack = ctx.observation.attack;
  if (!attack) return null;
  const aboard = ctx.team ? Object.values(attack.wolves).filter((wolf) => wolf.ship === ctx.team).length : 0;
  const reporter = ctx.legal.parsed.some(({ words }) => ["deploy", "strike", "fire"].includes(words[0]));
  return el(
    "div",
    { class: "attack-banner", role: "alert" },
    el("strong", {}, `Wolf Attack · round ${attack.round} · ${attack.side === "fleet" ? "the fleet's turn" : "the Wolves' turn"}`),
    el(
      "span",
      {},
      aboard ? ` · ${aboard} boarder${aboard > 1 ? "s" : ""} aboard your ship: fight them from the Fleet screen.` : "",
      reporter ? " · Your fighters or batteries wait on the Fleet screen." : " · Stay at your table.",
    ),
  );
}

/** Who commands the seat's ship now (the captain, or the next in the command chain). */
export function commandLine(ctx) {
  const ship = ctx.team && ctx.observation.ships[ctx.team];
  if (!ship) return "";
  const commander = ship.commander;
  if (!commander) return "Nobody can command the ship now";
  return commander === ctx.seat ? "You command the ship" : `Commanding the ship: ${ctx.who(commander)}`;
}
