// The ship's table and its roles' phones (issue 16, item 1): the stations with their crew, the morale track, the
// hold and rations, shuttles, the jump sheet and the team's cards, each showing what it does (from the pack's guide,
// GET /api/events/<id>/guide) beside the controls of the seat's legal actions that belong there.
//
// Every panel is drawn from `ctx`: { observation, guide, legal (js/legal.js), seat (label), team (the seat's ship),
// act(action, preview?) (send it, after a confirmation showing `preview` when given), selected (a crew counter
// picked to move, or null), pick(crewId), who(label) (the person in a seat: "Ann, Captain of the Dione"),
// say(text) (a text with its seats' labels put as the people in them) }.

import { badge, el, facts } from "./dom.js";
import { groupBy } from "./legal.js";
import { shipName } from "./den.js";

const RESOURCES = ["fuel", "food", "water", "materials", "ore"];

/** A ship's station as named by the pack (its id if the guide is missing). */
function stationInfo(ctx, sid, station) {
  const ship = ctx.guide && ctx.guide.ships[sid];
  return (ship && ship.stations[station]) || { name: station, does: [], needs: "", capacity: "?", worked: true };
}

/** The station a `crew`/`use` word names: `ship.station`, or a bare id on the seat's own ship. */
function stationOf(ctx, word) {
  const dot = word.indexOf(".");
  return dot < 0 ? [ctx.team, word] : [word.slice(0, dot), word.slice(dot + 1)];
}

/** Every crew counter of the panels in view, by id: { ship, station, crew }. */
export function crewIndex(observation) {
  const index = new Map();
  for (const [sid, panel] of Object.entries(observation.panels || {})) {
    for (const [station, slot] of Object.entries(panel.stations)) {
      for (const crew of slot.crew) index.set(crew.id, { ship: sid, station, crew });
    }
  }
  return index;
}

/** "c3, untrained" for a crew counter (or a unit or shuttle id as it is). */
function counterName(ctx, id) {
  const found = crewIndex(ctx.observation).get(id);
  if (found) return `${id.split(":")[1]}, ${found.crew.training}${found.crew.wounded ? ", wounded" : ""}`;
  const [sid, short] = id.split(":");
  const unit = ctx.observation.panels?.[sid]?.units?.[id];
  return unit ? `${short} ${unit.kind}${unit.damaged ? " (damaged)" : ""}` : short || ctx.say(id);
}

/** A button that plays `action` (after a confirmation when `preview` is given). */
function actButton(ctx, label, action, preview = null, kind = "") {
  return el("button", { type: "button", class: `act ${kind}`.trim(), "data-action": action, onclick: () => ctx.act(action, preview) }, label);
}

/** A select of choices and a button that plays the chosen one: [[label, action]...] (`kind` "wide-choice": long
 * choices, such as people's names, that take the row's width). */
function choiceRow(ctx, label, choices, buttonText, previewOf = () => null, kind = "") {
  if (!choices.length) return null;
  if (choices.length === 1) return actButton(ctx, `${buttonText}: ${choices[0][0]}`, choices[0][1], previewOf(choices[0][1]));
  const select = el("select", { "aria-label": label }, choices.map(([text, action]) => el("option", { value: action }, text)));
  return el(
    "div",
    { class: `choice-row ${kind}`.trim(), "data-actions": JSON.stringify(choices.map(([, action]) => action)) },
    select,
    el("button", { type: "button", class: "act", onclick: () => ctx.act(select.value, previewOf(select.value)) }, buttonText),
  );
}

