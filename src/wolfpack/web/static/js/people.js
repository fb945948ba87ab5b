// People in words: "Ann, Captain of the Dione" where the event names who holds the seat (its `names` frame, sent to
// every device: names are public at a megagame), "the Captain of the Dione" where nobody (or a bot, or Control)
// does; never a seat's label (`dione/captain`) where a person is meant, nor a counter's id (`dione:u1`, "Dione's u1":
// the panels print the short id under the ship's name). Every event page holds one, on its socket.

const LABEL = /\b[a-z0-9-]+\/[a-z0-9-]+\b/g;
const COUNTER = /\b([a-z0-9-]+):([a-z][0-9]+)\b/g;

export class People {
  constructor() {
    this.seats = new Map();
    this.names = new Map();
    this.teams = new Map();
  }

  /** The event's seats (the welcome's): each label's role and team. */
  seatsFrom(seats) {
    this.seats = new Map(seats.map((seat) => [seat.label, seat]));
    this.teams = new Map(seats.map((seat) => [seat.label.split("/")[0], seat.team_name]));
  }

  /** Who holds each seat a person holds (a `names` frame's names: label -> the person's name). */
  namesFrom(names) {
    this.names = new Map(Object.entries(names || {}));
  }

  /** The name of the person in a seat, or "" where no person is named (in `names`, label -> name, where given: who
   * held the seats at another time, as an audit row recorded them). */
  name(label, names = this.names) {
    return this.seats.has(label) && label !== "control" ? names.get(label) || "" : "";
  }

  /** The role of a seat: "Captain of the Dione" (the label itself if the seat is unknown). */
  role(label) {
    const seat = this.seats.get(label);
    if (!seat) return label;
    if (label === "control") return "Control";
    return `${seat.role} of the ${seat.team_name}`;
  }

  /** The person in a seat: "Ann, Captain of the Dione", or "the Captain of the Dione" ("The ..." to begin a
   * sentence or a heading, with `start`). */
  of(label, { start = false, names = this.names } = {}) {
    if (!this.seats.has(label) || label === "control") return this.role(label);
    const name = this.name(label, names);
    if (name) return `${name}, ${this.role(label)}`;
    return `${start ? "The" : "the"} ${this.role(label)}`;
  }

  /** Text with every seat label in it put as the person in that seat (now, or as `names` has them), and every
   * counter of a team's ship under the ship's name. */
  inText(text, names = this.names) {
    return String(text)
      .replace(LABEL, (label) => (this.seats.has(label) ? this.of(label, { names }) : label))
      .replace(COUNTER, (id, team, counter) => (this.teams.get(team) ? `${this.teams.get(team)}'s ${counter}` : id));
  }
}
