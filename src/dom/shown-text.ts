import { collectNodes } from './collect.js';
import type { DumpNode } from './dump-node.js';
import { isWalkExcluded } from './visibility.js';
import { attributeOf } from './platform.js';
import { maskEchoes, typedSecretsNow } from './secret-echo.js';

export interface ShownTextOptions {
  /** Returns true to leave an element and its subtree out (the agent's own UI, say). */
  filter?: (el: Element) => boolean;
  /** Elements left out with their subtrees, as the snapshot's `exclude`. */
  exclude?: Element[];
}

/**
 * The words a visitor reads in `root`, taken from the snapshot's own walk so that anything the
 * model is never shown cannot reach it another way (an action's result, a `wait` that succeeds or
 * not): hidden, transparent, screen-reader-only, aria-hidden and inkless text is left out, text under
 * `data-agent-redact` is `•••`, and field values are not text at all. Fields count by their label.
 * Like the dump, each run of text is cut at 250 characters.
 */
export function shownText(root: Document | Element, options: ShownTextOptions = {}): string {
  if (root.nodeType === Node.ELEMENT_NODE && (insideUnreadAncestor(root as Element) || leftOutOfView(root as Element, options))) return '';
  const view = (root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root as Element).ownerDocument).defaultView;
  const { nodes } = collectNodes({ root, filter: options.filter, exclude: options.exclude, origin: view?.location.origin ?? '' });
  const parts: string[] = [];
  gather(nodes, parts);
  // As in the snapshot: a secret field's value is masked where the page shows it again.
  return view ? maskEchoes(parts.join(' '), typedSecretsNow(view.document)) : parts.join(' ');
}

function gather(nodes: DumpNode[], parts: string[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') parts.push(node.text);
    else if (node.kind === 'row') for (const cell of node.cells) gather(cell, parts);
    else {
      if (node.text) parts.push(node.text);
      // A label's own text run is dropped where its field has a line; the name lives here instead.
      for (const detail of node.details) if (detail.startsWith(LABEL_PREFIX)) parts.push(detail.slice(LABEL_PREFIX.length));
      gather(node.children, parts);
    }
  }
}

const LABEL_PREFIX = 'label: ';

/**
 * Whether `filter` or `exclude` (the host's domFilter, the agent's own UI) leaves `el` out: it or
 * an ancestor, across shadow roots. The walk only sees this from the top of the page; a caller
 * starting from an element (a dialog, a live region) asks here.
 */
export function leftOutOfView(el: Element, { filter, exclude }: ShownTextOptions): boolean {
  if (!filter && !exclude?.length) return false;
  for (let node: Element | null = el; node; node = node.parentElement ?? ((node.getRootNode() as Partial<ShadowRoot>).host ?? null)) {
    if (exclude?.includes(node)) return true;
    try {
      if (filter?.(node) === true) return true;
    } catch {
      // A host filter that throws keeps the element, as in the snapshot.
    }
  }
  return false;
}

// The walk decides about `root` and what is inside it; starting mid-page, it cannot see that an
// ancestor already took the whole subtree out of what is read.
function insideUnreadAncestor(el: Element): boolean {
  for (let parent = el.parentElement; parent; parent = parent.parentElement) {
    if (attributeOf(parent, 'aria-hidden') === 'true' || isWalkExcluded(parent)) return true;
  }
  return false;
}