/** The morale track: every level with its riot odds, the ship's level marked. */
export function moraleTrack(ctx, sid, panel) {
  const ship = ctx.guide && ctx.guide.ships[sid];
  if (!ship) return el("p", {}, `Morale ${panel.morale}`);
  const cells = ship.morale.riot_on.map((faces, level) =>
    el(
      "li",
      { class: level === panel.morale ? "here" : "", "aria-current": level === panel.morale ? "true" : false },
      el("span", { class: "level" }, String(level)),
      el("span", { class: "odds" }, faces ? `riot ${faces}/6` : "calm"),
    ),
  );
  const faces = ship.morale.riot_on[panel.morale] || 0;
  return el(
    "div",
    { class: "morale" },
    el("p", { class: "morale-now" }, el("strong", {}, `Morale ${panel.morale} of ${ship.morale.top}`), " · ", faces ? `a riot breaks out on a riot die of 1-${faces} (${Math.round((faces / 6) * 100)}%)` : "no riot at this level"),
    el("ol", { class: "morale-track", start: 0, tabindex: 0, "aria-label": "morale track: each level and its riot odds (scrolls sideways)" }, cells),
  );
}

/** The stations of a ship in view: crew (tap one to move it), what a use does, use, repair and dispersal. */
export function stationsView(ctx, sid, panel) {
  const moves = groupBy(ctx.legal.take("crew"), 1);
  const boards = groupBy(ctx.legal.take("board"), 2);
  const uses = ctx.legal.take("use");
  const repairs = ctx.legal.take("repair");
  const disperse = ctx.legal.take("disperse");
  const selected = ctx.selected && (moves.has(ctx.selected) || boards.has(ctx.selected)) ? ctx.selected : null;
  const cards = Object.entries(panel.stations).map(([station, slot]) => {
    const info = stationInfo(ctx, sid, station);
    const here = (word) => {
      const [ship, id] = stationOf(ctx, word);
      return ship === sid && id === station;
    };
    const mine = uses.filter((u) => here(u.words[1]));
    const unused = slot.crew.filter((crew) => !crew.used && !crew.wounded).length;
    const usePreview = (action) => ({
      title: `Use ${info.name}?`,
      lines: [...info.does.map((line) => `What it does: ${line}.`), `A use takes ${info.needs}; ${unused} unused crew sit here.`],
      action,
    });
    const useControls =
      mine.length === 1 && mine[0].words.length === 2
        ? actButton(ctx, `Use ${info.name}`, mine[0].action, usePreview(mine[0].action), "primary")
        : choiceRow(ctx, `target of ${info.name}`, mine.map((u) => [counterName(ctx, u.words[2]), u.action]), `Use ${info.name}`, usePreview);
    const repair = repairs.find((r) => here(r.words[1]));
    const damage = slot.damage && ctx.guide ? ctx.guide.ships[sid].damage[slot.damage] : null;
    const moveHere = selected ? (moves.get(selected) || []).find((m) => here(m.words[2])) : null;
    const dispersal = disperse.filter((d) => here(d.words[2]));
    return el(
      "li",
      { class: `station${slot.damage || slot.riot ? " trouble" : ""}${moveHere ? " target" : ""}`, "data-station": station },
      el(
        "div",
        { class: "station-head" },
        el("h4", {}, info.name),
        el("span", { class: "capacity" }, `${slot.crew.length}/${info.capacity} seats`),
        slot.damage ? badge(`damaged${damage ? `: ${damage.name}` : ""}`, "bad") : null,
        slot.riot ? badge(`riot (${slot.riot})`, "bad") : null,
      ),
      el("p", { class: "does" }, info.does.join("; "), (info.worked || mine.length) && info.needs ? el("span", { class: "needs" }, ` · a use takes ${info.needs}`) : null),
      damage ? el("p", { class: "damage-words" }, [damage.works ? "Still works. " : "Does not work until repaired. ", damage.each_turn.length ? `Each turn: ${damage.each_turn.join("; ")}.` : ""]) : null,
      el(
        "div",
        { class: "crew-row" },
        slot.crew.length ? slot.crew.map((crew) => crewButton(ctx, crew, [...(moves.get(crew.id) || []), ...(boards.get(crew.id) || [])])) : el("span", { class: "muted" }, "no crew"),
      ),
      el(
        "div",
        { class: "station-actions" },
        moveHere ? actButton(ctx, `Move ${counterName(ctx, selected)} here`, moveHere.action, null, "primary") : null,
        useControls,
        repair
          ? actButton(ctx, "Repair", repair.action, {
              title: `Repair ${info.name}?`,
              lines: [`A repair takes ${info.repair.engineers} engineer(s) and ${info.repair.materials} materials.`],
              action: repair.action,
            })
          : null,
        dispersal.length ? choiceRow(ctx, `unit to disperse the riot on ${info.name}`, dispersal.map((d) => [counterName(ctx, d.words[1]), d.action]), "Disperse the riot") : null,
      ),
    );
  });
  return el("ul", { class: "stations-list", "data-ship": sid }, cards);
}

