// A bad policy: every turn it clicks one thing on the page at random, six times (or until the
// step budget is nearly spent), then says it is done. Seeded by the attempt, so a run can be
// repeated exactly.
import { clickables } from './page-reading.mjs';

const CLICKS = 6;

export function randomClicker({ conversation, attempt }) {
  const random = seeded(`${attempt.id}:${attempt.turns}`);
  const targets = clickables(conversation.page);
  if (attempt.turns > CLICKS || attempt.turns >= attempt.maxSteps || !targets.length) return { memory: '', todos_remaining: [], actions: [{ narrate: 'Done.' }] };
  const target = targets[Math.floor(random() * targets.length)];
  return { memory: `Turn ${attempt.turns}.`, todos_remaining: ['keep clicking'], actions: [{ tool: 'click', args: { selector: `[${target.id}]` } }] };
}

/** A small deterministic generator (mulberry32) seeded from a string. */
function seeded(text) {
  let state = [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 2654435761) >>> 0, 2166136261);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
