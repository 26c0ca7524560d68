import { accessibleName } from './accessible-name.js';
import { capText } from './clean-page-text.js';
import { insideRedactedSubtree, REDACTION_MASK } from './redaction.js';
import { attributeOf, tagOf } from './platform.js';

/**
 * A short label for action results and narration, e.g. `button "Save"`, `input[type=email] "Email"`,
 * `div[role=tab] "Billing"`. It reaches the model too, so names inside a `[data-agent-redact]`
 * subtree are masked; a password field's label is not a secret and stays.
 */
export function describeElement(el: Element): string {
  const tag = tagOf(el);
  const role = attributeOf(el, 'role');
  let kind = tag;
  if (tag === 'input') kind = `input[type=${(el as HTMLInputElement).type}]`;
  else if (role) kind = `${tag}[role=${role}]`;
  const name = insideRedactedSubtree(el) ? REDACTION_MASK : capText(accessibleName(el), 80);
  return name ? `${kind} "${name}"` : kind;
}
