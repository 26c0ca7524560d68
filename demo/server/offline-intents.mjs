// What the visitor asked for, read from plain English with a handful of tolerant patterns.
// The offline model is a demo, not a language model: anything these patterns miss is answered
// honestly with the list of tasks it can do.

/**
 * @typedef {{ kind: 'help', understood: boolean }
 *   | { kind: 'navigate', words: string[], orderId?: string }
 *   | { kind: 'set-field', field: string, value: string }
 *   | { kind: 'search', query: string }
 *   | { kind: 'delete', orderId?: string, thisOrder: boolean }
 *   | { kind: 'delete-account' }
 *   | { kind: 'typed-by-visitor', field: string }
 *   | { kind: 'tour' }} Intent
 */

const STOPWORDS = new Set(
  `a an and are can could do for go goes going head i is it jump lets let's me my navigate of on our
  open page please screen section see show switch take tab the there this to us view visit want we
  where which would you your bring get find me over up look looking at`.split(/\s+/),
);
const NAVIGATION_VERBS = /\b(go|goto|take me|open|show|navigate|visit|where|bring me|jump|head|switch to|get me to|view|see)\b/;
const SEARCH_VERBS = /\b(find|search|look(?:ing)?\s*(?:up|for)|lookup|filter|locate)\b/;
const HELP = /^(help|hi|hello|hey|hallo|yo|start)\b|what (?:can|do|else can) you do|what are you|who are you|how (?:does|do) (?:this|it|you) work|^\?$/;
const TOUR = /\b(tour|show me around|walk me through|guide me|around (?:here|this page)|what(?:'s| is) on (?:this|the) page)\b/;
const TYPE_MYSELF = /\b(?:let me|i(?:'ll| will| want to| would like to)|help me)\s+(?:type|enter|fill in|write)\s+(?:in\s+)?(?:my|the|our)\s+(.+?)(?:\s+(?:myself|by myself|on my own|field|here))*\s*$/i;
const ORDER_NUMBER = /\border\s*(?:number|no\.?|#)?\s*#?\s*(\d{3,6})\b|#\s*(\d{3,6})\b/;

/** @returns {Intent} */
export function readIntent(task) {
  const text = clean(task);
  const lower = text.toLowerCase();
  // Before help: "help me type my email" is this, not a greeting.
  const typed = TYPE_MYSELF.exec(text);
  if (typed) return { kind: 'typed-by-visitor', field: typed[1] };
  if (!text || HELP.test(lower)) return { kind: 'help', understood: true };

  if (TOUR.test(lower)) return { kind: 'tour' };
  if (/\b(delete|remove|erase|close|cancel)\b/.test(lower) && /\b(my|our|the)\s+account\b/.test(lower)) return { kind: 'delete-account' };

  const orderId = ORDER_NUMBER.exec(lower)?.slice(1).find(Boolean) ?? /\b(\d{4,6})\b/.exec(lower)?.[1];

  if (/\b(delete|remove|erase|trash|get rid of)\b/.test(lower) && (orderId || /\border\b/.test(lower))) {
    return { kind: 'delete', orderId, thisOrder: /\b(this|that|current)\s+order\b/.test(lower) };
  }

  const setting = readSetting(text);
  if (setting) return { kind: 'set-field', ...setting };

  const query = readSearchQuery(text, lower, orderId);
  if (query) return { kind: 'search', query };

  const words = contentWords(lower);
  if (orderId && /\b(open|show|view|go|take me|see)\b/.test(lower)) return { kind: 'navigate', words, orderId };
  if (words.length && (NAVIGATION_VERBS.test(lower) || words.length <= 2)) return { kind: 'navigate', words };
  return { kind: 'help', understood: false };
}

/** "change my name to X", "set email to Y", "my email is Y", "turn on the newsletter", "rename me to X". */
function readSetting(text) {
  const set = /\b(?:change|set|update|make|switch|edit|rename|put)\s+(?:my\s+|the\s+|our\s+|account\s+)*(.+?)\s+(?:to|as|into|=)\s+(.+)$/i.exec(text);
  if (set && !/^me$/i.test(set[1])) return { field: set[1].trim(), value: unquote(set[2]) };
  const renameMe = /\brename me\s+(?:to\s+)?(.+)$/i.exec(text) ?? /\bcall me\s+(.+)$/i.exec(text);
  if (renameMe) return { field: 'name', value: unquote(renameMe[1]) };
  const mine = /\bmy\s+(.+?)\s+(?:is|should be)\s+(?:now\s+)?(.+)$/i.exec(text);
  if (mine) return { field: mine[1].trim(), value: unquote(mine[2]) };
  const toggle = /\bturn\s+(on|off)\s+(?:the\s+|my\s+)?(.+)$/i.exec(text) ?? /\bturn\s+(?:the\s+|my\s+)?(.+?)\s+(on|off)$/i.exec(text);
  if (toggle) {
    const [state, field] = /^(on|off)$/i.test(toggle[1]) ? [toggle[1], toggle[2]] : [toggle[2], toggle[1]];
    return { field: field.trim(), value: state.toLowerCase() };
  }
  return undefined;
}

/** "find order 1042", "search orders for Ada", "look up Grace's orders", "filter orders by shipped". */
function readSearchQuery(text, lower, orderId) {
  if (!SEARCH_VERBS.test(lower)) {
    // "show orders from Ada": a listing verb plus a "from/for/by X" clause is a search too.
    const listing = /\b(?:show|list)\b.*\borders?\b\s+(?:from|for|by|of|placed by)\s+(.+)$/i.exec(text);
    return listing ? unquote(listing[1]) : undefined;
  }
  if (orderId) return orderId;
  const possessive = /\b(?:find|search(?: for)?|look(?:ing)?\s*(?:up|for)|locate|filter)\s+(.+?)['’]s\s+orders?\b/i.exec(text);
  if (possessive) return unquote(possessive[1]);
  const clause = /\b(?:for|from|by|with|named|called|matching|containing)\s+(.+)$/i.exec(text);
  if (clause) return unquote(clause[1].replace(/^(?:customer|the customer|status)\s+/i, ''));
  const rest = /\b(?:find|search|look(?:ing)?\s*(?:up|for)|lookup|filter|locate)\s+(?:the\s+|all\s+|my\s+)?(?:orders?\s+)?(.+)$/i.exec(text);
  const candidate = rest ? unquote(rest[1]) : '';
  // "find the invoices" names a place, not a row to filter for: leave it to navigation.
  if (!candidate || /^(orders?|invoices?|settings|account|profile|home)$/i.test(candidate)) return undefined;
  return candidate;
}

/** Lower-case content words of a request, without filler ("go to the orders page" → ["orders"]). */
export function contentWords(lower) {
  return lower
    .split(/[^\p{L}\p{N}@.-]+/u)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((word) => word && !STOPWORDS.has(word));
}

/** Rough English stem so "invoices" meets "invoice" and "orders" meets "order". */
export function stem(word) {
  const lower = word.toLowerCase();
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
}

function unquote(value) {
  return value
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(/^["'“‘«](.*)["'”’»]$/s, '$1')
    .trim();
}

function clean(task) {
  return String(task ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[!?]+$/, '')
    .replace(/\.$/, '');
}
