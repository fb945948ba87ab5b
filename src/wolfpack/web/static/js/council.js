// The Council chamber (issue 16, item 3): the offices, the bill before the Council with each member's hand, the
// chair's agenda (a bill typed in words, the vote called, hands recorded for members without a phone), a member's
// own vote, each edition's tie rule, the President's signature, veto and orders, the calls of no confidence and the
// snap election, elections, and the register of laws and resolutions. Drawn from the `ctx` of js/ship.js.

import { badge, el, facts, wordsForm } from "./dom.js";
import { officeShown } from "./den.js";
import { quote } from "./forms.js";

const TITLES = { president: "President", "vice-president": "Vice President", parliamentarian: "Parliamentarian" };
const STAGES = { debate: "in debate", vote: "at a vote", tie: "tied", signature: "awaiting the President's signature", vetoed: "vetoed" };
const TIE_RULES = {
  classic: "A tie is settled by the President's own vote: yea carries the bill, anything else sinks it.",
  "infinite-domain": "A tie goes to the Vice President, who breaks it with yea or nay.",
};

function button(ctx, label, action, preview = null, kind = "") {
  return el("button", { type: "button", class: `act ${kind}`.trim(), "data-action": action, onclick: () => ctx.act(action, preview) }, label);
}

/** A member of the Council in words: "Ann, Captain of the Dione (you)". */
function member(ctx, label) {
  return `${ctx.who(label)}${label === ctx.seat ? " (you)" : ""}`;
}

/** The chamber for this seat. */
export function chamberView(ctx) {
  const council = ctx.observation.council;
  const bill = council.bill;
  const agenda = ctx.observation.edition === "classic" ? "president" : "parliamentarian";
  return el(
    "div",
    { class: "chamber" },
    facts(
      Object.entries(council.offices)
        .filter(([office, who]) => officeShown(ctx.observation.edition, office, who))
        .map(([office, holder]) => [TITLES[office] || office, holder ? member(ctx, holder) : "vacant"]),
    ),
    el("p", { class: "help" }, `The ${TITLES[agenda]} brings bills and calls votes. ${TIE_RULES[ctx.observation.edition] || ""}`),
    billView(ctx, council, bill),
    agendaControls(ctx),
    electionView(ctx, council.election),
    callsView(ctx),
    ordersView(ctx, council.orders || []),
    registerView(council),
  );
}

/** The bill before the Council: its words, its stage, every member's hand, and what this seat may do with it. */
function billView(ctx, council, bill) {
  if (!bill) return el("p", { class: "muted bill-none" }, "No bill before the Council.");
  const votes = bill.votes || {};
  const hands = ctx.legal.take("hands");
  const mine = ctx.legal.take("vote");
  const rows = council.voters.map((voter) => {
    const recorded = hands.filter((h) => h.words[1] === voter);
    return el(
      "tr",
      { "data-voter": voter },
      el("th", { scope: "row" }, member(ctx, voter)),
      el("td", {}, votes[voter] ? badge(votes[voter], votes[voter] === "yea" ? "ok" : votes[voter] === "nay" ? "bad" : "") : el("span", { class: "muted" }, "no hand yet")),
      el("td", {}, recorded.map((h) => button(ctx, h.words[2], h.action))),
    );
  });
  const tieHands = bill.stage === "tie" ? hands.filter((h) => !council.voters.includes(h.words[1])) : [];
  const what = bill.kind === "amend" ? `to amend law ${bill.target}` : bill.kind === "repeal" ? `to repeal law ${bill.target}` : `a ${bill.kind}`;
  return el(
    "article",
    { class: `bill stage-${bill.stage}` },
    el("h3", {}, `Bill ${bill.id}: ${what}`, " ", badge(STAGES[bill.stage] || bill.stage, bill.stage === "vote" || bill.stage === "tie" ? "jump" : "")),
    el("blockquote", { class: "bill-text" }, bill.text),
    el("p", { class: "muted" }, `Proposed by ${member(ctx, bill.proposer)}${bill.override ? " · a vote to override the veto" : ""}`),
    mine.length
      ? el("div", { class: "vote-row", role: "group", "aria-label": "your vote" }, mine.map((v) => button(ctx, `Vote ${v.words[1]}`, v.action, null, v.words[1] === "yea" ? "primary" : "")))
      : null,
    bill.stage === "vote" || bill.stage === "tie" || Object.keys(votes).length
      ? el(
          "div",
          { class: "scroll-x", tabindex: 0, "aria-label": "the members' hands (scrolls sideways)" },
          el(
            "table",
            { class: "hands" },
            el("caption", {}, hands.length ? "Hands: record each member's raised hand" : "Hands"),
            el("thead", {}, el("tr", {}, ["member", "hand", hands.length ? "record" : ""].map((h) => el("th", { scope: "col" }, h)))),
            el("tbody", {}, rows),
          ),
        )
      : null,
    tieHands.length ? el("p", {}, "The Vice President's hand: ", tieHands.map((h) => button(ctx, h.words[2], h.action))) : null,
  );
}

