import { accessibleName } from './accessible-name.js';
import { isFormField } from './classify-element.js';
import { cleanPageText } from './clean-page-text.js';
import { columnLabel } from './column-label.js';
import { TEXT_CAP, type DumpNode } from './dump-node.js';
import { iconName } from './icon-name.js';
import { REDACTION_MASK } from './redaction.js';
import { attributeOf, hasAttributeOf } from './platform.js';

/** What a control's line says about its name, besides the text it shows. */
export interface ControlNaming {
  /** The `label:` line's text: an accessible name that differs from what the line shows. */
  label?: string;
  /** What the control's icon suggests, for a control with no name at all. */
  icon: string;
  /** The tooltip of a control that shows only an image: what a person reads on hovering it. */
  title: string;
  /** Neither text nor any name: a link then shows where it leads. */
  nameless: boolean;
  /** The name is the placeholder, which the head then does not repeat. */
  placeholderIsName: boolean;
}

// Letters or digits: what a name needs to say anything (× or ⋯ alone do not).
const HAS_WORD = /[\p{L}\p{N}]/u;
const NAME_CAP = 150;

/**
 * Names a control the way a person would tell it apart: its accessible name where that differs
 * from its text, the title of a control that shows a glyph or only an image, else what its icon
 * suggests. The name costs a second look at the subtree, so it is only read where it adds
 * something: fields, controls without words (empty, a glyph such as × or ⋯, only an image),
 * explicit ARIA names that may differ from the visible text, and controls with words only screen
 * readers get (`hiddenWords`).
 */
export function nameControl(el: Element, tag: string, text: string, children: DumpNode[], redacted: boolean, hiddenWords = false): ControlNaming {
  const naming: ControlNaming = { icon: '', title: '', nameless: text === '', placeholderIsName: false };
  const symbolOnly = text !== '' && !redacted && !HAS_WORD.test(text);
  const field = isFormField(el, tag);
  if (!field && text !== '' && !symbolOnly && !redacted && hasAttributeOf(el, 'title') && !HAS_WORD.test(el.textContent ?? '')) {
    // Only an image shows (its alt is the line's text): the tooltip says what the control does.
    const title = cleanPageText(attributeOf(el, 'title') ?? '', NAME_CAP);
    if (title !== text) naming.title = title;
  }
  // A <label> pointing at a button (a date field drawn as a button showing "Pick a date") is the
  // button's name, and the walk leaves the label's own words out: the name line must say them.
  const labelled = tag === 'button' && (el as HTMLButtonElement).labels.length > 0;
  if (!field && text !== '' && !symbolOnly && !hiddenWords && !labelled && !hasAttributeOf(el, 'aria-label') && !hasAttributeOf(el, 'aria-labelledby')) return naming;
  // A toggle with no name is named by the words beside it in the layout.
  let name = accessibleName(el) || columnLabel(el, tag);
  // A glyph names nothing; the title a person sees on hovering it does.
  if (symbolOnly && !HAS_WORD.test(name)) name = cleanPageText(attributeOf(el, 'title') ?? '', NAME_CAP) || name;
  // A name that the lines inside already say (a card link named by its heading) is not repeated.
  if (name && name !== text && !(text === '' && childrenSay(children, name))) naming.label = redacted ? REDACTION_MASK : name;
  if (name) naming.nameless = false;
  // A field's class names its look; only a control (button, link, clickable) is named by its icon.
  if (!HAS_WORD.test(name) && !redacted && !field) naming.icon = iconName(el);
  naming.placeholderIsName = name !== '' && name === cleanPageText(attributeOf(el, 'placeholder') ?? '', NAME_CAP);
  return naming;
}

/**
 * Whether the text of `children`, in order, holds `name` (a name from content, cut or whole).
 * Controls inside do not count: their words are their own name, not this element's.
 */
function childrenSay(children: DumpNode[], name: string): boolean {
  const wanted = name.endsWith('…') ? name.slice(0, -1).trimEnd() : name;
  const parts: string[] = [];
  let length = 0;
  const collect = (nodes: DumpNode[]): void => {
    for (const node of nodes) {
      if (length > wanted.length + TEXT_CAP) return;
      if (node.kind === 'row' || (node.kind === 'element' && node.interactive)) continue;
      parts.push(node.text);
      length += node.text.length + 1;
      if (node.kind === 'element') collect(node.children);
    }
  };
  collect(children);
  return parts.join(' ').includes(wanted);
}
