import { opensNewTab } from '../dom/link-target.js';
import { judgeEffect, type Gate, type Verdict } from './confirm-gate.js';
import type { Effect } from './effect.js';
import { controlOf, enterIsMapped, formOf, isSubmitter, linkOf, submissionOf } from './predict-effect.js';
import { shownNames } from './shown-names.js';
import { isElement, isShadowRoot } from './builtin/element-kinds.js';
import { redactUrl } from '../dom/url-redaction.js';
import { pageData, type PageData } from './carried-data.js';
import { watchMessages } from './message-guard.js';
import { judgeAgain, judgeWhenStopped } from './judge-again.js';
import { watchPeers } from './peer-guard.js';
import { watchMarkupLoads } from './markup-loads.js';
import { watchAttributeLoads } from './attribute-loads.js';
import { apply, asText as text, byAgent, attributeOf, closestOf, hasAttributeOf, later, listen, newUrl, own, reflect, setHas, tagOf } from '../dom/platform.js';

/** A question about an effect the guard holds, for the visitor. */
export interface EffectQuestion {
  effect: Effect;
  message: string;
  custom: boolean;
}

export interface GuardOptions {
  gate: Gate;
  /** A same-site page a click or the page would open in a new tab opens in this tab (default), or in a new tab. */
  newTabs?: 'this-tab' | 'new-tab';
  /** Hears of every refused effect (the host gets an `error` event with code `blocked`). */
  refused(effect: Effect, message: string): void;
}

export interface GuardScope {
  /** The element the action acts on: its names judge what it sets off. */
  target?: Element;
  /** The action is a click: the POST/PUT/PATCH it sets off is its effect (see judgeEffect). */
  clicked?: boolean;
  /** The visitor already said yes to this action: what it sets off on this site goes through. */
  approved: boolean;
  ask(question: EffectQuestion): Promise<boolean>;
}

/** What the guard did during one action, for its result. */
export interface GuardOutcome {
  notes: string[];
  /** What the action set off was refused: a link, a form, a window, a navigation. */
  refused: boolean;
  /** The visitor said no to something the action set off. */
  declined: boolean;
  /** A same-site page meant for a new tab, to open in this tab instead. */
  openHere?: URL;
  /** What the action set off loads another page in this tab (a link, a form), unless the page cancels it. */
  loads?: string;
}

interface Held extends EffectQuestion {
  release(): void;
  drop(): void;
}

type PageWindow = Window & typeof globalThis & { navigation?: EventTarget };

const ALLOW: Verdict = { verdict: 'allow' };
const requests = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
let active: EffectGuard | undefined;

/**
 * Catches what an action sets off where it happens, for as long as the action and its settle
 * window last: link activations and form submissions (capture-phase listeners on this window and
 * every same-origin frame, and on the shadow roots a click passes through), navigations (the
 * Navigation API's cancelable `navigate`, where the engine has it), windows the page opens,
 * `form.submit()`, and non-idempotent requests (`fetch`, XHR, `sendBeacon`) page handlers send.
 * Each is judged like the action was ({@link judgeEffect}): refused (another site, a blocked
 * control), held until the visitor answers and then let through exactly once or dropped, or let
 * through. The page's `open`, `submit`, `fetch`… are wrapped only while an action runs, and a
 * wrapper a page script kept past that passes straight to the original.
 */
export class EffectGuard {
  #options: GuardOptions;
  #scope: GuardScope = { approved: false, ask: async () => false };
  #names = '';
  #clicked = false;
  #passing = 0;
  #held: Held[] = [];
  #outcome: GuardOutcome = { notes: [], refused: false, declined: false };
  #undo: Array<() => void> = [];
  #watchedRoots = new WeakSet<Node>();
  #views = new WeakSet<Window>();
  #newTab?: { event: Event; effect: Effect; reached: boolean };
  /** A link or form let through that would load a page here; its event's fate is known after dispatch. */
  #loads?: { url: string; event?: Event };
  /** The address of the last link or submission judged and let through (its navigation is no news). */
  #judged?: string;
  #data: PageData = pageData(sameOriginWindows);
  /** A field the action pressed Enter in where the key sends nothing by itself (see {@link enterIsMapped}). */
  #mappedEnter?: Element;
  /** The action is over and no one is left to ask: what the page sets off later is still judged (see {@link finish}). */
  #trailing = false;
  /** Counts the actions finished: an earlier one's TRAIL_MS does not end a later one's watch. */
  #rounds = 0;