/** A crew counter: a button to pick it when it may move to a station or board a shuttle (those actions listed in
 * data-actions), else a chip. */
function crewButton(ctx, crew, moves) {
  const marks = `${crew.used ? " used" : ""}${crew.wounded ? " wounded" : ""}`;
  const label = `${crew.id.split(":")[1]} ${crew.training}${marks}`;
  if (!moves.length) return el("span", { class: `crew${marks}` }, label);
  const on = ctx.selected === crew.id;
  return el(
    "button",
    {
      type: "button",
      class: `crew-pick${marks}`,
      "aria-pressed": String(on),
      "data-crew": crew.id,
      "data-actions": JSON.stringify(moves.map((m) => m.action)),
      onclick: () => ctx.pick(on ? null : crew.id),
    },
    label,
  );
}

/** The bar shown while a crew counter is picked: what it may do besides moving to a lit station. */
export function pickedBar(ctx) {
  if (!ctx.selected) return null;
  const boards = ctx.legal.take("board", null, ctx.selected);
  return el(
    "div",
    { class: "picked", role: "status" },
    el("span", {}, `${counterName(ctx, ctx.selected)} picked: tap “Move here” on a lit station${boards.length ? ", or board a shuttle" : ""}`),
    boards.map((b) => actButton(ctx, `Board shuttle ${b.words[1].split(":")[1]}`, b.action)),
    el("button", { type: "button", onclick: () => ctx.pick(null) }, "Cancel"),
  );
}

/** The expected morale roll from rations alone, in words, by the pack's morale bands. */
export function rationsOutlook(ctx, food, water) {
  const tables = ctx.guide && ctx.guide.tables;
  if (!tables) return "";
  const modifier = tables.ration_modifiers[food] + tables.ration_modifiers[water];
  const counts = new Map();
  for (let face = 1; face <= 6; face += 1) {
    const total = face + modifier;
    const band = tables.morale_bands.find((b) => b.low <= total && total <= b.high);
    const result = band ? band.result : 0;
    counts.set(result, (counts.get(result) || 0) + 1);
  }
  const words = [...counts]
    .sort((a, b) => b[0] - a[0])
    .map(([result, n]) => `${result > 0 ? `rises ${result}` : result < 0 ? `falls ${-result}` : "holds"} on ${n} in 6`);
  return `Rations add ${modifier >= 0 ? "+" : ""}${modifier} to the morale roll (food ${food}, water ${water}). With nothing else added, the track ${words.join(", ")}; damage, boarders and the news count too.`;
}

/** The hold and this turn's rations: each level's cost and what it adds to the morale roll. */
export function suppliesView(ctx, sid, panel) {
  const tables = ctx.guide && ctx.guide.tables;
  const hold = facts(RESOURCES.filter((r) => r in panel.hold).map((r) => [r, String(panel.hold[r])]));
  const meals = ["food", "water"].map((meal) => {
    const choices = ctx.legal.take("rations", meal);
    const levels = Object.keys(panel.ration_costs[meal]);
    return el(
      "fieldset",
      { class: "rations" },
      el("legend", {}, `${meal[0].toUpperCase()}${meal.slice(1)} rations`),
      el(
        "div",
        { class: "level-row" },
        levels.map((level) => {
          const action = `rations ${meal} ${level}`;
          const chosen = panel.rations[meal] === level;
          const legal = choices.some((c) => c.action === action);
          const modifier = tables ? tables.ration_modifiers[level] : null;
          return el(
            "button",
            { type: "button", class: "level", "aria-pressed": String(chosen), disabled: !legal, "data-action": action, onclick: () => legal && ctx.act(action) },
            el("span", { class: "level-name" }, level),
            el("span", { class: "level-cost" }, `${panel.ration_costs[meal][level]} ${meal}`),
            modifier === null ? null : el("span", { class: "level-mod" }, `morale roll ${modifier >= 0 ? "+" : ""}${modifier}`),
          );
        }),
      ),
    );
  });
  return el(
    "div",
    { class: "supplies", "data-ship": sid },
    el("h3", {}, "Hold"),
    hold,
    meals,
    el("p", { class: "outlook" }, rationsOutlook(ctx, panel.rations.food, panel.rations.water)),
  );
}

