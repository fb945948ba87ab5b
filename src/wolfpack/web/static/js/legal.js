// A seat's legal actions, as the players' screens place them: each panel takes the actions of its verbs (a station
// its `use` and `repair`, the jump sheet its `coords` and `jump`...), and whatever no panel took is still offered
// under "Other actions". So a screen offers exactly the seat's legal actions, no more and none lost.

/** One legal action split into its words (before any quoted text) and its quoted text ("" if none). */
export function parseAction(action) {
  const quote = action.indexOf('"');
  const head = quote < 0 ? action : action.slice(0, quote);
  return { action, words: head.trim().split(/\s+/), text: quote < 0 ? "" : action.slice(quote + 1, action.lastIndexOf('"')) };
}

export class Legal {
  constructor(actions = []) {
    this.parsed = actions.map(parseAction);
    this.taken = new Set();
  }

  /** Whether the seat may act at all now. */
  get empty() {
    return this.parsed.length === 0;
  }

  /** The actions of `verb` whose next words equal `pattern` (null matches any word), marked as placed. */
  take(verb, ...pattern) {
    const found = this.parsed.filter(
      ({ words }) => words[0] === verb && pattern.every((want, i) => want === null || words[i + 1] === want),
    );
    for (const { action } of found) this.taken.add(action);
    return found;
  }

  /** Whether this exact action is legal now (it is then marked as placed). */
  has(action) {
    const found = this.parsed.some((parsed) => parsed.action === action);
    if (found) this.taken.add(action);
    return found;
  }

  /** The actions no panel placed. */
  rest() {
    return this.parsed.filter(({ action }) => !this.taken.has(action)).map(({ action }) => action);
  }
}

/** Group parsed actions by the word at `index` (e.g. each crew counter's moves): Map word -> [parsed]. */
export function groupBy(parsed, index) {
  const groups = new Map();
  for (const item of parsed) {
    const key = item.words[index];
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}
