// Den of Wolves' observation drawn as plain HTML: the parts every event page shows (the fleet map, the pursuit
// track, a ship's panel, the Council, a Wolf Attack, the log). Every part reads only what the view it is given
// holds, so the same function draws the public, a team's and Control's view of it.

import { badge, el, facts } from "./dom.js";

/** A ship's name from the public facts (its id if unknown). */
export function shipName(observation, sid) {
  const ship = observation && observation.ships && observation.ships[sid];
  return ship ? ship.name : sid;
}

/** An action in people's words: each seat's label names the person in it and each counter is under its ship's
 * name (`say`), each ship id is the ship's name ("goto aegis" -> "goto Aegis", where an observation is known). */
export function inWords(observation, text, say = (line) => line) {
  return say(text)
    .split(" ")
    .map((word) => shipName(observation, word))
    .join(" ");
}

/** "turn 3 of 12". */
export function turnText(observation) {
  return `Turn ${observation.turn} of ${observation.turns}`;
}

/** The pursuit track: cells up to 10 (or the track's value, if higher), filled up to where it stands. */
export function pursuitTrack(observation) {
  const value = observation.pursuit;
  const cells = Math.max(10, value);
  const track = el("ol", { class: "pursuit", "aria-label": `pursuit track at ${value}` });
  for (let i = 1; i <= cells; i += 1) track.append(el("li", { class: i <= value ? "on" : "" }, String(i)));
  return el("div", { class: "pursuit-box" }, el("span", { class: "pursuit-value" }, `Pursuit ${value}`), track);
}

/** Where a ship is on the map: a quadrant's number, "centre", or "separated". */
export function placeOf(ship) {
  if (ship.quadrant) return ship.quadrant;
  return ship.with_fleet ? "centre" : "separated";
}

/** The fleet map by quadrant: ships, fighters, the Wolves of an attack (and boarders aboard), the rewards. */
export function fleetMap(observation, { focus = null } = {}) {
  const attack = observation.attack;
  const places = ["centre"];
  for (let q = 1; q <= observation.quadrants; q += 1) places.push(q);
  const ships = Object.entries(observation.ships);
  if (ships.some(([, ship]) => placeOf(ship) === "separated")) places.push("separated");
  const map = el("div", { class: "fleet-map" });
  for (const place of places) {
    const here = ships.filter(([, ship]) => placeOf(ship) === place);
    const fighters = Object.values(observation.fighters || {}).filter((unit) => unit.quadrant === place);
    const wolves = attack ? Object.entries(attack.wolves || {}).filter(([, wolf]) => wolf.quadrant === place) : [];
    const title = typeof place === "number" ? `Quadrant ${place}` : place === "centre" ? "Centre" : "Separated";
    map.append(
      el(
        "section",
        { class: `quadrant${wolves.length ? " under-attack" : ""}`, "data-place": place },
        el("h3", {}, title),
        el(
          "ul",
          { class: "map-ships" },
          here.map(([sid, ship]) => shipChip(sid, ship, attack, focus)),
        ),
        fighters.length ? el("p", { class: "map-fighters" }, `${fighters.length} fighter${fighters.length > 1 ? "s" : ""}`) : null,
        wolves.length
          ? el("p", { class: "map-wolves" }, wolfGroups(wolves).map(([kind, ids]) => badge(`${ids.length} Wolf ${kind}${ids.length > 1 ? "s" : ""} (${ids.join(", ")})`, "wolf")))
          : null,
      ),
    );
  }
  const rewards = Object.entries(observation.rewards || {}).filter(([, n]) => n > 0);
  return el(
    "div",
    { class: "fleet" },
    map,
    el("p", { class: "rewards" }, "Rewards on the map: ", rewards.length ? rewards.map(([r, n]) => `${r} ${n}`).join(", ") : "none"),
  );
}

/** Wolves of one place grouped by kind: [kind, [ids]]. */
function wolfGroups(wolves) {
  const groups = new Map();
  for (const [wid, wolf] of wolves) {
    if (!groups.has(wolf.kind)) groups.set(wolf.kind, []);
    groups.get(wolf.kind).push(wid);
  }
  return [...groups];
}

function shipChip(sid, ship, attack, focus) {
  const aboard = attack ? Object.values(attack.wolves || {}).filter((wolf) => wolf.ship === sid).length : 0;
  const marks = [
    ship.jumping ? badge("jump declared", "jump") : null,
    ship.hidden ? badge("panel covered") : null,
    ship.anarchy ? badge("anarchy", "bad") : null,
    ship.riots.length ? badge(`riots: ${ship.riots.join(", ")}`, "bad") : null,
    aboard ? badge(`${aboard} Wolf boarder${aboard > 1 ? "s" : ""} aboard`, "wolf") : null,
  ];
  const focused = focus && focus.includes(sid);
  return el("li", { class: `map-ship${focused ? " focused" : ""}`, "data-ship": sid }, el("strong", {}, ship.name), " ", marks);
}

