/**
 * What the style sheets of a document (or a shadow root) say, for the list of paint a hit test
 * misses (ghost-boxes.ts): no mutation record tells of a rule a script inserts or deletes through the
 * CSSOM, nor of a sheet adopted or disabled.
 *
 * {@link sheetsKey} is cheap enough to read before each snapshot (a page with ten thousand rules
 * takes a few milliseconds): it moves when a sheet comes, goes, is disabled or has its media
 * changed, when a rule is inserted or deleted, and when a declaration is added to or taken from a
 * rule. Not seen: a new value for a declaration a rule already had, set through the CSSOM.
 *
 * {@link distantSelectors}, read again only when the key moved, lists the rules that set what the
 * ghost scan reads and that can restyle an element when something else changes: `:has()`, a sibling
 * combinator, a structural or `:target` pseudo-class. The scan asks the engine which boxes match
 * each of them after a change, and judges again those whose match changed.
 */

// What the ghost scan reads of a box, or that its descendants inherit (custom properties too).
const SCANNED = /^(--|all$|pointer-events|outline|box-shadow|visibility|display|content-visibility|position|transform|translate|rotate|scale)/;
// Anywhere: a pseudo-class matched by what is around; outside parentheses: a sibling combinator.
const DISTANT = /:has\(|:(nth-|first-|last-|only-)|:empty|:target|[~+](?![^(]*\))/;

const sheetIds = new WeakMap<object, number>();
let nextId = 1;

const mix = (hash: number, value: number): number => (Math.imul(hash, 31) + value) | 0;

type RuleLike = CSSStyleRule & { cssRules?: CSSRuleList };

/** Calls `each` with every rule of `root`'s sheets (its own, then adopted ones), nested ones too, after `sheet` with each sheet. */
function visit(root: Document | ShadowRoot, sheet: (sheet: CSSStyleSheet) => void, each: (rule: RuleLike, list: CSSRuleList) => void): void {
  const walk = (rules: CSSRuleList): void => {
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i] as RuleLike;
      each(rule, rules);
      if (rule.cssRules) walk(rule.cssRules);
    }
  };
  // Counted loops: a page's broken array iterator cannot hide a sheet.
  const own = root.styleSheets;
  const adopted = root.adoptedStyleSheets ?? [];
  for (let i = 0; i < own.length + adopted.length; i++) {
    const one = (i < own.length ? own[i] : adopted[i - own.length]) as CSSStyleSheet;
    sheet(one);
    let rules: CSSRuleList;
    try {
      rules = one.cssRules;
    } catch {
      continue; // another origin's sheet: scripts here cannot edit it either
    }
    walk(rules);
  }
}

/** A number that moves when `root`'s sheets or their rules do (see above). */
export function sheetsKey(root: Document | ShadowRoot): number {
  let key = 17;
  visit(
    root,
    (sheet) => {
      let id = sheetIds.get(sheet);
      if (!id) sheetIds.set(sheet, (id = nextId++));
      const media = sheet.media.mediaText;
      key = mix(mix(key, id), sheet.disabled ? 1 : 0);
      for (let i = 0; i < media.length; i++) key = mix(key, media.charCodeAt(i));
    },
    (rule, list) => {
      key = mix(mix(key, list.length), rule.style?.length ?? -1);
    },
  );
  return key;
}

/** The selectors of `root`'s rules that restyle boxes away from a change and set what the ghost scan reads. */
export function distantSelectors(root: Document | ShadowRoot): string[] {
  const found: string[] = [];
  visit(
    root,
    () => undefined,
    (rule) => {
      const { style, selectorText } = rule;
      if (!style || !selectorText || !DISTANT.test(selectorText)) return;
      for (let j = 0; j < style.length; j++) {
        if (SCANNED.test(style[j]!)) return void found.push(selectorText);
      }
    },
  );
  return found;
}
