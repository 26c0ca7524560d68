// Finding the page where something is, as a visitor new to a site does: a link on this page whose
// words match, else the site map the host gave the agent (with an example number in a path swapped
// for the one wanted). A link wins a tie: it is what the site shows.
import { inChrome, isLink, pathOf } from '../../demo/server/page-dump.mjs';
import { samePath } from '../../demo/server/offline-pages.mjs';
import { nameOf, wordsOf } from './page-reading.mjs';

/**
 * @returns {{ tool: 'click', args: { selector: string }, name: string } | { tool: 'navigate', args: { url: string }, name: string } | undefined}
 */
export function wayToward(conversation, words) {
  const wanted = wordsOf(words);
  const numbers = wanted.filter((word) => /^\d+$/.test(word));
  if (!wanted.length) return undefined;
  // `target` names where a candidate leads (a link's text, a path): a number there that the visitor
  // did not ask for points somewhere else (order 1042 is not order 1043). `about` only describes it.
  const score = (target, about = '') => {
    const have = new Set(wordsOf(`${target} ${about}`));
    const hits = wanted.filter((word) => have.has(word)).length;
    const wrongNumbers = wordsOf(target).filter((word) => /^\d{3,}$/.test(word) && !numbers.includes(word)).length;
    return hits - 2 * wrongNumbers;
  };
  let best;
  const consider = (candidate, value) => {
    if (value > 0 && value > (best?.value ?? 0)) best = { ...candidate, value };
  };
  const { page } = conversation;
  for (const node of page.nodes) {
    if (!node.id || !isLink(node)) continue;
    // Content links first: the same words in the site's menu are worth a little less.
    consider({ tool: 'click', args: { selector: `[${node.id}]` }, name: nameOf(node) }, score(nameOf(node)) + (inChrome(node) ? 0.25 : 0.5));
  }
  for (const entry of conversation.sitemap) {
    const path = withNumbers(entry.path, numbers);
    if (samePath(path, pathOf(page.url))) continue;
    consider({ tool: 'navigate', args: { url: path }, name: entry.description }, score(path.replace(/[/._?=&-]+/g, ' '), `${entry.aliases.join(' ')} ${entry.description}`));
  }
  return best && { tool: best.tool, args: best.args, name: best.name };
}

/** `/orders/1042` with 1043 wanted is `/orders/1043`: the site map gives one example path. */
function withNumbers(path, numbers) {
  if (numbers.length !== 1) return path;
  return path.replace(/\d{3,}/, numbers[0]);
}