/** A ship's panel: hold, morale, rations, jump sheet, stations with their crew, units and shuttles. */
export function shipPanel(observation, sid, panel) {
  const hold = Object.entries(panel.hold).map(([r, n]) => `${r} ${n}`).join(", ");
  const known = observation.known && observation.known[sid];
  const rows = Object.entries(panel.stations).map(([station, slot]) =>
    el(
      "tr",
      { class: slot.damage || slot.riot ? "trouble" : "" },
      el("th", { scope: "row" }, station),
      el("td", {}, slot.crew.map((crew) => crewChip(crew))),
      el("td", {}, slot.damage ? badge(`damaged: ${slot.damage}`, "bad") : "", slot.riot ? badge(`riot (${slot.riot})`, "bad") : ""),
    ),
  );
  const units = Object.entries(panel.units || {});
  const shuttles = Object.entries(panel.shuttles || {});
  return el(
    "article",
    { class: "ship-panel", "data-ship": sid },
    el("h3", {}, shipName(observation, sid)),
    facts([
      ["Morale", String(panel.morale)],
      ["Hold", hold || "empty"],
      ["Rations", `food ${panel.rations.food}, water ${panel.rations.water}`],
      ["Jump", jumpText(panel)],
      ["Damage this turn", String(panel.damage_this_turn)],
      known ? ["Known coordinates", known.length ? known.join(", ") : "none"] : null,
    ].filter(Boolean)),
    el(
      "div",
      { class: "scroll-x", tabindex: 0, "aria-label": "stations (scrolls sideways)" },
      el(
        "table",
        { class: "stations" },
        el("caption", {}, "Stations"),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "station"), el("th", { scope: "col" }, "crew"), el("th", { scope: "col" }, "state"))),
        el("tbody", {}, rows),
      ),
    ),
    units.length ? el("p", { class: "units" }, "Units: ", units.map(([uid, unit]) => badge(unitText(uid, unit)))) : null,
    shuttles.length
      ? el("p", { class: "units" }, "Shuttles: ", shuttles.map(([shid, s]) => badge(`${shid} ${Object.entries(s.cargo).map(([r, n]) => `${r} ${n}`).join(" ") || "empty"}`)))
      : null,
  );
}

function jumpText(panel) {
  const parts = [panel.coords ? `coordinates ${panel.coords}` : "no coordinates set"];
  if (panel.drive_ready) parts.push("drive ready");
  if (panel.emergency) parts.push("emergency jump");
  parts.push(`fuel ${panel.hold.fuel ?? 0} (short ${panel.fuel_costs.short}, medium ${panel.fuel_costs.medium}, long ${panel.fuel_costs.long})`);
  return parts.join(" · ");
}

function crewChip(crew) {
  const marks = `${crew.used ? " used" : ""}${crew.wounded ? " wounded" : ""}`;
  return el("span", { class: `crew${marks}`, title: `${crew.id}: ${crew.training}${marks}` }, `${crew.id.split(":")[1]} ${crew.training}${marks}`);
}

function unitText(uid, unit) {
  const where = unit.quadrant ? ` q${unit.quadrant}` : "";
  return `${uid} ${unit.kind}${where}${unit.damaged ? " damaged" : ""}`;
}

/** The fleet at a glance (Control): a row per ship (its name a button choosing it, where it is, morale, fuel, food,
 * water, its jump, what is wrong), so a desk sees every ship at once and opens one ship's panel beside it. */