/** The chair's agenda: a bill in its own words, the vote called, the bill withdrawn; signature and veto. */
function agendaControls(ctx) {
  const proposals = ctx.legal.take("propose");
  const order = (kind) => ["law", "motion"].indexOf(kind) + 1 || 3;
  const kinds = [...new Set(proposals.map((p) => (p.words[1] === "amend" || p.words[1] === "repeal" ? `${p.words[1]} ${p.words[2]}` : p.words[1])))].sort(
    (a, b) => order(a) - order(b),
  );
  const steps = [
    ...ctx.legal.take("call-vote").map((a) => button(ctx, "Call the vote", a.action, null, "primary")),
    ...ctx.legal.take("withdraw").map((a) => button(ctx, "Withdraw the bill", a.action)),
    ...ctx.legal.take("sign").map((a) => button(ctx, "Sign the bill into law", a.action, { title: "Sign the bill?", lines: ["It takes effect at once."], action: a.action }, "primary")),
    ...ctx.legal.take("veto").map((a) => button(ctx, "Veto the bill", a.action, { title: "Veto the bill?", lines: ["The Council may override a veto by a supermajority."], action: a.action }, "danger")),
  ];
  if (!kinds.length && !steps.length) return null;
  let form = null;
  if (kinds.length) {
    const kind = el("select", { id: "bill-kind" }, kinds.map((k) => el("option", { value: k }, kindName(k))));
    form = wordsForm({
      id: "bill-words",
      className: "bill-form",
      before: [el("label", { for: "bill-kind" }, "Bring a bill"), kind],
      label: "Its words (for a repeal, the reason)",
      button: "Bring it before the Council",
      empty: "write the bill's words first",
      send: (text) => ctx.act(`propose ${kind.value} ${quote(text)}`),
      limit: ctx.guide && ctx.guide.longest_words,
      what: "A bill",
    });
  }
  const offered = proposals.map((p) => p.action);
  return el("div", { class: "agenda", "data-actions": JSON.stringify(offered) }, form, steps.length ? el("div", { class: "station-actions" }, steps) : null);
}

function kindName(kind) {
  if (kind === "law") return "a new law";
  if (kind === "motion") return "a motion (a decision, not a law)";
  const [verb, law] = kind.split(" ");
  return verb === "amend" ? `an amendment of law ${law}` : `a repeal of law ${law}`;
}

/** An election under way: the candidates and this seat's ballot. */
function electionView(ctx, election) {
  const ballots = ctx.legal.take("elect");
  const names = ctx.legal.take("name-vp");
  if (!election && !names.length) return null;
  const vp = names.length
    ? el(
        "div",
        { class: "choice-row wide-choice", "data-actions": JSON.stringify(names.map((n) => n.action)) },
        el("label", { for: "vp-choice" }, "Name your Vice President"),
        el("select", { id: "vp-choice" }, names.map((n) => el("option", { value: n.action }, ctx.who(n.words[1])))),
        el("button", { type: "button", class: "act", onclick: () => ctx.act(document.getElementById("vp-choice").value) }, "Name"),
      )
    : null;
  if (!election) return vp;
  return el(
    "section",
    { class: "election" },
    el("h3", {}, `Electing a ${TITLES[election.office] || election.office}`),
    el("p", {}, `${Object.keys(election.ballots || {}).length} of ${election.voters.length} have voted. The most votes wins; a tie votes again.`),
    ballots.length ? el("div", { class: "walk-grid" }, ballots.map((b) => button(ctx, `Vote for ${ctx.who(b.words[1])}`, b.action))) : null,
    vp,
  );
}