  constructor(options: GuardOptions) {
    this.#options = options;
  }

  get gate(): Gate {
    return this.#options.gate;
  }

  /** Tells the host of an effect refused before any action ran (the gate's own refusal). */
  report(effect: Effect, message: string): void {
    this.#options.refused(effect, message);
  }

  /** Starts watching, in this window and every same-origin frame. */
  arm(scope: GuardScope): void {
    active?.disarm();
    active = this;
    this.#trailing = false;
    this.#scope = scope;
    this.#names = scope.target ? shownNames(controlOf(scope.target) ?? scope.target) : '';
    // A click on what moves about the page or the site (a link, a tab, an option, a tree item) is
    // not a state change in itself: the requests an app sends to show the next view (a GraphQL
    // query is a POST) are judged by their words, not failed closed (see judgeEffect).
    this.#clicked = !!scope.clicked && !closestOf(scope.target, 'a[href],[role=link],[role=tab],[role=option],[role=treeitem]');
    this.#outcome = { notes: [], refused: false, declined: false };
    this.#loads = this.#judged = undefined;
    this.#mappedEnter = undefined;
    this.#data = pageData(sameOriginWindows);
    for (const view of sameOriginWindows()) this.#watch(view);
  }

  /**
   * Asks the visitor about each held effect, in turn: a yes lets it through once, a no drops it
   * and everything still held. Resolves true when something was let through.
   */
  async settle(signal: AbortSignal): Promise<boolean> {
    let released = false;
    while (this.#held.length) {
      const held = this.#held.shift()!;
      const yes = !signal.aborted && !this.#outcome.declined && (await this.#scope.ask(held));
      if (!yes || signal.aborted) {
        held.drop();
        this.#outcome.declined = true;
        this.#note(`the visitor did not allow it: ${held.message}`);
        continue;
      }
      // The yes covers this effect and what it sets off as it is let through (a replayed click's
      // submission), not a later one of the page's: a handler's second DELETE asks again.
      this.#note(`held until the visitor allowed it: ${held.message}`);
      this.#pass(() => held.release());
      released = true;
    }
    return released;
  }

