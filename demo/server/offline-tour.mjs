// "Give me a tour": one part of the page per turn, each spotlighted with the highlight tool and
// introduced in a sentence taken from the page itself. The parts are the page's own section
// headings (outside header, nav and footer); how far the tour got is read back from earlier turns.
import { listOf } from './offline-pages.mjs';
import { allText, clean, inChrome, isHeading } from './page-dump.mjs';
import { finish, next, say, tool } from './offline-turns.mjs';

/** More stops than this and the tour would run into the offline model's step limit. */
const MAX_STOPS = 4;
const CONTAINERS = new Set(['section', 'article', 'form', 'aside', 'fieldset', 'table', 'dialog']);

export function planTour(conversation) {
  const { page } = conversation;
  const stops = tourStops(page);
  const title = clean(allText(page.nodes.find((node) => node.tag === 'h1' && !inChrome(node)) ?? { text: page.title, children: [] })) || 'this page';
  if (!stops.length) return finish(conversation, `“${title}” has no sections with headings to walk you through.`);

  const spotlight = conversation.tools.has('highlight') ? 'highlight' : 'border';
  const visited = conversation.steps.filter((step) => step.actions.some((action) => action?.tool === spotlight)).length;
  if (visited >= stops.length) {
    return finish(conversation, `That's the tour of “${title}”: ${listOf(stops.map((stop) => stop.heading))}. Ask me about any of them.`);
  }
  const stop = stops[visited];
  const intro = visited === 0 ? `Here is “${title}” in ${stops.length} parts. ` : '';
  const about = stop.summary ? ` ${stop.summary}` : '';
  const args = spotlight === 'highlight' ? { selector: `[${stop.target}]`, label: stop.heading } : { selectors: [`[${stop.target}]`] };
  const actions = [say(`${intro}${visited + 1} of ${stops.length}: “${stop.heading}”.${about}`), tool(spotlight, args)];
  const left = stops.slice(visited + 1).map((later) => `Show “${later.heading}”`);
  return next(conversation, `Task: a tour of “${title}”. Showed part ${visited + 1} of ${stops.length}.`, [...left, 'Sum up the tour'], actions);
}

/**
 * The page's sections: each heading below the page title, with the section around it as the
 * thing to spotlight when the dump gives that section an id, and its first sentence as a summary.
 */
export function tourStops(page) {
  const stops = [];
  for (const node of page.nodes) {
    if (!isHeading(node) || node.tag === 'h1' || !node.id || inChrome(node) || inDialog(node)) continue;
    const container = node.parent && CONTAINERS.has(node.parent.tag) && node.parent.id ? node.parent : undefined;
    const siblings = container ? container.children : [];
    // Text after the heading, links included ("Write to [help@acme.example] or …"), up to a sentence.
    const after = clean(siblings.slice(siblings.indexOf(node) + 1).map((sibling) => allText(sibling)).join(' '));
    stops.push({ heading: clean(allText(node)), target: (container ?? node).id, summary: firstSentence(after) });
    if (stops.length === MAX_STOPS) break;
  }
  return stops;
}

function inDialog(node) {
  for (let at = node.parent; at; at = at.parent) if (at.tag === 'dialog') return true;
  return false;
}

function firstSentence(text) {
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return sentence.length > 160 ? `${sentence.slice(0, 157).trimEnd()}…` : sentence;
}
