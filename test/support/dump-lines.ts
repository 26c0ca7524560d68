// Reads the page dump the way a model does: line by line, by text, role and state. For policies of
// interactive lanes (test/support/dump-policy.ts) and evaluation oracles, which must pick targets
// from what the dump shows and nothing else. Tolerant on purpose: it knows the line grammar
// (`[id]<tag attrs>text`, `label:`/`options:` details, `| cell |` rows), not any one widget.

/** One element or text line of the dump, or one element shown inline in a table row. */
export interface DumpLine {
  /** `[abc]` as the model writes it in `selector`; undefined for text without an id. */
  ref?: string;
  tag?: string;
  /** The head's attributes with their values unquoted; flags (`checked`, `disabled`) map to ''. */
  attrs: Record<string, string>;
  /** The words after the head (or the whole line for text). */
  text: string;
  /** `label: …`, `options: …` and other `name: value` lines printed under the element. */
  details: Record<string, string>;
  /**
   * For an element line with no words of its own: the words of the plain text and heading lines
   * nested in it. The dump does not repeat a name its lines inside already say (a tree item whose
   * toggle has a line of its own, a card named by its heading), so that is where its name is read.
   */
  inner?: string;
  depth: number;
  /** Marked `*`: the previous snapshot did not show it. */
  fresh: boolean;
  placement: 'above' | 'in view' | 'below';
  /** Index in dump order. */
  index: number;
  /** For a table row line: its cells' text; for an element inside one: the row's line. */
  cells?: string[];
  row?: DumpLine;
  raw: string;
}