/** The ship's shuttles: cargo, loading by resource and amount, who boards, where it flies. */
export function shuttlesView(ctx, sid, panel) {
  const shuttles = Object.entries(panel.shuttles || {});
  if (!shuttles.length) return el("p", { class: "muted" }, "No shuttle.");
  return el(
    "ul",
    { class: "shuttles" },
    shuttles.map(([id, shuttle]) => {
      const cargo = Object.entries(shuttle.cargo).map(([r, n]) => `${r} ${n}`).join(", ") || "empty";
      const name = `Shuttle ${id.split(":")[1]}`;
      return el(
        "li",
        { class: "shuttle", "data-shuttle": id },
        el("h4", {}, name),
        el("p", {}, `Cargo: ${cargo}`),
        ["load", "unload"].map((verb) => cargoRow(ctx, verb, id)),
        choiceRow(ctx, `${name}: crew to land`, ctx.legal.take("land", id).map((a) => [`${counterName(ctx, a.words[2])} to ${a.words[3]}`, a.action]), "Land crew"),
        choiceRow(ctx, `${name}: unit to embark`, ctx.legal.take("embark", id).map((a) => [counterName(ctx, a.words[2]), a.action]), "Embark"),
        choiceRow(ctx, `${name}: unit to disembark`, ctx.legal.take("disembark", id).map((a) => [counterName(ctx, a.words[2]), a.action]), "Disembark"),
        choiceRow(ctx, `${name}: where to fly`, ctx.legal.take("fly", id).map((a) => [shipName(ctx.observation, a.words[2]), a.action]), "Fly"),
      );
    }),
  );
}

/** Load or unload: a resource and an amount from the legal ones, then one button. */
function cargoRow(ctx, verb, shuttle) {
  const found = ctx.legal.take(verb, shuttle);
  if (!found.length) return null;
  const byResource = groupBy(found, 2);
  const resource = el("select", { "aria-label": `resource to ${verb}` }, [...byResource.keys()].map((r) => el("option", { value: r }, r)));
  const amount = el("select", { "aria-label": `amount to ${verb}` });
  const refill = () => {
    const amounts = byResource.get(resource.value).map((a) => Number(a.words[3])).sort((a, b) => a - b);
    amount.replaceChildren(...amounts.map((n) => el("option", { value: n }, String(n))));
  };
  resource.addEventListener("change", refill);
  refill();
  return el(
    "div",
    { class: "choice-row", "data-actions": JSON.stringify(found.map((a) => a.action)) },
    resource,
    amount,
    el("button", { type: "button", class: "act", onclick: () => ctx.act(`${verb} ${shuttle} ${resource.value} ${amount.value}`) }, verb === "load" ? "Load" : "Unload"),
  );
}

