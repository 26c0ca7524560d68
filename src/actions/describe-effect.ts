import { describeElement } from '../dom/describe-element.js';
import { redactUrl } from '../dom/url-redaction.js';
import type { Effect } from './effect.js';
import { controlOf } from './predict-effect.js';
import { shownNames } from './shown-names.js';
import { askedAbout, questionOf } from './control-question.js';
import { newUrl } from '../dom/platform.js';

function shortUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    // A page's URL can carry a token; the message reaches the model and the visitor's bar.
    const parsed = newUrl(url, location.href);
    return redactUrl(parsed.origin === location.origin ? parsed.pathname + parsed.search : parsed.href);
  } catch {
    return url;
  }
}

const VERBS: Record<Effect['kind'], string> = {
  link: 'Open',
  submission: 'Submit',
  request: 'Send a request',
  window: 'Open a new window',
  navigation: 'Go to',
  key: "Press the page's shortcut",
  option: 'Choose',
  action: 'Use',
};

/** The question, in English (the built-in bar asks from its strings in the page's language): `Submit "Delete account" (POST /orders/1/delete)`. */
export function describeEffect(effect: Effect, names: string): string {
  const { kind, element, method, url, newTab } = effect;
  const what =
    kind === 'key' ? effect.key : kind === 'option' ? `"${effect.option}"` : names ? `"${names.slice(0, 80)}"` : kind === 'submission' ? 'a form with no name' : element ? describeElement(element) : '';
  const how = [method, shortUrl(url), newTab && 'in a new tab'].filter(Boolean).join(' ');
  return `${VERBS[kind]} ${what ?? ''}${how ? ` (${how})` : ''}`.replace(/ +/g, ' ');
}

/** e.g. `Click button "Archive" (it shows "Delete all orders")?`: the label, and what else it shows. */
export function describeAction(name: string, target: Element | undefined): string {
  const verb = name.replace(/_/g, ' ');
  const control = target && (controlOf(target) ?? target);
  const label = control ? describeElement(control) : '';
  const shown = control ? shownNames(control) : '';
  const also = shown && !label.includes(shown) ? ` (it shows "${shown.slice(0, 80)}")` : '';
  // "Yes" says nothing alone: the question it answers does.
  const sentence = control ? `${verb} ${label}${also}${askedAbout(questionOf(control))}?` : `Run ${verb}?`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