/** Infinite Domain's calls: no confidence in the Parliamentarian, a snap election. */
function callsView(ctx) {
  const calls = [
    ...ctx.legal.take("no-confidence").map((a) =>
      button(ctx, "Call a vote of no confidence", a.action, { title: "Call a vote of no confidence?", lines: ["In the Parliamentarian. Each member may call one per game; a majority removes them."], action: a.action }, "danger"),
    ),
    ...ctx.legal.take("snap-election").map((a) =>
      button(ctx, "Call a snap election", a.action, { title: "Call a snap presidential election?", lines: ["Called once per game; it needs a supermajority, then every player elects the President."], action: a.action }, "danger"),
    ),
  ];
  return calls.length ? el("div", { class: "station-actions" }, calls) : null;
}

/** The President's direct orders to the admiral (only their two teams and Control hear them). */
function ordersView(ctx, orders) {
  const can = ctx.legal.take("order");
  const list = orders.length ? el("ol", { class: "orders" }, orders.map((o) => el("li", {}, `Turn ${o.turn}: ${ctx.who(o.president)} to ${ctx.who(o.admiral)}: “${o.text}”`))) : null;
  if (!can.length) return list ? el("section", {}, el("h3", {}, "Orders to the admiral"), list) : null;
  return el(
    "section",
    { class: "orders-box", "data-actions": JSON.stringify(can.map((c) => c.action)) },
    el("h3", {}, "Orders to the admiral"),
    wordsForm({
      id: "order-words",
      rows: 2,
      label: "A direct order (heard only by the admiral's team, yours and Control)",
      button: "Give the order",
      empty: "write the order first",
      send: (text) => ctx.act(`order ${quote(text)}`),
      limit: ctx.guide && ctx.guide.longest_words,
      what: "An order",
    }),
    list,
  );
}

/** The register: laws (in force or repealed, with their rulings and history), resolutions, the minutes. */
function registerView(council) {
  const laws = council.laws || [];
  return el(
    "section",
    { class: "register" },
    el("h3", {}, "The register of laws"),
    laws.length
      ? el(
          "ol",
          { class: "laws" },
          laws.map((law) =>
            el(
              "li",
              { value: law.id, class: law.status === "in force" ? "" : "repealed" },
              el("span", {}, law.text),
              " ",
              badge(law.status, law.status === "in force" ? "ok" : ""),
              law.marked && !law.enforceable ? badge("unenforceable", "bad") : null,
              law.marked && law.enforceable && !law.enforced ? badge("not enforced", "bad") : null,
              law.history.length ? el("span", { class: "muted" }, ` · changed ${law.history.length} time${law.history.length > 1 ? "s" : ""}`) : null,
            ),
          ),
        )
      : el("p", { class: "muted" }, "No law yet."),
    (council.resolutions || []).length ? [el("h3", {}, "Resolutions"), el("ul", {}, council.resolutions.map((r) => el("li", {}, `Turn ${r.turn}: ${r.text}`)))] : null,
    (council.record || []).length
      ? [
          el("h3", {}, "Votes"),
          el(
            "ul",
            { class: "minutes" },
            council.record.map((r) => el("li", {}, `Bill ${r.bill} (${r.kind}) ${outcome(r)}: ${r.tally.yea} yea, ${r.tally.nay} nay, ${r.tally.abstain} abstain`)),
          ),
        ]
      : null,
  );
}

/** How a recorded vote ended, in words. */
function outcome(record) {
  if (record.tally.how === "override") return record.passed ? "veto overridden" : "veto upheld";
  return `${record.passed ? "passed" : "failed"}${record.tally.how === "tie-break" ? " on the tie-break" : ""}`;
}