/** The jump sheet: the coordinates written, the ones the team knows with their fuel, and the jump itself. */
export function jumpSheet(ctx, sid, panel) {
  const cards = ctx.observation.destinations || [];
  // What the team may write: its destination cards' coordinates and those another team told it.
  const told = (ctx.observation.known && ctx.observation.known[sid]) || [];
  const known = [...new Set([...cards.map((card) => card.coordinates), ...told])];
  const fuel = panel.hold.fuel ?? 0;
  const distanceOf = (code) => (cards.find((card) => card.coordinates === code) || {}).distance;
  const coords = groupBy(ctx.legal.take("coords"), 1);
  const rows = known.map((code) => {
    const distance = distanceOf(code);
    const cost = distance ? panel.fuel_costs[distance] : null;
    const write = coords.get(code);
    return el(
      "tr",
      { class: panel.coords === code ? "chosen" : "" },
      el("th", { scope: "row" }, code),
      el("td", {}, distance || "?"),
      el("td", {}, cost === null ? "?" : `${cost}${cost > fuel ? " (more than the hold)" : ""}`),
      el("td", {}, write ? actButton(ctx, "Write", write[0].action) : panel.coords === code ? "on the sheet" : ""),
    );
  });
  const input = el("input", { id: "coords-input", inputmode: "numeric", pattern: "[0-9]{5}", maxlength: 5, autocomplete: "off", "aria-describedby": "coords-hint" });
  const hint = el("p", { id: "coords-hint", class: "form-result", role: "status", "aria-live": "polite" });
  const write = () => {
    const code = input.value.trim();
    if (!/^[0-9]{5}$/.test(code)) {
      hint.textContent = "coordinates are five digits";
      hint.dataset.kind = "error";
      return;
    }
    hint.textContent = known.includes(code) ? "" : `your team has not learnt ${code}: the server will say so if it is wrong`;
    ctx.act(`coords ${code}`);
  };
  const jump = ctx.legal.take("jump");
  const emergency = ctx.legal.take("emergency");
  const scout = ctx.legal.take("scout");
  const clear = coords.get("none");
  const distance = panel.coords ? distanceOf(panel.coords) : null;
  const declared = Object.entries(ctx.observation.ships).filter(([, ship]) => ship.jumping).map(([id]) => shipName(ctx.observation, id));
  return el(
    "div",
    { class: "jump-sheet", "data-ship": sid },
    facts([
      ["On the sheet", panel.coords || "nothing yet"],
      ["Fuel in the hold", String(fuel)],
      ["Fuel per jump", `short ${panel.fuel_costs.short}, medium ${panel.fuel_costs.medium}, long ${panel.fuel_costs.long}`],
      ["Jump drive", panel.drive_ready ? "crewed: ready this turn" : "not crewed at the turn's start"],
    ]),
    el(
      "form",
      { class: "coords-form", novalidate: true, onsubmit: (event) => (event.preventDefault(), write()) },
      el("label", { for: "coords-input" }, "Coordinates (5 digits)"),
      el("div", { class: "choice-row" }, input, el("button", { type: "submit" }, "Write on the sheet"), clear ? actButton(ctx, "Clear the sheet", clear[0].action) : null),
      hint,
    ),
    known.length
      ? el(
          "table",
          { class: "known" },
          el("caption", {}, "Coordinates your team knows"),
          el("thead", {}, el("tr", {}, ["coordinates", "distance", "fuel", ""].map((h) => el("th", { scope: "col" }, h)))),
          el("tbody", {}, rows),
        )
      : el("p", { class: "muted" }, "Your team knows no coordinates yet."),
    el(
      "div",
      { class: "station-actions" },
      jump.length
        ? actButton(ctx, "Declare the jump", jump[0].action, {
            title: "Hold up the jump indicator?",
            lines: [
              panel.coords ? `To ${panel.coords}${distance ? ` (${distance}: ${panel.fuel_costs[distance]} fuel)` : ""}.` : "No coordinates on the sheet: a blind jump.",
              "The fuel is paid now; the ship jumps when Control resolves the jumps.",
            ],
            action: jump[0].action,
          }, "primary")
        : null,
      emergency.length
        ? actButton(ctx, "Emergency jump", emergency[0].action, {
            title: "Declare an emergency jump?",
            lines: ["No fuel is paid, but every other station goes dark this turn and stations may be damaged."],
            action: emergency[0].action,
          }, "danger")
        : null,
      scout.length ? actButton(ctx, "Scout a destination", scout[0].action) : null,
    ),
    el("p", { class: "declared" }, declared.length ? `Jumps declared: ${declared.join(", ")}.` : "No ship has declared a jump."),
  );
}

