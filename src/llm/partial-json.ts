export interface PartialJson {
  value: unknown;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Parses the prefix of a JSON document that a model is still streaming. Unterminated strings,
 * objects and arrays yield what has arrived so far; an unfinished key, number or literal at the
 * very end is left out. Returns undefined for text that is not the start of valid JSON. Reads the
 * text from its start: for a reply that is still growing, TurnStreamReader reads each chunk once.
 */
export function parsePartialJson(text: string): PartialJson | undefined {
  let i = 0;
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
    i++;
    for (;;) {
      skip();
      if (i >= text.length) return result;
      if (text[i] === '}') {
        i++;
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
      const value = parseValue();
      if (value === incomplete) return result;
      result[key as string] = unwrap(value);
      if (isPartial(value)) return result;
    }
  };

  const parseArray = (): unknown[] => {
    const result: unknown[] = [];
    i++;
    for (;;) {
      skip();
      if (i >= text.length) return result;
      if (text[i] === ']') {
        i++;
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
    return { value: value === incomplete ? undefined : unwrap(value) };
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
