// Interactive recall, as /work/shared/corpus/README.md defines it: the share of interactive,
// visible elements whose label appears in a dump "as the same run of words (markup between the
// words is ignored)", matched one for one.
//
// Normalisation, applied the same way to both formats:
//  1. Markup is removed, text is kept. For our dump: the `[id]`/`*[id]` tags that precede `<tag`,
//     the `<tag attr=value …>` heads, the `↑`/`↓` placement marks, the `label:`/`options:` prefixes
//     of detail lines and our own `… N screens below` / `… (dump truncated …)` lines. For
//     page-agent's: the `[N]`/`*[N]` indexes, `<tag attr=value …>` heads, the ` />` line ends and
//     tab indentation.
//  2. Inside heads, only the values of attributes that can carry an element's label are kept as
//     text: aria-label, placeholder, name, title, value, alt, label, selected. Both formats print
//     such values (ours quoted, page-agent's cut to 20 characters plus "..."); everything else in a
//     head (tag and attribute names, href, type, role, state, ids, scroll data) is dropped, so it
//     can neither split a run of words nor supply a match by accident.
//  3. Words are runs of letters, digits and combining marks (Unicode), compared case-insensitively
//     (innerText applies text-transform, dumps print the source text) and by compatibility form
//     (NFKC: full-width "１月" is "1月", as a reader takes it; our dump prints the folded form for
//     its Unicode defences, and a serializer may print either); punctuation and symbols are
//     dropped. A label with no such word (empty, or only "×", "☰") cannot be matched by words and
//     is left out of the denominator; its count is reported.
//  4. Word boundaries *inside* a label are not required to line up with the dump's: a label
//     matches where the dump's words, concatenated, contain the label's words, concatenated, with
//     the match starting and ending on word boundaries. So "Sign in" matches "Sign\nin" and
//     "foo<span>bar</span>" matches whether a serializer printed "foobar" or "foo bar", but
//     "Share" never matches inside "Shared".
//  5. One for one: distinct labels are matched longest first, each match consumes its span of the
//     dump, so 30 "Share" links need 30 separate "Share"s and "Share" cannot reuse the words of an
//     already matched "Share on Facebook".