  /** Stops watching (after asking about anything still held) and says what happened. */
  async finish(signal: AbortSignal): Promise<GuardOutcome> {
    await this.settle(signal);
    const pending = this.#newTab;
    if (pending && !pending.reached && pending.effect.url) this.#note(`it may have opened ${redactUrl(pending.effect.url)} in a new tab`);
    const loads = this.#loads;
    if (loads && !(loads.event && prevented(loads.event)) && !this.#outcome.refused) this.#outcome.loads = loads.url;
    // What the action set off may act later than any window waits (a timer, a request awaited, a
    // chain of frames before the page's DELETE): the guard stays on, as its effects' judge, until
    // the next action, the visitor's own hand on the page, or TRAIL_MS. What would ask then is
    // refused, as no one is asked any more; what goes, goes.
    this.#trailing = true;
    const round = (this.#rounds += 1);
    later(() => this.#trailing && this.#rounds === round && this.disarm(), TRAIL_MS);
    return this.#outcome;
  }

  disarm(): void {
    for (const undo of this.#undo.splice(0).reverse()) {
      try {
        undo();
      } catch {
        // A frame that has since gone to another origin (or away) keeps nothing of ours we can reach.
      }
    }
    for (const held of this.#held.splice(0)) held.drop();
    this.#trailing = false;
    this.#watchedRoots = new WeakSet();
    this.#views = new WeakSet();
    this.#newTab = undefined;
    if (active === this) active = undefined;
  }

  #judge(effect: Effect): Verdict {
    const verdict = judgeEffect(effect, this.#options.gate, this.#names, this.#clicked, this.#trailing);
    return verdict.verdict === 'ask' && (this.#scope.approved || this.#passing > 0) ? ALLOW : verdict;
  }

  /**
   * Judges an effect: refused ones are reported, held ones kept with what lets them go later or
   * drops them. The caller stops the event or call that carries the effect unless it is `allow`.
   */
  #decide(sent: Effect, hold: Pick<Held, 'release' | 'drop'>, verdict?: Verdict): Verdict['verdict'] {
    // What an Enter the page mapped sends is that key's doing (a chat box's message): asked as a key.
    const field = this.#mappedEnter;
    const effect: Effect = field && (sent.kind === 'request' || (sent.kind === 'submission' && sent.method === 'POST')) ? { ...sent, kind: 'key', key: 'Enter', element: field } : sent;
    verdict ??= this.#judge(effect);
    if (this.#trailing && verdict.verdict === 'ask') verdict = { verdict: 'refuse', message: `Refused, as it came after the action ended and no one was asked: ${verdict.message}` };
    if (verdict.verdict === 'refuse') this.#refuse(effect, verdict.message);
    else if (verdict.verdict === 'ask') this.#held.push({ effect, message: verdict.message, custom: verdict.custom, ...hold });
    return verdict.verdict;
  }

  /** Refuses (and reports) an effect only the site boundary applies to; true when refused. */
  #offSite(effect: Effect): boolean {
    const verdict = judgeEffect(effect, this.#options.gate);
    if (verdict.verdict === 'refuse') this.#refuse(effect, verdict.message);
    return verdict.verdict === 'refuse';
  }

  #refuse(effect: Effect, message: string): void {
    // A page's own request refused on the side does not undo what the action itself did.
    if (effect.kind !== 'request') this.#outcome.refused = true;
    this.#note(message);
    this.report(effect, message);
  }

  #note(note: string): void {
    if (!this.#outcome.notes.includes(note)) this.#outcome.notes.push(note);
  }

  #pass(run: () => void): void {
    this.#passing += 1;
    try {
      run();
    } finally {
      this.#passing -= 1;
    }
  }

  /** A same-site page meant for another tab: here instead (the default), or let the tab open. */
  #elsewhere(effect: Effect, cancel: () => void): boolean {
    if (this.#options.newTabs === 'new-tab' || this.#trailing) {
      this.#note(`it opens ${redactUrl(effect.url!)} in a new tab; the task stays on this page`);
      return true;
    }
    cancel();
    if (!this.#outcome.openHere) {
      this.#outcome.openHere = newUrl(effect.url!);
      this.#note('it would open a new tab, so it opens in this one instead');
    }
    return false;
  }

  /**
   * A same-origin frame that joins the document or that the page reaches into while this guard
   * watches (a handler's fresh iframe, made for its untouched fetch): watched from then on, as the
   * frames there were when it armed.
   */
  #adopt = (view: Window | null): void => {
    try {
      if (active === this && view && !this.#views.has(view) && view.document && (view as PageWindow).HTMLFormElement) this.#watch(view as PageWindow);
    } catch {
      // another origin: its own business
    }
  };

  #watch(view: PageWindow): void {
    this.#views.add(view);
    const on = (target: EventTarget, type: string, handler: (event: any) => void, capture: boolean) => {
      this.#undo.push(listen(target, type, (event: Event) => active === this && handler(event), capture));
    };
    const onSubmit = (event: SubmitEvent) => this.#onSubmit(event);
    const watchRoot = (root: Node) => {
      if (isShadowRoot(root) && !this.#watchedRoots.has(root)) {
        this.#watchedRoots.add(root);
        on(root, 'submit', onSubmit, true);
      }
    };
    on(view, 'click', (event: MouseEvent) => this.#onClick(event, watchRoot), true);
    on(view, 'click', (event: MouseEvent) => this.#onClickEnd(event), false);
    on(view, 'submit', onSubmit, true);
    // An empty frame loads as it joins the document, before the next line of the script that added
    // it (a load event's path ends at the document, not the window). A frame with a srcdoc or an
    // address does not: it is adopted once the script that added it returns, before its document
    // arrives (which keeps the window in Chromium and Firefox, and in WebKit for an address).
    on(view.document, 'load', (event: Event) => this.#adopt(frameWindow(pathOf(event)[0])), true);
    const frames = new MutationObserver(() => {
      for (let index = 0; index < view.length; index += 1) this.#adopt(view[index] as Window);
    });
    frames.observe(view.document, { childList: true, subtree: true });
    this.#undo.push(() => frames.disconnect());
    // The visitor's own hand on the page: what follows is theirs, not the last action's.
    for (const type of ['pointerdown', 'keydown']) on(view, type, (event: Event) => this.#trailing && event.isTrusted && this.disarm(), true);
    on(view, 'keydown', (event: KeyboardEvent) => {
      const field = pathOf(event)[0];
      if (!event.isTrusted && own(event, 'KeyboardEvent.key') === 'Enter' && isElement(field) && enterIsMapped(field)) this.#mappedEnter = field;
    }, true);
    if (view.navigation) on(view.navigation, 'navigate', (event: Event) => this.#onNavigate(event), false);

    const guard = this;
    const patch = <T extends object>(owner: T, key: keyof T & string, wrap: (original: Function) => Function) => {
      const original = owner[key] as unknown;
      if (typeof original !== 'function') return;
      const wrapper = wrap(original);
      try {
        (owner as Record<string, unknown>)[key] = wrapper;
      } catch {
        return;
      }
      this.#undo.push(() => {
        if ((owner as Record<string, unknown>)[key] === wrapper) (owner as Record<string, unknown>)[key] = original;
      });
    };
    const armed = () => active === guard;
    const Form = view.HTMLFormElement.prototype;
    // submit() fires no submit event, so it is judged here; requestSubmit() fires one, in the form's root.
    patch(Form, 'submit', (original) => function (this: HTMLFormElement) {
      const run = () => {
        if (armed()) guard.#noteLoad(submissionOf(null, this));
        apply(original, this, []);
      };
      if (!armed() || guard.#decide(submissionOf(null, this), { release: run, drop: () => undefined }) === 'allow') run();
    });
    patch(Form, 'requestSubmit', (original) => function (this: HTMLFormElement, submitter?: HTMLElement) {
      if (armed()) watchRoot(this.getRootNode());
      return apply(original, this, [submitter]);
    });
    patch(view, 'open', (original) => function (this: Window, url?: string | URL, target?: string, features?: string) {
      if (!armed()) return apply(original, view, arguments);
      // The address and the window's name converted once: what is judged is what the browser gets.
      const to = url === undefined ? url : text(url);
      const name = target === undefined ? target : text(target);
      const run = () => apply(original, view, [to, name, features]);
      let href = 'about:blank';
      try {
        if (to) href = newUrl(to, baseOf(view)).href;
      } catch {
        return run();
      }
      const newTab = opensNewTab(name ?? '_blank', view.document);
      if (href === 'about:blank') {
        // An empty window is one a script can send anywhere afterwards: not while an action runs.
        guard.#refuse({ kind: 'window', newTab }, 'Opening an empty window was refused: a script could send it anywhere');
        return null;
      }
      const effect: Effect = { kind: newTab ? 'window' : 'navigation', url: href, newTab };
      const go = () => (newTab && !guard.#elsewhere(effect, () => undefined) ? null : run());
      return guard.#decide(effect, { release: go, drop: () => undefined }) === 'allow' ? go() : null;
    });
    patch(view, 'fetch', (original) => function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      if (!armed() || byAgent(input)) return apply(original, view, arguments) as Promise<Response>;
      // The browser converts the arguments once, into the Request fetch would make of them; its
      // address and method, read with the browser's own getters, are judged, and that Request is sent.
      let request: Request, url: string, method: string;
      try {
        request = new view.Request(input, init);
        url = own(request, 'Request.url');
        method = own<string>(request, 'Request.method').toUpperCase();
      } catch (error) {
        return view.Promise.reject(error);
      }
      const run = () => apply(original, view, [request]) as Promise<Response>;
      const failure = () => new view.TypeError('Failed to fetch: the request was not allowed while the assistant acted.');
      if (IDEMPOTENT.test(method) && offSite(url, method, false)) return view.Promise.reject(failure());
      if (IDEMPOTENT.test(method)) return run();
      return new view.Promise<Response>((resolve, reject) => {
        const go = () => run().then(resolve, reject);
        const verdict = guard.#decide({ kind: 'request', method, url, beacon: request.keepalive === true }, { release: go, drop: () => reject(failure()) });
        if (verdict === 'allow') go();
        else if (verdict === 'refuse') reject(failure());
      });
    });
    // A request the browser sends later or as the page goes away (Chromium): judged as a beacon is.
    patch(view, 'fetchLater' as never, (original) => function (this: unknown, input: RequestInfo | URL, init?: RequestInit & { activateAfter?: number }) {
      if (!armed()) return apply(original, view, arguments);
      const request = new view.Request(input, init);
      const url = own<string>(request, 'Request.url');
      const method = own<string>(request, 'Request.method').toUpperCase();
      const activateAfter = init?.activateAfter;
      const run = () => apply(original, view, [request, { activateAfter }]);
      const verdict = IDEMPOTENT.test(method) ? (offSite(url, method, false) ? 'refuse' : 'allow') : guard.#decide({ kind: 'request', method, url, beacon: true }, { release: run, drop: () => undefined });
      if (verdict === 'refuse') throw new view.TypeError('The request was not allowed while the assistant acted.');
      // Held, it is sent if the visitor allows it: the page gets a result that has not gone yet.
      return verdict === 'allow' ? run() : { activated: false };
    });
    const Request_ = view.XMLHttpRequest.prototype;
    patch(Request_, 'open', (original) => function (this: XMLHttpRequest, method: string, url: string | URL) {
      if (armed() && arguments.length > 1) {
        // Converted once, in place (the count of arguments decides whether the request is synchronous).
        arguments[0] = method = text(method);
        arguments[1] = url = text(url);
        requests.set(this, { method: method.toUpperCase(), url: resolve_(url, view) });
      }
      return apply(original, this, arguments);
    });
    patch(Request_, 'send', (original) => function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const opened = requests.get(this);
      requests.delete(this);
      const run = () => apply(original, this, [body]);
      const fail = () => {
        this.abort();
        for (const type of ['error', 'loadend']) this.dispatchEvent(new view.ProgressEvent(type));
      };
      if (opened && IDEMPOTENT.test(opened.method) && offSite(opened.url, opened.method, false)) return void later(fail);
      if (!armed()) return run();
      // Opened before the action, its method and address were never seen: it may go anywhere with anything.
      if (!opened) return void (guard.#refuse({ kind: 'request' }, 'Refused: a request prepared before the action, to an address the assistant cannot check'), later(fail));
      if (IDEMPOTENT.test(opened.method)) return run();
      const verdict = guard.#decide({ kind: 'request', ...opened }, { release: run, drop: fail });
      if (verdict === 'allow') run();
      else if (verdict === 'refuse') later(fail);
    });
    // Channels a handler can carry data off the site by even without a non-idempotent method: a
    // socket opened or written to, an event stream, a GET whose address (path, query or fragment)
    // holds data of the page's (an image's address is the classic beacon). Only the site boundary
    // applies to them, as to a link's ping.
    const offSite = (url: string | URL, method: string, always: boolean): boolean => {
      if (!armed()) return false;
      const address = text(url);
      const parsed = parse(address, baseOf(view));
      if (!always && parsed && (setHas(guard.gate.allowedOrigins, parsed.origin) || !guard.#data.inUrl(parsed))) return false;
      return guard.#offSite({ kind: 'request', method, url: parsed?.href ?? address });
    };
    const refusal = () => new view.DOMException('Another site may not be reached while the assistant acts.', 'SecurityError');
    for (const key of ['WebSocket', 'EventSource', 'WebTransport'] as const) {
      patch(view as never as Record<string, Function>, key, (original) => new Proxy(original, {
        construct(target, args: [string | URL, ...unknown[]], newTarget) {
          if (args.length) args[0] = text(args[0]);
          if (offSite(args[0], key === 'EventSource' ? 'GET' : 'CONNECT', true)) throw refusal();
          return reflect().construct(target, args, newTarget);
        },
      }));
    }
    // A message on a socket to this site is what a POST is to it: judged as a non-idempotent request.
    patch(view.WebSocket.prototype, 'send', (original) => function (this: WebSocket, data: unknown) {
      const run = () => apply(original, this, [data]);
      // Where the socket goes by the browser's own getter: a page's `url` getter naming this site changes nothing.
      const url = armed() ? own<string>(this, 'WebSocket.url') : '';
      if (!offSite(url, 'SEND', true) && (!armed() || guard.#decide({ kind: 'request', method: 'SEND', url }, { release: run, drop: () => undefined }) === 'allow')) run();
    });
    const undoLater = (undo: () => void) => this.#undo.push(undo);
    judgeWhenStopped(view, patch);
    watchPeers(view, patch, (url) => offSite(url, 'CONNECT', true), refusal);
    watchAttributeLoads(view, patch, undoLater, (url) => offSite(url, 'GET', false));
    watchMarkupLoads(view, patch, undoLater, (url, navigates) => offSite(url, 'GET', navigates), armed);
    watchMessages(view, patch, undoLater, this.#adopt, (data, origin) => {
      const to = origin ? parse(origin)?.origin ?? origin : undefined;
      if (to && setHas(guard.gate.allowedOrigins, to) || !guard.#data.inMessage(data)) return false;
      const effect: Effect = { kind: 'request', method: 'POSTMESSAGE', url: to };
      if (!to || !guard.#offSite(effect)) guard.#refuse(effect, `Refused: a message carrying the page's data to ${to ?? 'a frame or window of another site'}; only ${[...guard.gate.allowedOrigins].join(', ')} may be sent data`);
      return true;
    }, armed);
    patch(view.Navigator.prototype, 'sendBeacon', (original) => function (this: Navigator, url: string | URL, data?: BodyInit | null) {
      if (!armed()) return apply(original, this, arguments) as boolean;
      const to = text(url);
      const run = () => apply(original, this, [to, data]) as boolean;
      // A beacon cannot wait for an answer: a held one is queued, and sent once the visitor allows it.
      const verdict = guard.#decide({ kind: 'request', method: 'POST', url: resolve_(to, view), beacon: true }, { release: run, drop: () => undefined });
      return verdict === 'allow' ? run() : verdict === 'ask';
    });
  }

  #onClick(event: MouseEvent, watchRoot: (root: Node) => void): void {
    // A trusted click is the visitor's own hand (no script can make one), not something the action set off.
    if (own(event, 'MouseEvent.button') !== 0 || event.isTrusted) return;
    const path = pathOf(event);
    for (const node of path) if (isShadowRoot(node as Node)) watchRoot(node as Node);
    // An element by the browser's own tag getter (a page's nodeType may call a link a text node).
    const element = path.find((node): node is Element => !!tagOf(node as Element) && (!!linkOf(node as Element) || isSubmitter(node as Element)));
    if (!element || own(element, 'Element.matches', ':disabled')) return;
    const now = () => linkOf(element) ?? (formOf(element) ? submissionOf(element) : undefined);
    const effect = now();
    if (!effect) return;
    const origin = own<Element>(event, 'Event.target');
    const replay = () => origin.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: origin.ownerDocument.defaultView, detail: event.detail, clientX: event.clientX, clientY: event.clientY }));
    // A link's `ping` posts to each of its URLs as it is followed: beacons that carry no data of
    // the page's, so only the site boundary applies to them.
    for (const url of effect.kind === 'link' ? attributeOf(element, 'ping')?.split(/\s+/) ?? [] : []) {
      if (this.#offSite({ kind: 'request', method: 'POST', url: parse(url, element.baseURI)?.href ?? '' })) return stopEvent(event);
    }
    if (this.#decide(effect, { release: replay, drop: () => undefined }) !== 'allow') return stopEvent(event);
    judgeAgain(event, effect, now, (late) => this.#decide(late, { release: replay, drop: () => undefined }) === 'allow');
    // Whether the page takes the click over is known only at the end of its dispatch.
    if (effect.kind === 'link' && effect.newTab) this.#newTab = { event, effect, reached: false };
    else this.#noteLoad(effect, event);
  }

  /** A link or submission let through that, unless its event is cancelled, loads a page in this document. */
  #noteLoad(effect: Effect, event?: Event): void {
    const element = effect.element;
    this.#judged = effect.url;
    if (!effect.url || effect.newTab || effect.method === 'DIALOG' || !element || element.ownerDocument !== document) return;
    if (hasAttributeOf(element, 'download') || !/^(https?|file):/.test(effect.url)) return;
    // A named target that is a frame of this page loads there, not here.
    const target = (effect.kind === 'link' ? attributeOf(element, 'target') : attributeOf(element, 'formtarget') ?? attributeOf(effect.form, 'target')) ?? '';
    if (target && !/^_(self|parent|top)$/i.test(target)) return;
    const url = newUrl(effect.url);
    // Only the fragment differs: the page scrolls, it does not load.
    if (url.hash && url.href.split('#')[0] === location.href.split('#')[0] && effect.method !== 'POST') return;
    this.#loads = { url: url.href, event };
  }

  #onClickEnd(event: Event): void {
    const pending = this.#newTab;
    if (pending?.event !== event) return;
    pending.reached = true;
    if (!prevented(event)) this.#elsewhere(pending.effect, () => own(event, PREVENT));
  }

  #onSubmit(event: SubmitEvent): void {
    const form = own<HTMLFormElement>(event, 'Event.target');
    const submitter = own<HTMLElement | null>(event, 'SubmitEvent.submitter');
    const effect = submissionOf(submitter, form);
    const hold = { release: () => form.requestSubmit(submitter), drop: () => undefined };
    if (this.#decide(effect, hold) !== 'allow') return stopEvent(event);
    judgeAgain(event, effect, () => submissionOf(submitter, form), (late) => this.#decide(late, hold) === 'allow');
    this.#noteLoad(effect, event);
  }

  #onNavigate(event: Event): void {
    // Read with the browser's own getters: a page's `url` getter naming this site changes nothing of where it goes.
    const destination = own<object>(event, 'NavigateEvent.destination');
    const url = own<string>(destination, 'NavigationDestination.url');
    const formData = own<FormData | null>(event, 'NavigateEvent.formData');
    // A form's data was judged at its submit event; a cross-document GET that nothing foresaw is judged here.
    if (!own(event, 'Event.cancelable') || own(destination, 'NavigationDestination.sameDocument') || own(event, 'NavigateEvent.userInitiated')) return;
    const effect: Effect = { kind: 'navigation', url };
    const verdict = this.#judge(effect);
    // Only a submission judged at its submit event or submit() call was asked about already, not
    // one a page sent by a submit() it saved before the guard wrapped it.
    if (verdict.verdict === 'allow' || (formData && verdict.verdict === 'ask' && this.#judged === url)) return;
    // Held, it is let through as `navigate` is: through the host's router or a full navigation that
    // resumes the task. A form's data cannot be sent again that way: refused.
    this.#decide(effect, { release: () => void (this.#outcome.openHere ??= newUrl(url)), drop: () => undefined }, formData && verdict.verdict === 'ask' ? { verdict: 'refuse', message: `Refused, as it cannot be asked about and sent again: ${verdict.message}` } : verdict);
    own(event, PREVENT);
  }
}

const IDEMPOTENT = /^(GET|HEAD|OPTIONS)$/;
const TRAIL_MS = 10_000;

// The guard cancels, stops and reads events with the browser's own methods and getters: a page's
// no-op preventDefault, or a defaultPrevented or composedPath() that lies, changes nothing.
const PREVENT = 'Event.preventDefault';
const prevented = (event: Event): boolean => own(event, 'Event.defaultPrevented');
const pathOf = (event: Event): EventTarget[] => own(event, 'Event.composedPath');
const FRAMES: Record<string, string> = { __proto__: null as never, iframe: 'HTMLIFrameElement', frame: 'HTMLFrameElement', object: 'HTMLObjectElement' };
/** A frame element's window, by the browser's own getter; null for anything else. */
const frameWindow = (target: EventTarget | undefined): Window | null => {
  const kind = FRAMES[tagOf(target as Element)];
  return kind ? own(target!, `${kind}.contentWindow`) : null;
};

function stopEvent(event: Event): void {
  own(event, PREVENT);
  own(event, 'Event.stopImmediatePropagation');
}

/** The base the browser resolves a page's relative address against: its document's (a `<base>`'s), by the browser's own getter. */
const baseOf = (view: Window): string => own(view.document, 'Node.baseURI');

function resolve_(url: string, view: Window): string {
  return parse(url, baseOf(view))?.href ?? url;
}

function parse(url: string, base?: string): URL | undefined {
  try {
    return newUrl(url, base);
  } catch {
    return undefined;
  }
}

/** This window and every frame in it that this page may reach (same origin). */
function sameOriginWindows(): PageWindow[] {
  const found: PageWindow[] = [window as PageWindow];
  for (let index = 0; index < found.length; index += 1) {
    const frames = found[index]!.frames;
    for (let frame = 0; frame < frames.length; frame += 1) {
      try {
        const view = frames[frame] as PageWindow;
        if (view.document && view.HTMLFormElement) found.push(view);
      } catch {
        // another origin: its own business
      }
    }
  }
  return found;
}

/** Asks about whatever the running action's guard holds; true when something was let through. */
export function settleHeldEffects(signal: AbortSignal): Promise<boolean> {
  return active ? active.settle(signal) : Promise.resolve(false);
}

/** Whether the site boundary lets the browser go to `url` now. */
export function destinationAllowed(url: URL): boolean {
  return active ? setHas(active.gate.allowedOrigins, url.origin) : url.origin === location.origin;
}
