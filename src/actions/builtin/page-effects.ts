import { describeElement } from '../../dom/describe-element.js';
import { isRedacted } from '../../dom/redaction.js';
import { REDACTION_MASK } from '../../dom/redaction-mask.js';
import { leftOutOfView, shownText } from '../../dom/shown-text.js';
import { matchesSafely } from '../../dom/matches-safely.js';
import { redactUrl } from '../../dom/url-redaction.js';
import { animationsSettled, ChangedRegions, fadedSurfacesGone, paintedSurfaces } from './animations-settled.js';
import { isShown } from './reach-target.js';
import { isElement, isShadowRoot } from './element-kinds.js';
import type { PageView } from '../define-action.js';
import { settleHeldEffects } from '../effect-guard.js';
import { watchTimers } from './page-timers.js';
import { attributeOf, closestOf, later, listen, newUrl, nextFrame, own, tagOf } from '../../dom/platform.js';

/** What a person would notice after an action, in short phrases for the result message. */
export interface PageEffects {
  notes: string[];
  /** The URL changed, a page load started, a modal opened or much of the page was replaced. */
  endsBatch: boolean;
  /** The page's validation stopped a form submission: one "field: message" per invalid field. */
  blockedBy: string[];
  submitted: boolean;
  /** Nothing in the page's DOM changed at all (attributes, text or elements). */
  quiet: boolean;
}

export interface PageWatch {
  /** Lets the page react, stops watching and says what changed since the watch started. */
  finish(signal: AbortSignal, waitMs?: number): Promise<PageEffects>;
}

const DIALOGS = 'dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]';
const POPUPS = '[role=menu], [role=menubar], [role=listbox], [role=tooltip], [role=tree], [popover]';
const ANNOUNCERS = '[role=alert], [role=status], [aria-live=assertive], [aria-live=polite]';
// Comparing every element of a big page costs more than it tells; an even sample is enough for a share.
const SAMPLE_SIZE = 4000;
const REPLACED_SHARE = 0.3;

interface NavigationLike extends EventTarget {}

/**
 * Starts watching the page before an action, so its effects can be reported after it. `submits`:
 * the action may submit a form (a click, Enter), so `invalid` events mean the browser's validation
 * stopped it; other actions ignore them, since scripts also fire them by calling checkValidity().
 */
