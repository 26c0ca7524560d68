import { accessibleName } from './accessible-name.js';
import { describeElement } from './describe-element.js';
import { describeTarget, pageElements, roleOf, type TargetDescription, type TargetScope } from './target-description.js';
import { squish } from './clean-page-text.js';

export type FoundTarget =
  | { ok: true; element: Element }
  /** `missing`: nothing fits well enough; `ambiguous`: more than one fits about as well. */
  | { ok: false; problem: 'missing' | 'ambiguous'; message: string };

interface Candidate {
  element: Element;
  score: number;
  description: TargetDescription;
}

/** A candidate must have at least this much in common with the description (a name that fits, say). */
const ENOUGH = 3;
/** …and lead the next one by this much: a clear winner, not a coin toss. */
const MARGIN = 2;

/**
 * Finds the element a description was taken from, on a page that may have been rebuilt since:
 * every element of the same role is scored by every recorded signal (name, text, label, field,
 * link, landmark, heading, its own row or card, its position), and only a clear winner counts.
 * Positions change when a list is sorted differently, so they weigh least; what surrounds the
 * element weighs most among look-alikes.
 */
export function findTarget(wanted: TargetDescription, pageScope: TargetScope = {}): FoundTarget {
  const scope = { ...pageScope, elements: pageElements(pageScope) };
  const sameRole = scope.elements.filter((el) => roleOf(el) === wanted.role);
  const named = sameRole.filter((el) => !wanted.name || fits(accessibleName(el), wanted.name) > 0);
  // Describing is the costly part; elements whose name is nothing like the recorded one are only
  // described when none is left, to say what came closest.
  const pool = named.length ? named : sameRole;
  const candidates = pool
    .map((element): Candidate => {
      const description = describeTarget(element, scope);
      return { element, description, score: score(wanted, description, element) };
    })
    .sort((a, b) => b.score - a.score);
  const [best, second] = candidates;
  const what = summary(wanted);
  if (!best || best.score < ENOUGH) {
    const closest = best && best.score > 0 ? `; the closest, ${describeElement(best.element)}, does not fit well enough` : '';
    return { ok: false, problem: 'missing', message: `${what} is not on this page (${sameRole.length} ${plural(wanted.role)} checked${closest}).` };
  }
  if (second && best.score - second.score < MARGIN) {
    const tied = candidates.filter((candidate) => best.score - candidate.score < MARGIN).slice(0, 3);
    const where = tied.map((candidate) => `${describeElement(candidate.element)}${candidate.description.item ? ` in “${candidate.description.item}”` : ''}`);
    const remembered = wanted.item ? `; the recording remembers it in “${wanted.item}”` : '';
    return { ok: false, problem: 'ambiguous', message: `${what} is ambiguous on this page: ${where.join(' and ')} fit about as well${remembered}.` };
  }
  return { ok: true, element: best.element };
}

/** Plain words for a description, for messages: `button "Delete" (in navigation "Main")`. */
export function summary(wanted: TargetDescription): string {
  const name = wanted.name ?? wanted.label ?? wanted.text;
  const where = wanted.item ? ` in “${wanted.item}”` : wanted.heading ? ` under “${wanted.heading}”` : '';
  return `${wanted.role}${name ? ` "${name}"` : ''}${where}`;
}

function score(wanted: TargetDescription, found: TargetDescription, element: Element): number {
  let total = 0;
  total += signal(wanted.name, found.name, 6, 3, -4);
  total += signal(wanted.text, found.text ?? found.name, 2, 1, 0);
  total += signal(wanted.label, found.label ?? found.name, 3, 1.5, -1);
  total += signal(wanted.placeholder, found.placeholder, 1, 0.5, 0);
  total += signal(wanted.field, found.field, 2, 0, -1);
  total += signal(wanted.href, found.href, 2, 0, -1);
  total += signal(wanted.landmark, found.landmark, 1, 0, -0.5);
  total += signal(wanted.heading, found.heading, 1.5, 0.5, -0.5);
  if (wanted.type && found.type && wanted.type !== found.type) total -= 2;
  // Among look-alikes, the row or card of its own tells them apart, whatever order they are in now.
  // Only the same text identifies it: "Order 1045 · Grace · $8" shares all but one word with
  // "Order 1043 · Grace · $8", and that word is the one that matters, so a near miss scores low.
  if (wanted.item) total += fits(found.item ?? '', wanted.item) === 1 ? 6 : 2 * overlap(wanted.item, found.item ?? '');
  if (wanted.nth && found.nth && wanted.nth[0] === found.nth[0]) total += 0.5;
  // An element with no box cannot be acted on: one that is displayed is the better guess.
  total += element.getClientRects().length ? 0.5 : -3;
  return total;
}

/** Points for a recorded signal: all of `exact` when it matches, `partial` when one contains the other, else `miss`. */
function signal(wanted: string | undefined, found: string | undefined, exact: number, partial: number, miss: number): number {
  if (!wanted) return 0;
  const match = fits(found ?? '', wanted);
  return match === 1 ? exact : match > 0 ? partial : miss;
}

/** 1 for the same text (case and spacing aside), 0.5 when one holds the other, else 0. */
function fits(found: string, wanted: string): number {
  const a = normal(found);
  const b = normal(wanted);
  if (!a || !b) return 0;
  if (a === b) return 1;
  return Math.min(a.length, b.length) >= 3 && (a.includes(b) || b.includes(a)) ? 0.5 : 0;
}

/** Share of words two texts have in common (Jaccard), for texts that may have changed a little. */
function overlap(a: string, b: string): number {
  const left = new Set(words(a));
  const right = new Set(words(b));
  if (!left.size || !right.size) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

function words(text: string): string[] {
  return normal(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function normal(text: string): string {
  return squish(text.replace(/…$/, '')).toLowerCase();
}

function plural(role: string): string {
  return role.endsWith('x') ? `${role}es` : `${role}s`;
}