/** The seat's own action cards (private to its phone) with what they do, to play or hand on; the team's
 * destination cards and what may be done with them. */
export function cardsView(ctx) {
  const hand = (ctx.observation.hands && ctx.observation.hands[ctx.seat]) || [];
  const cards = hand.map((id) => {
    const card = (ctx.guide && ctx.guide.cards[id]) || { name: id, does: [], use: "", tradeable: false };
    const plays = ctx.legal.take("play", id);
    const gives = ctx.legal.take("give", id);
    const preview = (action) => ({ title: `Play ${card.name}?`, lines: card.does.map((line) => `What it does: ${line}.`), action });
    const play =
      plays.length === 1 && plays[0].words.length === 2
        ? actButton(ctx, "Play", plays[0].action, preview(plays[0].action), "primary")
        : choiceRow(ctx, `target of ${card.name}`, plays.map((p) => [counterName(ctx, p.words[2]), p.action]), "Play", preview);
    return el(
      "li",
      { class: "card", "data-card": id },
      el("h4", {}, card.name),
      el("p", { class: "card-rules" }, [card.use.replace("-", " "), card.tradeable ? "may be traded" : "", card.any_time ? "any time" : ""].filter(Boolean).join(" · ")),
      el("ul", { class: "does-list" }, card.does.map((line) => el("li", {}, line))),
      el("div", { class: "station-actions" }, play, choiceRow(ctx, `who gets ${card.name}`, gives.map((g) => [ctx.who(g.words[2]), g.action]), "Give", () => null, "wide-choice")),
    );
  });
  return el("ul", { class: "cards" }, cards.length ? cards : el("li", { class: "muted" }, "No action card in your hand."));
}

/** What the team may do with its destination cards: tell another ship the coordinates, or hand the card over. */
export function destinationControls(ctx) {
  const cards = ctx.observation.destinations || [];
  const rows = cards.flatMap((card) => [
    choiceRow(ctx, `ship to tell the coordinates of ${card.name}`, ctx.legal.take("share", card.id).map((a) => [shipName(ctx.observation, a.words[2]), a.action]), `Share ${card.name}`),
    choiceRow(ctx, `ship to hand ${card.name} to`, ctx.legal.take("pass", card.id).map((a) => [shipName(ctx.observation, a.words[2]), a.action]), `Hand over ${card.name}`),
  ]);
  return rows.some(Boolean) ? el("div", { class: "stack" }, rows) : null;
}

const POSTS = { "battle-stations": "at battle stations", "ready-room": "in the ready room", reserve: "in reserve" };

/** The ship's units: fighters (aboard, out on the map, or on a shuttle), troops, their damage, whether they are
 * pinned, and where they stand in a Wolf Attack. */
export function unitsView(ctx, sid, panel) {
  const units = Object.entries(panel.units || {});
  if (!units.length) return null;
  const where = (unit) => {
    if (unit.shuttle) return `aboard shuttle ${unit.shuttle.split(":")[1]}`;
    if (unit.quadrant) return `out in quadrant ${unit.quadrant}`;
    return unit.ship === sid ? "aboard" : `aboard the ${shipName(ctx.observation, unit.ship)}`;
  };
  return el(
    "div",
    { class: "units-box" },
    el("h4", {}, "Units"),
    el(
      "ul",
      { class: "units-list" },
      units.map(([uid, unit]) =>
        el(
          "li",
          { "data-unit": uid },
          el("strong", {}, `${uid.split(":")[1]} ${unit.kind}`),
          ` · ${where(unit)}`,
          unit.post && POSTS[unit.post] && !unit.quadrant ? ` · ${POSTS[unit.post]}` : "",
          unit.damaged ? [" ", badge("damaged", "bad")] : null,
          unit.pinned ? [" ", badge("pinned")] : null,
        ),
      ),
    ),
  );
}