export function fleetTable(observation, ships, { chosen = null, onChoose = () => {} } = {}) {
  const rows = ships.map((sid) => {
    const panel = observation.panels[sid];
    const ship = observation.ships[sid];
    const hold = panel ? panel.hold : {};
    const damaged = panel ? Object.values(panel.stations).filter((slot) => slot.damage).length : 0;
    const trouble = [
      ship.anarchy ? badge("anarchy", "bad") : null,
      ship.riots.length ? badge(`riots ${ship.riots.length}`, "bad") : null,
      damaged ? badge(`damaged ${damaged}`, "bad") : null,
      ship.with_fleet ? null : badge("separated", "bad"),
    ];
    const jump = ship.jumping ? badge("declared", "jump") : panel && panel.coords ? panel.coords : "-";
    const pressed = sid === chosen;
    return el(
      "tr",
      { class: `${ship.jumping ? "jumping" : ""}${pressed ? " chosen" : ""}`.trim() || null, "data-ship": sid },
      el("th", { scope: "row" }, el("button", { type: "button", class: "small link-like", "aria-pressed": String(pressed), onclick: () => onChoose(sid) }, ship.name)),
      el("td", {}, String(placeOf(ship))),
      el("td", {}, panel ? String(panel.morale) : "?"),
      ["fuel", "food", "water"].map((r) => el("td", {}, hold[r] === undefined ? "?" : String(hold[r]))),
      el("td", {}, jump),
      el("td", {}, trouble),
    );
  });
  return el(
    "div",
    { class: "scroll-x", tabindex: 0, "aria-label": "the fleet, a ship a row (scrolls)" },
    el(
      "table",
      { class: "fleet-table" },
      el("thead", {}, el("tr", {}, ["ship", "where", "morale", "fuel", "food", "water", "jump", "trouble"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows),
    ),
  );
}

const OFFICE_TITLES = { president: "President", "vice-president": "Vice President", parliamentarian: "Parliamentarian" };

/** The laws in force. */
export function lawsInForce(council) {
  const laws = (council.laws || []).filter((law) => law.status === "in force");
  if (!laws.length) return el("p", { class: "muted" }, "No law in force.");
  return el("ol", { class: "laws" }, laws.map((law) => el("li", { value: law.id }, law.text)));
}

/** Whether the Council's office shows: Infinite Domain's Parliamentarian is no office of a classic Council (unless a
 * classic pack seats one). */
export function officeShown(edition, office, holder) {
  return !(edition === "classic" && office === "parliamentarian" && !holder);
}

/** The Council: its offices (`who(label)` names their holders), the bill before it, the laws. */
export function councilView(council, { edition = null, who = (label) => label } = {}) {
  const offices = Object.entries(council.offices)
    .filter(([office, holder]) => officeShown(edition, office, holder))
    .map(([office, holder]) => [OFFICE_TITLES[office] || office, holder ? who(holder) : "vacant"]);
  const bill = council.bill;
  return el(
    "div",
    { class: "council" },
    facts(offices),
    bill
      ? el("p", { class: "bill" }, `Bill ${bill.id} (${bill.kind}, ${bill.stage}) by ${who(bill.proposer)}: “${bill.text}”`)
      : el("p", { class: "muted" }, "No bill before the Council."),
    el("h4", {}, "Laws in force"),
    lawsInForce(council),
    council.election
      ? el("p", {}, `Electing a ${OFFICE_TITLES[council.election.office] || council.election.office}: ${Object.keys(council.election.ballots || {}).length} of ${council.election.voters.length} have voted`)
      : null,
  );
}

/** A Wolf Attack under way: its round, the Wolves and where they are, the damage so far. */
export function attackView(attack, observation) {
  if (!attack) return el("p", { class: "muted" }, "No Wolf Attack.");
  const wolves = Object.entries(attack.wolves || {});
  const where = (wolf) => (wolf.ship ? `aboard ${shipName(observation, wolf.ship)}` : `quadrant ${wolf.quadrant}`);
  const damage = Object.entries(attack.damage || {}).map(([sid, n]) => `${shipName(observation, sid)} ${n}`);
  return el(
    "div",
    { class: "attack" },
    el("p", { class: "attack-round" }, `Round ${attack.round} · the ${attack.side}'s turn · ${wolves.length} Wolves`),
    el("ul", { class: "wolves" }, wolves.map(([wid, wolf]) => el("li", {}, `${wid} ${wolf.kind}, ${where(wolf)}`))),
    damage.length ? el("p", {}, `Damage: ${damage.join(", ")}`) : null,
  );
}

/** Log lines, newest last (only the last `limit`), each put in people's words by `say` (js/people.js `inText`). */
export function logList(lines, limit = 200, label = "the log", say = (line) => line) {
  const start = Math.max(0, lines.length - limit);
  // The list scrolls on its own: tabindex lets a keyboard reach it and scroll it (WCAG 2.1.1).
  const attrs = { class: "log", start: start + 1, tabindex: 0, "aria-label": label };
  return el("ol", attrs, lines.slice(start).map((line) => el("li", {}, say(line))));
}

/** Where every player is and whether they are free: `who(label)` names the person, `where(at)` the place. */
export function peopleList(observation, { who = (label) => label, where = (at) => at || "the map" } = {}) {
  return el(
    "ul",
    { class: "people" },
    Object.entries(observation.people).map(([label, person]) =>
      el("li", { "data-label": label }, el("span", {}, who(label)), " · ", el("span", { class: "muted" }, `${where(person.at)}${person.status !== "free" ? `, ${person.status}` : ""}`)),
    ),
  );
}

/** Hands of cards by seat (`who(label)` names the holder). */
export function handsView(hands, who = (label) => label) {
  const entries = Object.entries(hands || {});
  if (!entries.length) return el("p", { class: "muted" }, "No cards in hand.");
  return facts(entries.map(([seat, cards]) => [who(seat), cards.join(", ")]));
}

/** A team's destination cards. */
export function destinationsView(cards) {
  if (!cards || !cards.length) return el("p", { class: "muted" }, "No destination card.");
  return el(
    "ul",
    { class: "destinations" },
    cards.map((card) =>
      el("li", {}, el("strong", {}, card.name), ` ${card.coordinates} · ${card.distance}`, card.risks ? ` · risks: ${card.risks}` : ""),
    ),
  );
}

/** Dice awaiting entry at the tables (table dice): each ship's, in the order they are entered. */
export function diceView(observation) {
  const awaiting = Object.entries(observation.dice || {});
  if (!awaiting.length) return el("p", { class: "muted" }, "No die awaits entry.");
  return el(
    "ul",
    { class: "dice" },
    awaiting.map(([sid, dice]) => el("li", {}, el("strong", {}, shipName(observation, sid)), ": ", dice.map((die) => `${die.id} (${die.for})`).join(", "))),
  );
}