export function watchPage(target?: Element, { submits = false, view = {} }: { submits?: boolean; view?: PageView } = {}): PageWatch {
  const startUrl = location.href;
  const sample = sampleElements();
  const surfaces = visible(DIALOGS + ', ' + POPUPS, view);
  const painted = paintedSurfaces(surfaces);
  const announced = new Map([...visible(ANNOUNCERS, view)].map((element) => [element, announcement(element, view)]));
  const invalidBefore = visible('[aria-invalid=true]', view);
  const invalidFields = new Set<Element>();
  let submitted = false;
  let loading: string | undefined;
  let mutated = false;
  const regions = new ChangedRegions(target);
  const observer = new MutationObserver((records) => {
    mutated ||= records.some(isPageMutation);
    regions.note(records);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const timers = watchTimers(target?.ownerDocument.defaultView ?? window);

  const onInvalid = (event: Event) => invalidFields.add(event.target as Element);
  const onSubmit = () => (submitted = true);
  const onNavigate = (event: Event) => {
    // One the site boundary stopped (effect-guard.ts) never loads; read with the browser's own
    // getters, as the guard reads it: a page's defaultPrevented cannot report a load it stopped.
    const destination = own<object>(event, 'NavigateEvent.destination');
    if (!own(destination, 'NavigationDestination.sameDocument') && !own(event, 'Event.defaultPrevented')) loading = own(destination, 'NavigationDestination.url');
  };
  // `invalid` and `submit` do not cross shadow roots, so a form inside one is watched there too.
  const roots = new Set<Document | ShadowRoot>([document]);
  const root = target?.getRootNode();
  if (isShadowRoot(root)) roots.add(root);
  // A form inside a same-origin frame reports in the frame's document.
  if (target) roots.add(target.ownerDocument);
  const stops = [...roots].flatMap((each) => [listen(each, 'invalid', onInvalid, true), listen(each, 'submit', onSubmit, true)]);
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  if (navigation) stops.push(listen(navigation, 'navigate', onNavigate));

  return {
    async finish(signal, waitMs) {
      await timers(signal);
      await settle(signal, waitMs);
      // What the action set off and the guard held waits for the visitor; what is let through settles too.
      if (await settleHeldEffects(signal)) await settle(signal, waitMs);
      // What changed is animating into place (a panel opening): the report and the next snapshot
      // wait for it, within a second.
      const records = observer.takeRecords();
      mutated ||= records.some(isPageMutation);
      regions.note(records);
      await animationsSettled(regions, signal);
      await fadedSurfacesGone(painted, signal);
      for (const stop of stops) stop();
      mutated ||= observer.takeRecords().some(isPageMutation);
      observer.disconnect();

      const notes: string[] = [];
      let endsBatch = false;
      if (location.href !== startUrl) {
        notes.push(`the page moved to ${shortUrl(location.href)}`);
        endsBatch = true;
      } else if (loading) {
        notes.push(`the page is loading ${shortUrl(loading)}`);
        endsBatch = true;
      }
      const blockedBy = submits && !submitted ? [...invalidFields].filter((field) => field.isConnected).map((field) => fieldProblem(field, view)) : [];
      if (blockedBy.length) notes.push(`the form was not submitted: ${blockedBy.slice(0, 3).join('; ')}`);
      else if (submitted) notes.push('the form was submitted');

      const surfacesNow = visible(DIALOGS + ', ' + POPUPS, view);
      for (const element of surfacesNow) {
        if (surfaces.has(element) || nestedIn(element, surfacesNow)) continue;
        notes.push(`${describeSurface(element, view)} opened`);
        if (isModal(element)) endsBatch = true;
      }
      for (const element of surfaces) {
        if (!surfacesNow.has(element) && !nestedIn(element, surfaces)) notes.push(`${describeSurface(element, view)} closed`);
      }
      for (const element of visible(ANNOUNCERS, view)) {
        const text = announcement(element, view);
        if (text && text !== announced.get(element) && !isRedacted(element)) notes.push(`the page says "${text}"`);
      }
      for (const field of visible('[aria-invalid=true]', view)) {
        // The target's own state is the action's to report; a blocked submit already named its fields.
        if (field === target || invalidBefore.has(field) || (blockedBy.length && invalidFields.has(field))) continue;
        notes.push(`${describeElement(field)} is marked invalid${quoted(errorText(field, view))}`);
      }
      // A popup that closed by leaving the page is reported above as closing, not as the page replaced.
      const gone = sample.filter((element) => !element.isConnected);
      const popups = gone.filter((element) => surfaces.has(element) || nestedIn(element, surfaces)).length;
      const replaced = sample.length - popups >= 20 ? (gone.length - popups) / (sample.length - popups) : 0;
      if (replaced >= REPLACED_SHARE) {
        notes.push(`${Math.round(replaced * 100)}% of the page was replaced`);
        endsBatch = true;
      }
      return { notes: notes.slice(0, 6), endsBatch, blockedBy, submitted, quiet: !mutated && location.href === startUrl };
    },
  };
}

// The agent's own element changes as it works; that is not the page reacting.
function isPageMutation(record: MutationRecord): boolean {
  const node = record.target;
  const element = isElement(node) ? node : node.parentElement;
  return !closestOf(element, 'web-agent');
}

/** Lets the page's handlers, a framework's re-render and a paint happen before we look. */
export function settle(signal: AbortSignal, extraMs = 50): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      later(resolve, extraMs);
    };
    // A background tab may never paint, so the frame is not waited for forever.
    nextFrame(next);
    later(next, 100);
  });
}

/** Joins an action's own outcome with what else happened: `Clicked X; a dialog opened.` */
export function withEffects(message: string, effects: PageEffects, extra: string[] = []): string {
  const notes = [...extra, ...effects.notes];
  return notes.length ? `${message}; ${notes.join('; ')}.` : `${message}.`;
}

