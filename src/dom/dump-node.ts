import { cleanPageText, isBlank } from './clean-page-text.js';
import { REDACTION_MASK } from './redaction.js';
import { rectOf } from './platform.js';

/**
 * The light tree the walk produces and the formatter prints: only what will become a line, with
 * text already cleaned and positions already in top-viewport coordinates, so formatting and
 * truncation never touch the DOM again.
 */
export type DumpNode = TextNode | ElementNode | RowNode;

interface Span {
  /** Top and bottom edge in CSS pixels, relative to the top-level viewport. */
  top: number;
  bottom: number;
}

export interface TextNode extends Span {
  kind: 'text';
  text: string;
  /** The control a `<label>`'s text names; the line is dropped when that control has a line of its own. */
  labelOf?: Element;
}

export interface ElementNode extends Span {
  kind: 'element';
  element: Element;
  /** A control (a target of its own) rather than a heading, landmark or item. */
  interactive: boolean;
  id: string;
  /** `<tag attr=value …>` */
  head: string;
  /** Text shown on the element's own line, after the head. */
  text: string;
  /** Extra lines that belong to this one, e.g. `label: Email` and `options: …`. */
  details: string[];
  children: DumpNode[];
}

/** A table row printed as `| cell | cell |`; cells keep their interactive elements inline. */
export interface RowNode extends Span {
  kind: 'row';
  cells: DumpNode[][];
  /** Set when the row itself is clickable. */
  id?: string;
}

// A paragraph's first 250 characters tell what it is about; the rest would crowd the viewport out of
// the default 12,000-character budget.
export const TEXT_CAP = 250;

/**
 * Collects the lines of one kept parent. Consecutive text (text nodes and inline elements that do
 * not earn a line) merges into one text line until a block boundary or a kept element breaks it.
 */
export class NodeSink {
  readonly nodes: DumpNode[] = [];
  /** While set, text added belongs to the label of this control. */
  labelOf: Element | undefined;
  #parts: string[] = [];
  #length = 0;
  #firstBox: Element | undefined;
  #lastBox: Element | undefined;
  #offsetY = 0;
  #cachedElement: Element | undefined;
  #cachedBox: DOMRect | undefined;
  #masked = false;

  /** Adds a text node's data; `box` is the nearest element with a box around it. */
  addText(raw: string, box: Element, offsetY: number, redacted: boolean): void {
    // Whitespace before a run starts would be trimmed anyway; skipping it spares a regex pass.
    if (this.#parts.length === 0 && isBlank(raw)) return;
    if (redacted) {
      // One mask per run, however many text nodes the private region has.
      if (this.#masked || isBlank(raw)) return;
      raw = ` ${REDACTION_MASK} `;
      this.#masked = true;
    }
    if (this.#parts.length === 0) {
      this.#firstBox = box;
      this.#offsetY = offsetY;
    }
    this.#lastBox = box;
    // Past the cap the rest of the run is cut anyway; skip the concatenation work.
    if (this.#length > TEXT_CAP * 2) return;
    this.#parts.push(raw);
    this.#length += raw.length;
  }

  /** Inline boxes that are not plain inline (chips, inline-blocks) still read as separate words. */
  addSpace(): void {
    if (this.#parts.length > 0) this.#parts.push(' ');
  }

  /** Ends the current text run; the index where the nodes that follow will start. */
  breakAt(): number {
    this.breakText();
    return this.nodes.length;
  }

  /** Replaces the nodes added since `start` with the one `wrap` builds around them (if it builds one). */
  wrapFrom(start: number, wrap: (children: DumpNode[]) => DumpNode | undefined): void {
    this.breakText();
    const children = this.nodes.splice(start);
    const node = wrap(children);
    if (node) this.nodes.push(node);
    else this.nodes.push(...children);
  }

  breakText(): void {
    if (this.#parts.length === 0) return;
    const text = cleanPageText(this.#parts.length === 1 ? this.#parts[0]! : this.#parts.join(''), TEXT_CAP);
    if (text && this.#firstBox && this.#lastBox) {
      // Boxes are read here, once per line of text, rather than once per element walked.
      const first = this.#boxOf(this.#firstBox);
      const last = this.#lastBox === this.#firstBox ? first : this.#boxOf(this.#lastBox);
      const top = Math.min(first.top, last.top) + this.#offsetY;
      const bottom = Math.max(first.bottom, last.bottom) + this.#offsetY;
      const node: TextNode = { kind: 'text', text, top, bottom };
      if (this.labelOf) node.labelOf = this.labelOf;
      this.nodes.push(node);
    }
    this.#parts = [];
    this.#length = 0;
    this.#masked = false;
  }

  // Text around a link forms several runs in the same paragraph: its box is read once.
  #boxOf(element: Element): DOMRect {
    if (element !== this.#cachedElement || !this.#cachedBox) {
      this.#cachedBox = rectOf(element);
      this.#cachedElement = element;
    }
    return this.#cachedBox;
  }

  addNode(node: DumpNode): void {
    this.breakText();
    this.nodes.push(node);
  }

  finish(): DumpNode[] {
    this.breakText();
    return this.nodes;
  }
}
