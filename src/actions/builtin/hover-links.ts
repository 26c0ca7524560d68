import { matchesSafely } from '../../dom/matches-safely.js';
import { insideRedactedSubtree } from '../../dom/redaction.js';
import { redactUrl } from '../../dom/url-redaction.js';
import { squish } from '../../dom/clean-page-text.js';
import { closestOf } from '../../dom/platform.js';

const MAX_LINKS = 20;
const MAX_WORDS = 60;

/** True when a `:hover` rule of the page's styles shows or hides `element` (`li:hover > ul { display: block }`). */
function styledOnHover(rules: CSSRuleList, element: Element): boolean {
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule ? rule.selectorText.includes(':hover') && !!(rule.style.display || rule.style.visibility) && matchesSafely(element, rule.selectorText.replace(/:hover/g, '')) : 'cssRules' in rule && styledOnHover(rule.cssRules as CSSRuleList, element)) return true;
  }
  return false;
}

const hoverStyled = (element: Element) =>
  [...element.ownerDocument.styleSheets].some((sheet) => {
    try {
      return styledOnHover(sheet.cssRules, element);
    } catch {
      return false; // another origin's sheet
    }
  });

/**
 * What a visitor's hover shows and a script's cannot: a menu that opens on CSS `:hover` alone
 * (`li:hover > ul { display: block }`) stays shut for synthetic events, though its links are in the
 * page. The hovered item's same-site links that are not shown and that a `:hover` rule is written
 * for (on them or a box around them), as `"Phones" /phones`, so the model can go where the visitor
 * would have clicked. Other hidden text stays unread.
 */
export function hoverOnlyLinks(target: Element): string[] {
  const item = closestOf(target, 'li') ?? target.parentElement;
  const found: string[] = [];
  for (const link of item?.querySelectorAll('a[href]') ?? []) {
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.checkVisibility({ visibilityProperty: true }) || insideRedactedSubtree(link)) continue;
    const words = squish(link.textContent);
    let box: Element | null = link;
    while (box && box !== item && !hoverStyled(box)) box = box.parentElement;
    if (box !== item && words && words.length <= MAX_WORDS && found.length < MAX_LINKS) found.push(`"${words}" ${link.href.split('#')[0] === location.href.split('#')[0] ? link.hash : redactUrl(link.href).slice(location.origin.length)}`);
  }
  return found;
}
