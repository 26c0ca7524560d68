import type { ConfigCheck, WebAgentOptions } from '../agent/config.js';
import { loadLocale, localeDirection, localize, type Strings } from './i18n.js';
import { checkInput, mergeConfig } from './read-config.js';

type ConfigHost = HTMLElement & { requestUpdate(): void };
type DisplayOptions = Pick<WebAgentOptions, 'agentName' | 'locale' | 'strings' | 'sessionStorageKey'>;

export const DEFAULT_SESSION_KEY = 'web-agent.session';

/**
 * The element's configuration: merged from its three sources at once, checked asynchronously
 * (the schema is a lazy chunk), and the few display options the UI needs before the check ends.
 * Until a check ends, `options` keeps the last checked configuration; a newer read supersedes an
 * older check still in flight.
 */
export class ElementConfig {
  #host: ConfigHost;
  #onChecked: (checked: ConfigCheck) => void;
  #options?: WebAgentOptions;
  /**
   * The host's input while its check is pending: the UI reads the display options from it (agent
   * name, locale, strings) so the first render is already the host's, not the defaults.
   */
  #unchecked?: Record<string, unknown>;
  #checking?: Promise<void>;

  constructor(host: ConfigHost, onChecked: (checked: ConfigCheck) => void) {
    this.#host = host;
    this.#onChecked = onChecked;
  }

  /** The last configuration that passed its check; undefined when it failed (or none ended yet). */
  get options(): WebAgentOptions | undefined {
    return this.#options;
  }

  /** Reads attributes, the JSON child and `property` now, and starts their check. */
  read(property: Record<string, unknown> | undefined): void {
    const merged = mergeConfig(this.#host, property);
    this.#unchecked = merged.ok ? merged.input : undefined;
    this.#host.requestUpdate();
    this.#loadStrings();
    const checking: Promise<void> = checkInput(merged).then((checked) => {
      if (this.#checking !== checking) return; // a newer configuration superseded this one
      this.#unchecked = undefined;
      this.#options = checked.ok ? checked.config : undefined;
      this.#host.requestUpdate();
      this.#onChecked(checked);
      if (checked.ok) this.#loadStrings();
    });
    this.#checking = checking;
  }

  /** Resolves once no check is pending, including ones started while waiting. */
  async settled(): Promise<void> {
    let awaited: Promise<void> | undefined;
    while (awaited !== this.#checking) {
      awaited = this.#checking;
      await awaited;
    }
  }

  /** The UI strings in use: the locale's built-in ones with the host's `strings` overrides. */
  get strings(): Strings {
    return localize(this.locale, this.#shown().strings as Partial<Strings> | undefined);
  }

  get agentName(): string {
    return this.#shown().agentName ?? (this.#host.getAttribute('agent-name') || 'Assistant');
  }

  get locale(): string {
    return this.#shown().locale ?? this.#host.getAttribute('locale') ?? navigator.language;
  }

  get sessionStorageKey(): string {
    return this.#shown().sessionStorageKey ?? DEFAULT_SESSION_KEY;
  }

  /**
   * Right to left comes from the page (`dir` on the element or an ancestor, inherited), unless the
   * host chose the widget's language: then the UI reads in that language's direction, so Arabic
   * strings on an English page still read right to left. A `dir` on the element itself wins.
   */
  get direction(): 'ltr' | 'rtl' | undefined {
    if (this.#host.hasAttribute('dir')) return undefined;
    const chosen = this.#shown().locale ?? this.#host.getAttribute('locale');
    return chosen ? localeDirection(chosen) : undefined;
  }

  /** The display options: checked ones, or while a check is pending the host's as written (where well-typed). */
  #shown(): DisplayOptions {
    const input = this.#unchecked;
    if (!input) return this.#options ?? {};
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    const strings = input.strings;
    return {
      agentName: text(input.agentName),
      locale: text(input.locale),
      strings: typeof strings === 'object' && strings !== null && !Array.isArray(strings) ? (strings as Record<string, string>) : undefined,
      sessionStorageKey: text(input.sessionStorageKey),
    };
  }

  #loadStrings(): void {
    const locale = this.locale;
    loadLocale(locale).then(
      () => this.#host.requestUpdate(),
      (error: unknown) => console.warn(`[web-agent] No strings for "${locale}"; using English.`, error),
    );
  }
}
