// People in words: "Ann, Captain of the Dione" where a desk knows who holds the seat (its roster), "the Captain of
// the Dione" where nobody (or a bot, or Control) does; never a seat's label (`dione/captain`) where a person is meant.

const LABEL = /\b[a-z0-9-]+\/[a-z0-9-]+\b/g;

export class People {
  constructor() {
    this.seats = new Map();
    this.names = new Map();
  }

  /** The event's seats (the welcome's): each label's role and team. */
  seatsFrom(seats) {
    this.seats = new Map(seats.map((seat) => [seat.label, seat]));
  }

  /** Who holds each seat (a roster frame): the person's name, for a seat a person holds. */
  namesFrom(roster) {
    this.names = new Map(roster.seats.filter((seat) => seat.holder === "person" && seat.name).map((seat) => [seat.label, seat.name]));
  }

  /** The role of a seat: "Captain of the Dione" (the label itself if the seat is unknown). */
  role(label) {
    const seat = this.seats.get(label);
    if (!seat) return label;
    if (label === "control") return "Control";
    return `${seat.role} of the ${seat.team_name}`;
  }

  /** The person in a seat: "Ann, Captain of the Dione", or "the Captain of the Dione". */
  of(label) {
    if (!this.seats.has(label) || label === "control") return this.role(label);
    const name = this.names.get(label);
    return name ? `${name}, ${this.role(label)}` : `the ${this.role(label)}`;
  }

  /** Text with every seat label in it put as the person in that seat. */
  inText(text) {
    return String(text).replace(LABEL, (label) => (this.seats.has(label) ? this.of(label) : label));
  }
}