const KEPT_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'name', 'title', 'value', 'alt', 'label', 'selected']);
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export function words(text) {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

// Our head: `<tag` then `name`, `name=token` or `name="quoted \"value\""` items, then `>`. Page text
// can never produce `<letter` (the snapshot turns it into `‹`), so every head follows one of our ids.
const OUR_ELEMENT = /\*?\[[0-9a-z]{3,8}\]<([a-z][a-z0-9-]*)((?:\s+[^\s=>"]+(?:=(?:"(?:[^"\\]|\\.)*"|[^\s>"]*))?)*)\s*>/g;
const OUR_ATTRIBUTE = /([^\s=>"]+)(?:=("(?:[^"\\]|\\.)*"|[^\s>"]*))?/g;

export function normaliseOurs(text) {
  const out = [];
  for (let line of text.split('\n')) {
    line = line.replace(/^\s+/, '');
    if (line.startsWith('…')) continue; // our screens-above/below and truncation notes
    line = line.replace(/^[↑↓]/, '');
    line = line.replace(/^(label|options): /, '');
    line = line.replace(OUR_ELEMENT, (_, _tag, attrs) => {
      const kept = [];
      for (const match of attrs.matchAll(OUR_ATTRIBUTE)) {
        if (!KEPT_ATTRIBUTES.has(match[1]) || match[2] === undefined) continue;
        const value = match[2].startsWith('"') ? match[2].slice(1, -1).replace(/\\"/g, '"') : match[2];
        kept.push(value);
      }
      return ` ${kept.join(' ')} `;
    });
    out.push(line);
  }
  return out.join('\n');
}

// page-agent's line: tabs, `[N]<tag`, then ` key=value` pairs (values unquoted, may hold spaces,
// cut to 20 chars + "..."), an optional ` data-scrollable="…"`, then `>text` and ` />`. Element text
// may run over several lines; only the last one ends in ` />`. Keys come from its fixed
// include-list, which is what lets us split the unquoted values.
const THEIR_KEYS = [
  'title', 'type', 'checked', 'name', 'role', 'value', 'placeholder', 'data-date-format', 'alt', 'aria-label',
  'aria-expanded', 'data-state', 'aria-checked', 'id', 'for', 'target', 'aria-haspopup', 'aria-controls',
  'aria-owns', 'contenteditable', 'data-scrollable',
];
const THEIR_ELEMENT = /^\*?\[\d+\]<([a-zA-Z0-9-]*)(.*)$/;
const THEIR_KEY = new RegExp(`(?:^|\\s)(${THEIR_KEYS.join('|')})=`, 'g');

export function normaliseTheirs(text) {
  const out = [];
  for (let line of text.split('\n')) {
    line = line.replace(/^\t+/, '').replace(/ \/>$/, '');
    const element = THEIR_ELEMENT.exec(line);
    if (!element) {
      out.push(line);
      continue;
    }
    let rest = element[2];
    let body = '';
    const close = rest.indexOf('>');
    if (close !== -1) {
      body = rest.slice(close + 1);
      rest = rest.slice(0, close);
    }
    const kept = [];
    const keys = Array.from(rest.matchAll(THEIR_KEY));
    keys.forEach((match, index) => {
      const start = match.index + match[0].length;
      const end = index + 1 < keys.length ? keys[index + 1].index : rest.length;
      if (KEPT_ATTRIBUTES.has(match[1])) kept.push(rest.slice(start, end));
    });
    out.push(`${kept.join(' ')} ${body}`);
  }
  return out.join('\n');
}

/** The dump as one string of words without separators, plus where words start and end. */
function indexDump(normalised) {
  const list = words(normalised);
  const joined = list.join('');
  const boundary = new Uint8Array(joined.length + 1);
  let at = 0;
  for (const word of list) {
    boundary[at] = 1;
    at += word.length;
    boundary[at] = 1;
  }
  return { joined, boundary, consumed: new Uint8Array(joined.length) };
}

/**
 * Matches `labels` (strings, one per element) against a normalised dump, one for one.
 * Returns per element true (matched), false (missed) or null (no words: not counted), plus how
 * often each missed label occurs in the dump at all (ignoring consumption), for diagnostics.
 * `prefer(i)` ranks elements sharing a label: those returning true get the found occurrences first.
 */
export function matchLabels(labels, normalised, prefer = () => false) {
  const dump = indexDump(normalised);
  const groups = new Map();
  labels.forEach((label, index) => {
    const key = words(label).join('');
    if (!key) return;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(index);
  });
  const result = labels.map(() => null);
  const occurrences = new Map();
  const keys = Array.from(groups.keys()).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const key of keys) {
    const members = groups.get(key);
    let found = 0;
    let seen = 0;
    for (let pos = dump.joined.indexOf(key); pos !== -1; pos = dump.joined.indexOf(key, pos + 1)) {
      const end = pos + key.length;
      if (!dump.boundary[pos] || !dump.boundary[end]) continue;
      seen += 1;
      if (found >= members.length) continue;
      let free = true;
      for (let i = pos; i < end; i += 1) if (dump.consumed[i]) { free = false; break; }
      if (!free) continue;
      dump.consumed.fill(1, pos, end);
      found += 1;
      pos = end - 1;
    }
    occurrences.set(key, seen);
    const ranked = [...members].sort((a, b) => Number(prefer(b)) - Number(prefer(a)) || a - b);
    ranked.forEach((index, rank) => {
      result[index] = rank < found;
    });
  }
  return { matched: result, occurrencesOf: (label) => occurrences.get(words(label).join('')) ?? 0 };
}

/** hits / counted over the elements selected by `include` (default all). */
export function recallOf(matched, include = () => true) {
  let counted = 0;
  let hits = 0;
  matched.forEach((value, index) => {
    if (value === null || !include(index)) return;
    counted += 1;
    if (value) hits += 1;
  });
  return { counted, hits, recall: counted === 0 ? null : hits / counted };
}
