// The replay of a finished game on the table page: buttons, the arrow keys (Home and End too) and a slider step
// through it, one event at a time. Each step is asked of the server (`replay` on the table's socket), which plays the
// stored events again and sends the step as this seat saw it, drawn like a live frame.

const PACE_MS = 60;
// A held arrow key repeats faster than the server lets one socket send (20 frames a second): one step is asked at a
// time, and the next no sooner than this after the last answer.

/** The replay's controls: `ask(step)` sends a request; `show(frame)` takes each answer. */
export class ReplayControls {
  constructor(elements, ask) {
    this.els = elements;
    this.ask = ask;
    this.steps = 0;
    this.shown = null;
    this.wanted = 0;
    this.waiting = false;
    const { start, back, forward, end, slider } = elements;
    start.addEventListener("click", () => this.want(0));
    // Steps count from the step last asked for, not the one shown: two quick clicks go two steps, even while the
    // first answer is on its way (a second Back was lost that way under load).
    back.addEventListener("click", () => this.want(this.wanted - 1));
    forward.addEventListener("click", () => this.want(this.wanted + 1));
    end.addEventListener("click", () => this.want(this.steps));
    slider.addEventListener("input", () => this.want(Number(slider.value)));
    document.addEventListener("keydown", (event) => this.key(event));
  }

  /** Open the replay at its start. */
  begin() {
    this.els.box.hidden = false;
    this.want(0);
  }

  /** Step to `step` (kept within the game), asking the server when no answer is awaited. */
  want(step) {
    const top = this.shown === null ? Infinity : this.steps;
    this.wanted = Math.max(0, Math.min(step, top));
    if (!this.waiting && this.wanted !== this.shown) this.send();
  }

  send() {
    this.waiting = true;
    this.ask(this.wanted);
  }

  /** An answer came: show where the replay is, and ask for the step wanted since, if it moved on. */
  show(frame) {
    this.waiting = false;
    this.steps = frame.steps;
    this.shown = frame.step;
    const { step, what, slider, start, back, forward, end } = this.els;
    step.textContent = `Step ${frame.step} of ${frame.steps}`;
    what.textContent = frame.step > 0 && frame.log.length ? frame.log[frame.log.length - 1] : "The start of the game.";
    slider.max = String(frame.steps);
    if (document.activeElement !== slider) slider.value = String(frame.step);
    slider.setAttribute("aria-valuetext", `step ${frame.step} of ${frame.steps}`);
    start.disabled = back.disabled = frame.step === 0;
    forward.disabled = end.disabled = frame.step === frame.steps;
    if (this.wanted !== this.shown) setTimeout(() => !this.waiting && this.wanted !== this.shown && this.send(), PACE_MS);
  }

  /** Nothing was sent back (a refusal): let the next step be asked. */
  failed() {
    this.waiting = false;
  }

  /** The arrow keys step back and forth, Home and End jump; not while typing, nor on the slider (it steps itself). */
  key(event) {
    if (this.els.box.hidden || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, textarea, select")) return;
    const at = this.wanted;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: this.steps };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.want(moves[event.key]);
  }
}
