/**
 * Every built-in string the UI shows. `{agentName}` is replaced by {@link formatString}.
 * Hosts can override any of them through `localize(locale, overrides)`.
 */
export interface Strings {
  allow: string;
  cancel: string;
  send: string;
  stop: string;
  /** Closing line when the visitor stopped or declined. */
  stopped: string;
  thinking: string;
  done: string;
  /** Closing line of a task the agent found it could not do. */
  notDone: string;
  askPlaceholder: string;
  /** Placeholder of the free-text field shown next to the options of a choice. */
  askOtherPlaceholder: string;
  /** Accessible name of the launcher button; `{agentName}` is substituted. */
  launcherLabel: string;
  /** Label of the prompt field; `{agentName}` is substituted. */
  promptLabel: string;
  promptPlaceholder: string;
  /** @deprecated Never shown: the bar says what went wrong in plain words ({@link plainError}). Accepted and ignored. */
  offlinePrefix?: string;
  /** @deprecated Never shown, as `offlinePrefix`. */
  errorPrefix?: string;
  /** The model could not be reached or the site's set-up refused the call; `{agentName}` is substituted. */
  errorUnavailable: string;
  /** Any other failure: the visitor's part is to ask again. */
  errorProblem: string;
  /** Hint under a pause's note. */
  pressSpaceToContinue: string;
  /** Button that shows the next lines of a long narration. */
  more: string;
  /** Button that ends a pause. */
  continue: string;
  /** The two answers of an `onLoopEnd` feedback question. */
  feedbackYes: string;
  feedbackNo: string;
  /** While a failed model call waits to be retried; `{seconds}` is substituted. */
  retrying: string;
  /** The prompt panel's button that shows the conversation so far, and that list's name. */
  history: string;
  /** Shown in the history when the conversation has no requests yet. */
  historyEmpty: string;
  /** Who asked, in the history. */
  you: string;
  /** Closing line of a run that failed, in the history. */
  failed: string;
  /** Confirmation of a click on a risky control; `{target}` is its name. */
  confirmClick: string;
  /** Confirmation of a change to a risky field or choice; `{target}` is its name. */
  confirmChange: string;
  /** Confirmation of a key press that sets off a risky control (Enter on it, or in its form); `{target}` is its name. */
  confirmPress: string;
  /** Confirmation of any other risky action; `{action}` is its name, `{agentName}` substituted. */
  confirmAction: string;
  /** A new request while one is running: the running one carries on. */
  busy: string;
}

/** English ships with the element; every other language is fetched when a page asks for it. */
export const english: Strings = {
  allow: 'Allow',
  cancel: 'Cancel',
  send: 'Send',
  stop: 'Stop',
  stopped: 'Stopped.',
  thinking: 'Thinking…',
  done: '✓ Done',
  notDone: '✗ Could not be done',
  askPlaceholder: 'Type your answer…',
  askOtherPlaceholder: 'Or type another answer…',
  launcherLabel: 'Ask {agentName}',
  promptLabel: 'What should {agentName} do?',
  promptPlaceholder: 'e.g. Find my latest order',
  errorUnavailable: '{agentName} cannot be reached right now. Please try again in a moment.',
  errorProblem: 'Something went wrong. Your conversation is kept, so you can ask again.',
  pressSpaceToContinue: 'Press Space to continue',
  more: 'More',
  continue: 'Continue',
  feedbackYes: '👍 Yes',
  feedbackNo: '👎 No',
  retrying: 'Busy — trying again in {seconds} s…',
  history: 'History',
  historyEmpty: 'Nothing asked yet in this conversation.',
  you: 'You',
  failed: 'Could not finish.',
  confirmClick: 'Click “{target}”?',
  confirmChange: 'Change “{target}”?',
  confirmPress: 'Press “{target}”?',
  confirmAction: 'Allow {agentName} to run “{action}”?',
  busy: 'Still busy with the last request: stop it first, or wait until it is done.',
};

const packs = {
  'zh-TW': () => import('./locales/locale-zh-tw.js'),
  'zh-CN': () => import('./locales/locale-zh-cn.js'),
  'ja': () => import('./locales/locale-ja.js'),
  'ko': () => import('./locales/locale-ko.js'),
  'es': () => import('./locales/locale-es.js'),
  'fr': () => import('./locales/locale-fr.js'),
  'de': () => import('./locales/locale-de.js'),
  'pt': () => import('./locales/locale-pt.js'),
} satisfies Record<string, () => Promise<{ strings: Strings }>>;

export type Locale = 'en' | keyof typeof packs;

const locales = ['en', ...Object.keys(packs)] as Locale[];
const loaded = new Map<Locale, Strings>([['en', english]]);

/**
 * The built-in strings for `locale` (a BCP 47 tag such as `pt-BR`): exact match (case-insensitive),
 * then the language alone, then English; `overrides` win over all of them. A language whose pack
 * has not arrived yet reads as English until {@link loadLocale} resolves.
 */
export function localize(locale: string | undefined, overrides?: Partial<Strings>): Strings {
  return { ...english, ...loaded.get(resolveLocale(locale)), ...overrides };
}

/** Fetches the pack for `locale` once; resolves with the localised strings. */
export async function loadLocale(locale: string | undefined): Promise<Strings> {
  const resolved = resolveLocale(locale);
  if (!loaded.has(resolved) && resolved !== 'en') loaded.set(resolved, (await packs[resolved]()).strings);
  return localize(locale);
}

export function resolveLocale(locale: string | undefined): Locale {
  const tag = (locale ?? '').trim().replace(/_/g, '-').toLowerCase();
  const exact = locales.find((candidate) => candidate.toLowerCase() === tag);
  if (exact) return exact;
  const [language, ...subtags] = tag.split('-');
  // Chinese has no bare `zh` entry: the script or region decides between the two written forms.
  if (language === 'zh') {
    return subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag)) ? 'zh-TW' : 'zh-CN';
  }
  return locales.find((candidate) => candidate === language) ?? 'en';
}

/** Error codes that mean the model was not reached, or the site's set-up is wrong: nothing the visitor did. */
const UNAVAILABLE = new Set(['config', 'model', 'auth', 'bad-request', 'rate-limit', 'server', 'timeout', 'network']);

/**
 * What the visitor is told about an error: one of two sentences in the page's language, chosen by
 * the error's code. Never the error's own message, which is for developers (option names, status
 * codes, server text): that goes to the console and the `error` event.
 */
export function plainError(code: string, strings: Strings, agentName: string): string {
  return UNAVAILABLE.has(code) ? formatString(strings.errorUnavailable, { agentName }) : strings.errorProblem;
}

/** Replaces `{name}` placeholders; unknown placeholders are left as written. */
export function formatString(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** Languages written right to left (ISO 639 codes), and the scripts that make any language so. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'syrc', 'thaa', 'nkoo', 'adlm', 'rohg']);

/** The writing direction of a BCP 47 tag: `ar-EG` and `az-Arab` are right to left, `en` is not. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  const [language = '', ...subtags] = locale.trim().replace(/_/g, '-').toLowerCase().split('-');
  const script = subtags.find((subtag) => subtag.length === 4);
  if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}
