// Options set from HTML attributes alone, and the API-key guard.
import { expect, fixture, html } from '@open-wc/testing';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import '../src/define.js';
import { createLane } from './support/model-lane.js';
import { nextEvent, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const end = { turn: { memory: 'x', todos_remaining: [], actions: [{ narrate: 'Done here.' }] } };

describe('configuration from attributes', () => {
  checkAccessibilityAfterEach();
  it('numbers, booleans and words from attributes reach the agent', async () => {
    const lane = await createLane();
    await lane.script(end);
    const key = `test.attrs.${lane.id}`;
    const element = await fixture<WebAgentElement>(html`
      <web-agent endpoint=${lane.baseURL} model="m" max-errors="4" llm-timeout-ms="5000" token-budget="90000"
        session-storage-key=${key} session-scope="palette" thinking="low" debug cross-tab-sync="false"></web-agent>
    `);
    await element.run('Hi');
    const { config } = element.agent!;
    expect(config).to.deep.include({ maxErrors: 4, llmTimeoutMs: 5000, tokenBudget: 90000, sessionStorageKey: key, sessionScope: 'palette', thinking: 'low', debug: true, crossTabSync: false });
    expect(sessionStorage.getItem(key)).to.include('Done here.');
    const [request] = await lane.requests();
    expect(request!.body.reasoning_effort).to.equal('low');
  });

  it('shortcut: a host picks the keys that open the prompt, changes them later, or turns them off', async () => {
    const element = await fixture<WebAgentElement>(html`<web-agent endpoint="/llm" shortcut="Alt+J"></web-agent>`);
    await element.updateComplete;
    const press = (init: KeyboardEventInit) => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, composed: true, ...init }));
    const open = () => !!shadow(element, '[part~="prompt"]');
    press({ key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true });
    await element.updateComplete;
    expect(open(), 'the default no longer opens it').to.equal(false);
    press({ key: 'j', code: 'KeyJ', altKey: true });
    await element.updateComplete;
    expect(open()).to.equal(true);
    shadow<HTMLButtonElement>(element, '[part~="launcher"]')!.click();
    await element.updateComplete;

    element.setAttribute('shortcut', 'none');
    await element.updateComplete;
    press({ key: 'j', code: 'KeyJ', altKey: true });
    await element.updateComplete;
    expect(open(), 'turned off').to.equal(false);
  });

  it('shortcut: a combination without a modifier is refused, naming the option and the form', async () => {
    const errors: string[] = [];
    const element = document.createElement('web-agent') as WebAgentElement;
    element.addEventListener('error', (event) => errors.push(event.detail.message));
    element.setAttribute('endpoint', '/x');
    element.setAttribute('shortcut', 'K');
    const ready = nextEvent(element, 'ready');
    document.body.append(element);
    try {
      expect((await ready).detail.configured).to.equal(false);
      expect(errors.join(' ')).to.include('"shortcut"').and.include('"Mod+Shift+K"');
      // Typing the letter in the page does not open anything.
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', bubbles: true, composed: true }));
      await element.updateComplete;
      expect(shadow(element, '[part~="prompt"]')).to.equal(null);
    } finally {
      element.remove();
    }
  });

  it('a number attribute that is not a number is named in the error', async () => {
    const errors: string[] = [];
    const element = document.createElement('web-agent') as WebAgentElement;
    element.addEventListener('error', (event) => errors.push(event.detail.message));
    element.setAttribute('endpoint', '/x');
    element.setAttribute('token-budget', 'lots');
    const ready = nextEvent(element, 'ready');
    document.body.append(element);
    try {
      expect((await ready).detail.configured).to.equal(false);
      expect(errors.join(' ')).to.include('"tokenBudget"');
    } finally {
      element.remove();
    }
  });

  it('refuses an API key in the page unless the dev flag says so, and then warns', async () => {
    const errors: string[] = [];
    const refused = document.createElement('web-agent') as WebAgentElement;
    refused.addEventListener('error', (event) => errors.push(event.detail.message));
    refused.setAttribute('endpoint', '/x');
    refused.setAttribute('api-key', 'sk-test-123');
    const ready = nextEvent(refused, 'ready');
    document.body.append(refused);
    try {
      expect((await ready).detail.configured).to.equal(false);
      expect(errors.join(' ')).to.include('"apiKey" is refused').and.not.to.include('sk-test-123');
      // The option's name is for the developer (event, console); the visitor reads plain words (issue 16).
      await waitFor(() => subtitleText(refused).endsWith('cannot be reached right now. Please try again in a moment.'), 'the message in the bar');
      expect(subtitleText(refused)).not.to.include('apiKey');
    } finally {
      refused.remove();
    }

    const lane = await createLane();
    await lane.script(end);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const allowed = await fixture<WebAgentElement>(html`<web-agent endpoint=${lane.baseURL} api-key="sk-test-123" dangerously-allow-api-key></web-agent>`);
      await allowed.run('Hi');
      const [request] = await lane.requests();
      expect(request!.headers.authorization).to.equal('Bearer sk-test-123');
      expect(warnings.join(' ')).to.include('every visitor can read it');
    } finally {
      console.warn = warn;
    }
  });
});
