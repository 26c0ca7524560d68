import { closestOf, own, testText } from '../dom/platform.js';

/**
 * What a control that sends says when it only looks, moves on or keeps the visitor's own work:
 * read from the start of its name ("Search flights", "Continue", "Save draft", "Show more", a page number). Under
 * the default policy whatever posts to the site asks unless it says one of these, so a word missing
 * here costs a question, never an effect: the commonest few in other languages are enough (search,
 * next), and sign-in forms are known by their fields.
 */
const INTENT = `(?:${[
  '\\d+|search|find|filter|sort|sign in|log ?in|next|continue|back(?! this| the)|save|preview|show|load|view|expand|refresh|update|apply (?:filters?|coupon|code)|add to (?:cart|basket|bag)|like|follow|star|mark as|dismiss|translate|calculate|check',
  'suchen|weiter|rechercher|suivant|buscar|siguiente|continuar|próximo|cerca|avanti|zoeken|volgende|поиск|далее',
].join('|')})(?![\\p{L}\\p{M}])|検索|次へ|搜索|下一步|검색|다음`;
/**
 * Where a name joins a second thing it does ("Save and share", "Save & notify the team"): each part
 * must be everyday, or the first verb would vouch for the rest. Commas stay inside a part ("Show
 * 1,000 more", "Sort by price, low to high").
 */
const JOIN = `\\s*[&+;/|]\\s*|\\s(?:and|then|und|dann|et|puis|y|e|en|и|i|oraz|ve|och|og)\\s+`;
const EVERYDAY = new RegExp(`^(?:${INTENT})(?:(?!${JOIN}).)*(?:(?:${JOIN})(?:${INTENT})(?:(?!${JOIN}).)*)*$`, 'isu');

/**
 * A submission or a clicked control's request that is recognisably everyday: its name says so, or
 * its form is a search form (`role=search`, a search field) or a sign-in form (one password field
 * and at most one other).
 */
export function everydayIntent(names: string, form: HTMLFormElement | undefined): boolean {
  if (testText(EVERYDAY, names.trim())) return true;
  return !!form && (!!closestOf(form, 'search,[role=search]') || count(form, '[role=search],[type=search]') > 0 || (count(form, '[type=password]') === 1 && count(form, 'input:not([type]),[type=text],[type=email],[type=tel]') <= 1));
}

const count = (form: HTMLFormElement | undefined, selector: string): number => (form ? own<NodeList>(form, 'Element.querySelectorAll', selector).length : 0);

/** A form that carries a card's details (`autocomplete="cc-…"`): what it sends pays, whatever it is called. */
export const takesPayment = (form: HTMLFormElement | undefined): boolean => count(form, '[autocomplete^="cc-"]') > 0;