const ELEMENT = /^(\*?)\[([a-z0-9#]+)\]<([a-z][\w-]*)((?:\s+(?:[^\s=>"]+(?:=(?:"(?:[^"\\]|\\.)*"|[^\s>"]*))?))*)\s*>(.*)$/is;
const ATTRIBUTE = /([^\s=>"]+)(?:=("(?:[^"\\]|\\.)*"|[^\s>"]*))?/g;
const DETAIL = /^([a-z][a-z ]{0,20}): (.*)$/;
// An element written inline in a row cell: `[id]<tag …>words` up to the next element or cell end.
const INLINE_ELEMENT = /\*?\[[a-z0-9#]+\]<[a-z][\w-]*(?:\s+[^\s=>"]+(?:=(?:"(?:[^"\\]|\\.)*"|[^\s>"]*))?)*\s*>(?:(?!\s*\*?\[[a-z0-9#]+\]<)[^|])*/gi;

/** Every line of `dump`, details folded into the element line above them. */
export function parseDump(dump: string): DumpLine[] {
  const lines: DumpLine[] = [];
  let open: DumpLine | undefined;
  // Where the lines that follow sit, from the dump's `… below the screen:` place lines.
  let place: DumpLine['placement'] = 'in view';
  for (const raw of dump.split('\n')) {
    const body = raw.trimStart();
    if (!body) continue;
    const depth = raw.length - body.length;
    // Our own notes (`… 2 screens below`, `… a modal dialog is open…`) are not page lines.
    const marker = /^… (above|on|below) the screen:$/.exec(body);
    if (marker) place = marker[1] === 'on' ? 'in view' : (marker[1] as 'above' | 'below');
    if (body.startsWith('… ')) continue;
    let rest = body;
    let placement: DumpLine['placement'] = place;
    if (rest.startsWith('↑') || rest.startsWith('↓')) {
      placement = rest.startsWith('↑') ? 'above' : 'below';
      rest = rest.slice(1);
    }
    const detail = DETAIL.exec(rest);
    if (open && detail && depth === open.depth + 1 && !rest.startsWith('[')) {
      open.details[detail[1]!] = detail[2]!;
      continue;
    }
    const rowStart = /^(?:\*?\[[a-z0-9#]+\]<tr[^>]*>)?\| /i.exec(rest);
    if (rowStart) {
      const row = rowLine(rest, rowStart[0], depth, placement, lines.length, raw);
      lines.push(row);
      for (const cell of rest.slice(rowStart[0].length).matchAll(INLINE_ELEMENT)) {
        const inline = elementLine(cell[0].trim(), depth + 1, placement, lines.length, raw);
        if (inline) lines.push({ ...inline, row });
      }
      open = undefined;
      continue;
    }
    const element = elementLine(rest, depth, placement, lines.length, raw);
    if (element) {
      lines.push(element);
      open = element;
      continue;
    }
    lines.push({ attrs: {}, text: rest.replace(/^\\/, ''), details: {}, depth, fresh: false, placement, index: lines.length, raw });
    open = undefined;
  }
  for (const line of lines) if (line.ref && !line.text && !line.row && !line.details.label) line.inner = innerWords(lines, line);
  return lines;
}

function innerWords(lines: readonly DumpLine[], parent: DumpLine): string | undefined {
  const words: string[] = [];
  // The words inside another element (a tree item in a tree) are that element's, not the parent's.
  let inside = Infinity;
  for (let index = parent.index + 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.row) continue;
    if (line.depth <= parent.depth) break;
    if (line.depth > inside || line.cells) continue;
    inside = Infinity;
    if (!line.ref || roleOf(line) === 'heading') words.push(line.text);
    else inside = line.depth;
  }
  return words.length ? words.join(' ') : undefined;
}

function elementLine(text: string, depth: number, placement: DumpLine['placement'], index: number, raw: string): DumpLine | undefined {
  const match = ELEMENT.exec(text);
  if (!match) return undefined;
  const attrs: Record<string, string> = {};
  for (const attribute of match[4]!.matchAll(ATTRIBUTE)) attrs[attribute[1]!] = unquote(attribute[2] ?? '');
  return { ref: `[${match[2]}]`, tag: match[3]!.toLowerCase(), attrs, text: match[5]!.trim(), details: {}, depth, fresh: match[1] === '*', placement, index, raw };
}

function rowLine(text: string, start: string, depth: number, placement: DumpLine['placement'], index: number, raw: string): DumpLine {
  const body = text.slice(start.length).replace(/\s*\|\s*$/, '');
  const cells = body.split(' | ').map((cell) => cell.replace(INLINE_ELEMENT, (element) => element.replace(/^\*?\[[^\]]+\]<[^>]*>/, '')).trim());
  const id = /\[([a-z0-9#]+)\]/i.exec(start);
  return { ...(id ? { ref: `[${id[1]}]`, tag: 'tr' } : {}), attrs: {}, text: cells.join(' | '), details: {}, depth, fresh: start.startsWith('*'), placement, index, cells, raw };
}

function unquote(value: string): string {
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

/** What a policy asks for: every given part must hold. */
export interface LineQuery {
  /** The line's words: a string matches the whole text (case and spacing aside), a RegExp any part. */
  text?: string | RegExp;
  /** The text, its `label:` line or its aria-label, whichever matches: how a person names a control. */
  name?: string | RegExp;
  role?: string;
  tag?: string;
  /** Attribute values that must hold; `true` only asks that the attribute (or flag) is there. */
  state?: Record<string, string | true>;
  /** Only lines nested under this one (its subtree by indentation, or the row it belongs to). */
  within?: DumpLine;
  /** Only lines after this one in dump order (the next control after a heading, say). */
  after?: DumpLine;
  /** Lines with an id only (default), or any line. */
  indexed?: boolean;
  /** Only lines marked `*`, new since the previous snapshot (a list that just opened). */
  fresh?: boolean;
}

export function findLines(lines: readonly DumpLine[], query: LineQuery): DumpLine[] {
  return lines.filter((line) => matches(lines, line, query));
}

export function findLine(lines: readonly DumpLine[], query: LineQuery): DumpLine | undefined {
  return lines.find((line) => matches(lines, line, query));
}

function matches(lines: readonly DumpLine[], line: DumpLine, query: LineQuery): boolean {
  if ((query.indexed ?? true) && !line.ref) return false;
  if (query.fresh && !line.fresh) return false;
  if (query.tag && line.tag !== query.tag) return false;
  if (query.role && roleOf(line) !== query.role) return false;
  if (query.text !== undefined && !textMatches(line.text, query.text)) return false;
  if (query.name !== undefined && !namesOf(line).some((name) => textMatches(name, query.name!))) return false;
  if (query.after && line.index <= query.after.index) return false;
  if (query.within && !isWithin(lines, line, query.within)) return false;
  for (const [name, value] of Object.entries(query.state ?? {})) {
    if (!(name in line.attrs)) return false;
    if (value !== true && line.attrs[name] !== value) return false;
  }
  return true;
}

const IMPLICIT_ROLES: Record<string, string> = { a: 'link', button: 'button', select: 'combobox', textarea: 'textbox', li: 'listitem', table: 'table', dialog: 'dialog', summary: 'button' };

/** The role a line declares, or the one its tag has. */
export function roleOf(line: DumpLine): string | undefined {
  if (line.attrs.role) return line.attrs.role;
  // An input, or the painted box the dump shows for an unpainted one (`<div type=checkbox>`).
  if (line.tag === 'input' || (line.attrs.type && !IMPLICIT_ROLES[line.tag ?? ''])) {
    const type = line.attrs.type ?? 'text';
    return type === 'checkbox' || type === 'radio' ? type : type === 'range' ? 'slider' : type === 'button' || type === 'submit' ? 'button' : 'textbox';
  }
  if (line.tag && /^h[1-6]$/.test(line.tag)) return 'heading';
  return line.tag ? IMPLICIT_ROLES[line.tag] : undefined;
}

function namesOf(line: DumpLine): string[] {
  return [line.text, line.details.label, line.attrs['aria-label'], line.attrs.placeholder, line.inner].filter((name): name is string => Boolean(name));
}

function textMatches(text: string, wanted: string | RegExp): boolean {
  if (typeof wanted !== 'string') return wanted.test(text);
  return normalize(text) === normalize(wanted);
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The closest line before `line` that matches `query` (the control just above a list, a chip's remove button). */
export function lineBefore(lines: readonly DumpLine[], line: DumpLine, query: LineQuery = {}): DumpLine | undefined {
  for (let index = line.index - 1; index >= 0; index -= 1) {
    if (matches(lines, lines[index]!, query)) return lines[index];
  }
  return undefined;
}

/** The lines nested under `parent` (by indentation), or the inline elements of a row. */
export function linesWithin(lines: readonly DumpLine[], parent: DumpLine): DumpLine[] {
  return lines.filter((line) => isWithin(lines, line, parent));
}

function isWithin(lines: readonly DumpLine[], line: DumpLine, parent: DumpLine): boolean {
  if (line.row) return line.row === parent || isWithin(lines, line.row, parent);
  if (line.index <= parent.index || line.depth <= parent.depth) return false;
  for (let index = parent.index + 1; index < line.index; index += 1) {
    const between = lines[index]!;
    if (!between.row && between.depth <= parent.depth) return false;
  }
  return true;
}

/** Why a policy cannot find `text` among the indexed lines: seen without an id, or not at all. */
export function explainMissing(lines: readonly DumpLine[], text: string | RegExp, what = 'it'): string {
  const plain = lines.find((line) => !line.ref && !line.row && textMatches(line.text, text));
  const shown = typeof text === 'string' ? `"${text}"` : String(text);
  if (plain) return `${what} (${shown}) shows as text without an id: "${plain.raw.trim()}"`;
  const inRow = lines.find((line) => line.cells?.some((cell) => textMatches(cell, text)));
  if (inRow) return `${what} (${shown}) shows in a table row without an id: "${inRow.raw.trim()}"`;
  // As words, not letters inside another word ("Age" is not in "<h3>Message").
  const words = typeof text === 'string' ? new RegExp(`(?<![\\p{L}\\p{N}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu') : text;
  const anywhere = lines.find((line) => words.test(line.raw));
  if (anywhere) return `${what} (${shown}) appears only inside another line: "${anywhere.raw.trim()}"`;
  return `${what} (${shown}) is not in the dump`;
}

/**
 * Where the dump says a line is: `above`, `on` or `below` the screen, from the last
 * `… above the screen:` / `… on the screen:` / `… below the screen:` line before it (lines come
 * on the screen until one says otherwise).
 */
export function placeOf(dump: string, line: RegExp): 'above' | 'on' | 'below' {
  let place: 'above' | 'on' | 'below' = 'on';
  for (const each of dump.split('\n')) {
    const marker = /^… (above|on|below) the screen:$/.exec(each);
    if (marker) place = marker[1] as typeof place;
    else if (line.test(each)) return place;
  }
  throw new Error(`no line matching ${line} in:\n${dump}`);
}
