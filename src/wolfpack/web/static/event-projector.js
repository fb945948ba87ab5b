// The projector: the public view only (it joins with no token), drawn large for a 1920x1080 screen read from five
// metres: turn, phase and clock; the pursuit track; the fleet map; the laws in force; the latest news; and a Wolf
// Attack alert that takes the whole screen while an attack is under way. People are named as the room knows them
// ("Ann, Captain of the Dione"), never by their seat's label.

import { byId, el, fill, setText } from "./js/dom.js";
import { fleetMap, lawsInForce, pursuitTrack, shipName, turnText } from "./js/den.js";
import { EventSocket, eventIdFromPath, stepName, tickClock } from "./js/live.js";
import { broadcastItem } from "./js/media.js";
import { showConnection } from "./js/page.js";

const NEWS_LINES = 8;
const socket = new EventSocket({ event: eventIdFromPath(), token: null, onFrame, onStatus });
const drawClock = tickClock(socket, byId("clock"));
const people = socket.people;
socket.connect();

function onStatus(state) {
  showConnection(state);
}

function onFrame(frame) {
  if (frame.type === "state" || (frame.type === "names" && socket.view)) draw();
  else if (frame.type === "clock") drawClock();
  else if (frame.type === "error" && !socket.view) setText("phase", frame.message);
}

function draw() {
  const view = socket.view;
  const observation = view.observation;
  setText("turn", turnText(observation));
  setText("phase", `${stepName(observation.step)}${observation.paused ? " · paused" : ""}${view.over ? " · the event is over" : ""}`);
  document.body.dataset.step = observation.step;
  document.body.dataset.turn = String(observation.turn);
  fill("pursuit", pursuitTrack(observation));
  fill("map", fleetMap(observation));
  fill("laws", lawsInForce(observation.council));
  const latest = (observation.broadcasts || []).slice(-1);
  byId("on-air").hidden = !latest.length;
  fill("broadcasts", latest.map((b) => broadcastItem(b, (label) => people.of(label))));
  const news = view.log.slice(-NEWS_LINES).reverse();
  fill("news", news.length ? news.map((line) => el("li", {}, people.inText(line))) : el("li", { class: "muted" }, "Nothing yet."));
  drawAttack(observation);
}

function drawAttack(observation) {
  const attack = observation.attack;
  const box = byId("attack");
  box.hidden = !attack;
  document.body.dataset.attack = attack ? "on" : "off";
  if (!attack) return;
  const wolves = Object.values(attack.wolves || {});
  const aboard = wolves.filter((wolf) => wolf.ship).map((wolf) => shipName(observation, wolf.ship));
  setText(
    "attack-round",
    `Round ${attack.round} · ${wolves.length} Wolves${aboard.length ? ` · boarders aboard ${[...new Set(aboard)].join(", ")}` : ""}`,
  );
  fill("attack-map", fleetMap(observation));
}
