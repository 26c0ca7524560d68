// In-page side of bench/snapshot.mjs. Injected (as a plain classic script) after the two bundles,
// which define `window.__ours` (our snapshotPage) and `window.__theirs` (page-agent's
// PageController). Everything heavy that is not being measured (labels, diagnostics, highlight
// clean-up) lives here, outside the timed calls.
(() => {
  'use strict';

  // The corpus README's definition of an interactive element, taken literally.
  const INTERACTIVE_ROLES = ['button', 'link', 'checkbox', 'radio', 'tab', 'menuitem', 'option', 'switch', 'combobox', 'textbox'];
  const SELECTOR = [
    'a[href]', 'button', 'input', 'select', 'textarea', 'summary',
    ...INTERACTIVE_ROLES.map((role) => `[role="${role}"]`),
    '[contenteditable=true]', '[tabindex]', '[onclick]',
  ].join(',');
  const BUTTON_INPUTS = new Set(['submit', 'button', 'reset']);
  const HIGHLIGHT_CONTAINER_ID = 'playwright-highlight-container';

  const squash = (text) => (text ?? '').replace(/\s+/g, ' ').trim();

  /** Document plus open shadow roots (both serializers walk those too); no frames. */
  function candidates() {
    const found = [];
    const visit = (root) => {
      for (const el of root.querySelectorAll(SELECTOR)) found.push(el);
      for (const host of root.querySelectorAll('*')) if (host.shadowRoot) visit(host.shadowRoot);
    };
    visit(document);
    return found;
  }

  function isInteractive(el) {
    const tag = el.localName;
    if (tag === 'input') return el.type !== 'hidden';
    if (tag === 'a') return el.hasAttribute('href');
    if (tag === 'button' || tag === 'select' || tag === 'textarea' || tag === 'summary') return true;
    const role = el.getAttribute('role');
    if (role && INTERACTIVE_ROLES.includes(role)) return true;
    if (el.getAttribute('contenteditable') === 'true' || el.hasAttribute('onclick')) return true;
    const tabindex = el.getAttribute('tabindex');
    return tabindex !== null && tabindex.trim() !== '' && Number(tabindex) >= 0;
  }

  // The corpus README names display:none and visibility:hidden; opacity 0 on the element or any
  // ancestor hides it just as surely (nothing of it is painted), so the platform's own test of
  // what can be seen decides that too: checkVisibility() with opacity and visibility.
  function isVisible(el, rect) {
    if (!(rect.width > 0 && rect.height > 0)) return false;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') return false;
    return typeof el.checkVisibility !== 'function' || el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  }

  /**
   * "Its visible text": innerText for ordinary elements (it follows CSS, so display:none children
   * are left out); for a <select> the option it shows; for a submit/button/reset input the caption
   * it shows (its value). Text fields and textareas have none of their own, so their label comes
   * from the fallbacks.
   */
  function visibleText(el) {
    const tag = el.localName;
    if (tag === 'select') return el.selectedOptions[0] ? el.selectedOptions[0].label || el.selectedOptions[0].text : '';
    if (tag === 'input') return BUTTON_INPUTS.has(el.type) ? el.value || (el.type === 'submit' ? 'Submit' : el.type === 'reset' ? 'Reset' : '') : '';
    if (tag === 'textarea') return '';
    return el.innerText ?? el.textContent ?? '';
  }

  const LABEL_SOURCES = [
    ['text', (el) => visibleText(el)],
    ['aria-label', (el) => el.getAttribute('aria-label')],
    ['placeholder', (el) => el.getAttribute('placeholder')],
    ['name', (el) => el.getAttribute('name')],
    ['title', (el) => el.getAttribute('title')],
    ['value', (el) => el.getAttribute('value')],
  ];

  /** [label, where it came from] */
  function labelOf(el) {
    for (const [source, read] of LABEL_SOURCES) {
      const text = squash(read(el));
      if (text) return [text, source];
    }
    return ['', ''];
  }

  let targets = [];
  let controller = null;
  let last = { ours: null, oursCapped: null, theirs: null };

  function flushLayout() {
    // Start every timed call from clean style and layout, so nobody pays for the other's writes.
    void document.documentElement.offsetHeight;
  }

  function cleanUpTheirs() {
    // page-agent draws numbered highlight boxes into the page on every getBrowserState(), and
    // clears the previous ones at the start of the next call. Remove them right after the call
    // (untimed) so our snapshot never sees them, then let layout settle again.
    const cleanups = window._highlightCleanupFunctions || [];
    for (const fn of cleanups) if (typeof fn === 'function') fn();
    window._highlightCleanupFunctions = [];
    document.getElementById(HIGHLIGHT_CONTAINER_ID)?.remove();
    flushLayout();
  }

  window.__bench = {
    /** Collects the recall targets and builds page-agent's controller; returns the targets. */
    setup() {
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      targets = [];
      const seen = new Set();
      for (const el of candidates()) {
        if (seen.has(el)) continue;
        seen.add(el);
        if (!isInteractive(el)) continue;
        const rect = el.getBoundingClientRect();
        if (!isVisible(el, rect)) continue;
        targets.push(el);
      }
      controller = new window.__theirs.PageController();
      flushLayout();
      return {
        url: location.href,
        targets: targets.map((el) => {
          const rect = el.getBoundingClientRect();
          const [label, source] = labelOf(el);
          return {
            tag: el.localName,
            role: el.getAttribute('role') || '',
            type: el.localName === 'input' ? el.type : '',
            label,
            source,
            firstScreen: rect.bottom > 0 && rect.right > 0 && rect.top < vh && rect.left < vw,
          };
        }),
      };
    },

    /** One timed call; returns milliseconds. Results stay in the page until `collect`. */
    async run(which) {
      flushLayout();
      if (which === 'ours' || which === 'oursKept' || which === 'oursCapped') {
        // `ours` and `oursCapped` as on a turn after the page changed: what snapshots keep between
        // turns (answers tied to what is painted, src/dom/page-generation.ts) is dropped first.
        // `oursKept` comes right after `ours`, as a turn on a page that did not change.
        if (which !== 'oursKept') window.__ours.forget?.();
        const options = which === 'oursCapped' ? {} : { maxLength: Infinity };
        const start = performance.now();
        const snapshot = window.__ours.snapshotPage(options);
        const ms = performance.now() - start;
        last[which === 'oursKept' ? 'ours' : which] = snapshot;
        return ms;
      }
      const start = performance.now();
      const state = await controller.getBrowserState();
      const ms = performance.now() - start;
      last.theirs = state;
      // page-agent's own index → element map, to tell which targets it indexed (diagnostics only).
      last.theirsRefs = new Set(Array.from(controller.selectorMap?.values?.() ?? [], (node) => node.ref));
      cleanUpTheirs();
      return ms;
    },

    /**
     * The texts of the last calls plus, per target, whether each serializer gave it an index.
     * The caller runs `ours` right before this so that its `*` (new since last snapshot) marks
     * reflect a steady state, as on a second turn of the agent.
     */
    collect() {
      const peek = window.__ours.peekElementId;
      const idsIn = (text) => new Set(Array.from(text.matchAll(/\[([0-9a-z]{3,8})\]</g), (m) => m[1]));
      const uncappedIds = idsIn(last.ours.text);
      const cappedIds = idsIn(last.oursCapped.text);
      const ids = targets.map((el) => (peek ? peek(el) ?? '' : ''));
      const env = window.__ours.buildEnvBlock;
      const promptOf = (snapshot) => (env ? env({ url: snapshot.url, title: snapshot.title, dump: snapshot.text }) : snapshot.text);
      const theirs = last.theirs;
      return {
        ours: { text: last.ours.text, prompt: promptOf(last.ours), indexedCount: last.ours.indexedCount, truncated: last.ours.truncated },
        oursCapped: { text: last.oursCapped.text, prompt: promptOf(last.oursCapped), indexedCount: last.oursCapped.indexedCount, truncated: last.oursCapped.truncated },
        theirs: theirs ? { content: theirs.content, prompt: `${theirs.header}\n${theirs.content}\n${theirs.footer}` } : { content: '', prompt: '' },
        targetIds: ids,
        inOurs: ids.map((id) => id !== '' && uncappedIds.has(id)),
        inOursCapped: ids.map((id) => id !== '' && cappedIds.has(id)),
        inTheirs: targets.map((el) => last.theirsRefs?.has(el) ?? false),
      };
    },

    /** Why target `index` may be missing from our dump: a best guess from the page. */
    diagnose(index) {
      const el = targets[index];
      if (!el) return 'element gone';
      if (!el.isConnected) return 'element left the document';
      const reasons = [];
      const hidden = el.closest('[aria-hidden="true"]');
      if (hidden) reasons.push(`inside aria-hidden=true <${hidden.localName}>`);
      if (el.closest('[inert]')) reasons.push('inside [inert]');
      for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.opacity === '0') {
          reasons.push(node === el ? 'opacity:0' : `opacity:0 on ancestor <${node.localName}>`);
          break;
        }
      }
      const rect = el.getBoundingClientRect();
      if (rect.right + scrollX <= 0 || rect.bottom + scrollY <= 0) reasons.push('positioned off-screen (left/top of the page)');
      else if (rect.left >= document.documentElement.scrollWidth) reasons.push('positioned off-screen (right of the page)');
      if (rect.width <= 1 && rect.height <= 1) reasons.push('1px box (sr-only pattern)');
      for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
        const style = getComputedStyle(node);
        if ((style.clip && style.clip !== 'auto') || (style.clipPath && style.clipPath !== 'none')) {
          reasons.push(`clip/clip-path on ${node === el ? 'itself' : `ancestor <${node.localName}>`}`);
          break;
        }
      }
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflow === 'visible') continue;
        const box = node.getBoundingClientRect();
        if (rect.right <= box.left || rect.left >= box.right || rect.bottom <= box.top || rect.top >= box.bottom) {
          reasons.push(`clipped away by overflow:${style.overflow} ancestor <${node.localName}>`);
          break;
        }
      }
      // A non-clipping ancestor whose own box lies outside (or on the edge of) a clipping
      // ancestor's box while the element itself overflows into view: a walk that prunes by the
      // ancestor's box loses the visible element.
      const describe = (node) => `<${node.localName}${node.id ? `#${node.id}` : ''}>`;
      const outside = (r, c) => r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom;
      search: for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const box = node.getBoundingClientRect();
        for (let clipper = node.parentElement; clipper && clipper !== document.body; clipper = clipper.parentElement) {
          if (getComputedStyle(clipper).overflow === 'visible') continue;
          const clip = clipper.getBoundingClientRect();
          if (outside(box, clip) && !outside(rect, clip)) {
            reasons.push(`ancestor ${describe(node)} has a ${Math.round(box.width)}×${Math.round(box.height)} box outside/on the edge of overflow:${getComputedStyle(clipper).overflow} ${describe(clipper)} while this element overflows into view (a walk that prunes by the ancestor's box drops it)`);
            break search;
          }
        }
      }
      if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        reasons.push('checkVisibility() is false');
      }
      const closed = el.closest('details:not([open])');
      if (closed && el.localName !== 'summary') reasons.push('inside a closed <details>');
      if (el.parentElement?.closest(SELECTOR.replace(/\[tabindex\],?/, ''))) reasons.push('nested inside another interactive element');
      return reasons.join('; ');
    },
  };
})();