/** "input "Email": Please fill out this field." — what the browser or the page says is wrong. */
export function fieldProblem(field: Element, view: PageView = {}): string {
  return `${describeElement(field)}${quoted(errorText(field, view), ': ')}`;
}

/**
 * The message a field shows for being invalid: its aria-errormessage, a visible description, or the
 * browser's. Read as the page dump reads text, so hidden, redacted and filtered-out parts stay out.
 */
export function errorText(field: Element, view: PageView = {}): string {
  const root = field.getRootNode() as Document | ShadowRoot;
  for (const attribute of ['aria-errormessage', 'aria-describedby']) {
    for (const id of (attributeOf(field, attribute) ?? '').split(/\s+/).filter(Boolean)) {
      const node = root.getElementById?.(id) ?? document.getElementById(id);
      if (node && isShown(node)) {
        const text = clip(shownText(node, view), 120);
        if (text) return text;
      }
    }
  }
  const message = (field as HTMLInputElement).validationMessage;
  return typeof message === 'string' ? clip(withoutSecretValue(field, message), 120) : '';
}

/**
 * Chromium's messages quote what the field holds ("'jane' is missing an '@'"), and a step mismatch
 * names the two valid values nearest to it: for a secret or redacted field, the very value the dump masks.
 */
function withoutSecretValue(field: Element, message: string): string {
  const { value, validity } = field as HTMLInputElement;
  if (typeof value !== 'string' || !value.trim() || !isRedacted(field)) return message;
  if (validity?.stepMismatch) return 'The value is not one the field allows.';
  return message.split(value).join(REDACTION_MASK);
}

function quoted(text: string, prefix = ': '): string {
  return text ? `${prefix}"${text}"` : '';
}

function sampleElements(): Element[] {
  const all = document.getElementsByTagName('*');
  const step = Math.max(1, Math.ceil(all.length / SAMPLE_SIZE));
  const sample: Element[] = [];
  for (let index = 0; index < all.length; index += step) sample.push(all[index]!);
  return sample;
}

function visible(selector: string, view: PageView): Set<Element> {
  const found = new Set<Element>();
  for (const element of document.querySelectorAll(selector)) {
    if (closestOf(element, 'web-agent') || !isShown(element) || leftOutOfView(element, view)) continue;
    found.add(element);
  }
  return found;
}

function nestedIn(element: Element, others: Set<Element>): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (others.has(parent)) return true;
  return false;
}

function isModal(element: Element): boolean {
  return attributeOf(element, 'aria-modal') === 'true' || attributeOf(element, 'role') === 'alertdialog' || matchesSafely(element, ':modal');
}

function describeSurface(element: Element, view: PageView): string {
  // A menubar that pops up (PrimeVue's TieredMenu) is a menu to the person who opened it.
  const role = attributeOf(element, 'role')?.replace('menubar', 'menu') ?? (tagOf(element) === 'dialog' ? 'dialog' : 'popup');
  const label = describeElement(element);
  const name = label.includes('"') ? label.slice(label.indexOf('"')) : '';
  if (role === 'menu' || role === 'listbox' || role === 'tree') {
    const items = element.querySelectorAll('[role^=menuitem], [role=option], [role=treeitem]').length;
    return `${role}${name ? ` ${name}` : ''} (${items} ${role === 'listbox' ? 'options' : 'items'})`;
  }
  if (role === 'tooltip') return `tooltip${quoted(announcement(element, view), ' ')}`;
  return `${role === 'alertdialog' ? 'alert dialog' : role === 'dialog' ? 'dialog' : label}${name && role.includes('dialog') ? ` ${name}` : ''}`;
}

/** What a live region, tooltip or dialog says, as the page dump would show it. */
function announcement(element: Element, view: PageView): string {
  return clip(shownText(element, view), 100);
}

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

export function shortUrl(url: string): string {
  try {
    const absolute = redactUrl(newUrl(url, location.href).href);
    return absolute.startsWith(`${location.origin}/`) ? absolute.slice(location.origin.length) : absolute;
  } catch {
    return url;
  }
}
