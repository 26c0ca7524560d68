export interface PartialJson {
  value: unknown;
  /** Objects and arrays whose closing bracket has not arrived yet. */
  open: WeakSet<object>;
  /** Where each key of the outermost object has its value in the text (for resuming a parse there). */
  offsets: Map<string, number>;
  /** Where parsing stopped: just after the value when it is complete. */
  end: number;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Parses the prefix of a JSON document that a model is still streaming. Unterminated strings,
 * objects and arrays yield what has arrived so far; an unfinished key, number or literal at the
 * very end is left out. Returns undefined for text that is not the start of valid JSON.
 */
export function parsePartialJson(text: string, start = 0): PartialJson | undefined {
  const open = new WeakSet<object>();
  const offsets = new Map<string, number>();
  let depth = 0;
  let i = start;
  const incomplete = Symbol('incomplete');

  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };

  const parseString = (): string | typeof incomplete => {
    i++; // opening quote
    let out = '';
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        i++;
        return out;
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === undefined) break; // escape cut in half: wait for the rest
        if (next === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (hex.length < 4) break;
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          continue;
        }
        out += ESCAPES[next] ?? next;
        i += 2;
        continue;
      }
      out += ch;
      i++;
    }
    i = text.length;
    // Strings are returned partially so narration can be shown as it arrives.
    return Object.assign(new String(out), { [partialMark]: true }) as unknown as string;
  };

  const parseValue = (): unknown => {
    skip();
    if (i >= text.length) return incomplete;
    const ch = text[i]!;
    if (ch === '{') return parseObject();
    if (ch === '[') return parseArray();
    if (ch === '"') return parseString();
    const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 32));
    if (!match) {
      if (/^(?:-|\d|t|f|n)/.test(text.slice(i)) && isPrefixOfLiteral(text.slice(i))) {
        i = text.length;
        return incomplete;
      }
      throw new SyntaxError(`Unexpected ${JSON.stringify(ch)} at ${i}`);
    }
    i += match[0].length;
    // A number at the very end may still grow ("12" → "123"): wait for its end.
    if (i >= text.length && /\d$/.test(match[0])) return incomplete;
    return JSON.parse(match[0]);
  };

  const parseObject = (): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    open.add(result);
    const outermost = depth === 0;
    depth++;
    try {
      return parseMembers(result, outermost);
    } finally {
      depth--;
    }
  };

  const parseMembers = (result: Record<string, unknown>, outermost: boolean): Record<string, unknown> => {
    i++;
    for (;;) {
      skip();
      if (i >= text.length) return result;
      if (text[i] === '}') {
        i++;
        open.delete(result);
        return result;
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] !== '"') throw new SyntaxError(`Expected a key at ${i}`);
      const key = parseString();
      if (isPartial(key)) return result;
      skip();
      if (i >= text.length) return result;
      if (text[i] !== ':') throw new SyntaxError(`Expected ':' at ${i}`);
      i++;
      if (outermost) {
        skip();
        offsets.set(key as string, i);
      }
      const value = parseValue();
      if (value === incomplete) return result;
      result[key as string] = unwrap(value);
      if (isPartial(value)) return result;
    }
  };

  const parseArray = (): unknown[] => {
    const result: unknown[] = [];
    open.add(result);
    depth++;
    try {
      return parseItems(result);
    } finally {
      depth--;
    }
  };

  const parseItems = (result: unknown[]): unknown[] => {
    i++;
    for (;;) {
      skip();
      if (i >= text.length) return result;
      if (text[i] === ']') {
        i++;
        open.delete(result);
        return result;
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      const value = parseValue();
      if (value === incomplete) return result;
      result.push(unwrap(value));
      if (isPartial(value)) return result;
    }
  };

  try {
    const value = parseValue();
    if (value === incomplete) return { value: undefined, open, offsets, end: i };
    return { value: unwrap(value), open, offsets, end: i };
  } catch {
    return undefined;
  }
}

const partialMark = Symbol('partial');
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };

function isPartial(value: unknown): boolean {
  return value instanceof String && partialMark in value;
}

function unwrap(value: unknown): unknown {
  return value instanceof String ? value.valueOf() : value;
}

function isPrefixOfLiteral(rest: string): boolean {
  return ['true', 'false', 'null'].some((literal) => literal.startsWith(rest)) || /^-?\d*\.?\d*[eE]?[+-]?\d*$/.test(rest);
}
