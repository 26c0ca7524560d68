/**
 * Short, stable element ids for the dump: the model writes `[k3f]` back to us and we find the
 * element again. An id is handed out once and never reused while the page lives, so an id the model
 * remembers from an earlier turn can go stale (resolves to null) but can never hit a different element.
 */

const idsByElement = new WeakMap<Element, string>();
const elementsById = new Map<string, WeakRef<Element>>();

// Ids walk a permutation of the base-36 space (multiply by a constant coprime to 36^n, add an
// offset) so they look unrelated to each other, which keeps the model from guessing neighbours,
// and stay unique without a collision check. The offset is random per page load so a session that
// resumes after a navigation does not see the old page's ids on new elements.
const STEP = 7919;
let width = 3;
let space = 36 ** width;
let offset = Math.floor(Math.random() * space);
let counter = 0;
let pruneAt = 1024;

function nextToken(): string {
  for (;;) {
    if (counter >= space) {
      width += 1;
      space = 36 ** width;
      offset = Math.floor(Math.random() * space);
      counter = 0;
    }
    const token = ((counter * STEP + offset) % space).toString(36).padStart(width, '0');
    counter += 1;
    if (isReadableToken(token)) return token;
  }
}

// A token needs a digit and a letter: "nav" or "div" would read as tag names (and as CSS selectors
// in resolveElement), "123" as an index into something.
function isReadableToken(token: string): boolean {
  let digit = false;
  let letter = false;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    if (code <= 57) digit = true;
    else letter = true;
  }
  return digit && letter;
}

/** The id of `el`, assigning a fresh one on first sight. */
export function elementId(el: Element): string {
  const known = idsByElement.get(el);
  if (known) return known;
  const token = nextToken();
  idsByElement.set(el, token);
  elementsById.set(token, new WeakRef(el));
  if (elementsById.size >= pruneAt) pruneCollected();
  return token;
}

/** The id of `el` if it already has one; never assigns. */
export function peekElementId(el: Element): string | undefined {
  return idsByElement.get(el);
}

// Long-lived single-page apps churn through elements; drop reverse entries whose element was
// garbage collected so the map does not grow forever. Ids are never reused, so this is safe.
function pruneCollected(): void {
  for (const [token, ref] of elementsById) {
    if (!ref.deref()) elementsById.delete(token);
  }
  pruneAt = Math.max(1024, elementsById.size * 2);
}

const ID_PATTERN = /^[*↑↓\s]*\[?([0-9a-z]{3,6})\]?(?:\s*<.*)?$/is;

/**
 * Finds the element a selector names. An id from the dump (`[k3f]`, `k3f`, or a whole copied line
 * such as `*[k3f]<button>Save`) resolves only while its element is still in a document. Anything
 * else is tried as a CSS selector against `root`; invalid CSS gives null instead of throwing,
 * because a bad selector is the model's mistake to hear about, not a crash.
 */
export function resolveElement(selector: string, root: Document = document): Element | null {
  const trimmed = selector.trim();
  if (!trimmed) return null;
  const match = ID_PATTERN.exec(trimmed);
  const token = match?.[1]?.toLowerCase();
  if (token && isReadableToken(token)) {
    const element = elementsById.get(token)?.deref();
    if (element) return element.isConnected ? element : null;
    // "[k3f]" is unmistakably one of our ids: as CSS it would be an attribute selector that only a
    // page trying to capture the click could satisfy.
    if (trimmed.includes('[')) return null;
  }
  try {
    return root.querySelector(trimmed);
  } catch {
    return null;
  }
}

/**
 * Why a dump id no longer resolves: `stale` when we handed it out and its element has since left
 * the page (with the element, if it is still in memory, so the model can hear what it was);
 * `unknown` when it is not one of ours, or was given to an element long since collected.
 */
export function unresolvedReason(selector: string): { kind: 'stale'; was?: Element } | { kind: 'unknown' } {
  const token = ID_PATTERN.exec(selector.trim())?.[1]?.toLowerCase();
  if (!token || !isReadableToken(token) || !elementsById.has(token)) return { kind: 'unknown' };
  const was = elementsById.get(token)?.deref();
  return was?.isConnected ? { kind: 'unknown' } : { kind: 'stale', was };
}
