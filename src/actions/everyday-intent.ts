import { closestOf, own, testText } from '../dom/platform.js';

/**
 * What a control that sends says when it only looks, moves on or keeps the visitor's own work:
 * read from the start of its name ("Search flights", "Continue", "Save draft", "Show more"). Under
 * the default policy whatever posts to the site asks unless it says one of these, so a word missing
 * here costs a question, never an effect: the commonest few in other languages are enough.
 */
const EVERYDAY = new RegExp(
  `^(?:${[
    'search|find|look up|filter|sort|sign in|log ?in|next|continue|go back|back(?! this| the)|previous|save|preview|show|load|view|see|expand|collapse|refresh|reload|retry|update|apply (?:filters?|coupon|code)|add to (?:cart|basket|bag)|like|follow|star|mark as|dismiss|translate|calculate|check availability',
    'suchen|anmelden|weiter|rechercher|se connecter|suivant|continuer|buscar|iniciar sesión|siguiente|continuar|pesquisar|entrar|próximo|cerca|accedi|avanti|zoeken|inloggen|volgende|поиск|найти|войти|далее|продолжить',
  ].join('|')})(?![\\p{L}\\p{M}])|^(?:検索|ログイン|次へ|搜索|登录|下一步|继续|검색|로그인|다음)`,
  'iu',
);

const FIELDS = 'input:not([type=hidden],[type=submit],[type=button],[type=image],[type=reset],[type=checkbox],[type=radio]),textarea,select';

/**
 * A submission or a clicked control's request that is recognisably everyday: its name says so, or
 * its form is a search form (`role=search`, a search field) or a sign-in form (one password field
 * and at most one other).
 */
export function everydayIntent(names: string, form: HTMLFormElement | undefined): boolean {
  if (testText(EVERYDAY, names.trim())) return true;
  if (!form) return false;
  const all = (selector: string): number => own<NodeList>(form, 'Element.querySelectorAll', selector).length;
  return !!closestOf(form, 'search,[role=search]') || all('[role=search],input[type=search]') > 0 || (all('input[type=password]') === 1 && all(FIELDS) <= 2);
}

/** A form that carries a card's details (`autocomplete="cc-…"`): what it sends pays, whatever it is called. */
export const takesPayment = (form: HTMLFormElement | undefined): boolean => !!form && own<NodeList>(form, 'Element.querySelectorAll', '[autocomplete^="cc-"]').length > 0;
