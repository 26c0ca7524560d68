// One context, many consumers: what <web-agent> publishes through the Context Community Protocol,
// read and acted on by a plain-JS consumer (a `context-request` event, no Lit) and by a Lit
// consumer (`ContextConsumer`), each driving a whole task against the scripted model server; host
// elements in the named slots replacing built-in pieces; and what removal leaves behind.
import { ContextConsumer } from '@lit/context';
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { LitElement, html as litHtml, nothing } from 'lit';
import { elementId } from '../src/dom/index.js';
import { webAgentContext, type WebAgentContext } from '../src/index.js';
import { checkAccessibilityAfterEach, expectAccessible } from './support/a11y.js';
import { nextEvent, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { createLane, type Lane, type Reply } from './support/model-lane.js';
import { typeText } from './support/keys.js';
import '../src/define.js';

/** How a host subscribes without any library: the protocol's event, with a callback. */
function subscribe(from: Element, onSnapshot: (context: WebAgentContext) => void): () => void {
  let unsubscribe = () => {};
  const request = new Event('context-request', { bubbles: true, composed: true });
  Object.assign(request, {
    context: 'web-agent',
    contextTarget: from,
    subscribe: true,
    callback: (context: WebAgentContext, dispose?: () => void) => {
      if (dispose) unsubscribe = dispose;
      onSnapshot(context);
    },
  });
  from.dispatchEvent(request);
  return () => unsubscribe();
}

/** Whether the element's shadow tree has a match: a boolean, so a failure message stays short. */
const has = (agent: Element, selector: string) => agent.shadowRoot!.querySelector(selector) !== null;

const turn = (actions: unknown[], todos: string[] = ['more']): Reply => ({ turn: { memory: 'm', todos_remaining: todos, actions: actions as never } });

/** A page with a risky button, and a <web-agent> holding `children` (the host's own pieces). */
async function mount(lane: Lane, children = html``) {
  const page = await fixture<HTMLDivElement>(html`<div>
    <button type="button" id="delete">Delete draft</button>
    <web-agent endpoint=${lane.baseURL} model="test-model" agent-name="Ava" locale="en"
      ><script type="application/json">${JSON.stringify({ sessionStorageKey: `test.context.${lane.id}` })}</script>${children}</web-agent
    >
  </div>`);
  const agent = page.querySelector('web-agent')!;
  agent.clearSession();
  await agent.updateComplete;
  const button = page.querySelector<HTMLButtonElement>('#delete')!;
  const clicks = { count: 0 };
  button.addEventListener('click', () => clicks.count++);
  return { page, agent, button, clicks };
}

/** Ask a question, then click the risky button (a confirmation), then finish. */
async function scriptTask(lane: Lane, button: HTMLElement): Promise<void> {
  await lane.script(
    turn([{ narrate: 'Which draft?' }, { tool: 'ask_user', args: { question: 'Which draft should go?' } }]),
    turn([{ narrate: 'Deleting it.' }, { tool: 'click', args: { selector: `[${elementId(button)}]` } }]),
    turn([{ narrate: 'The draft is gone.' }], []),
  );
}

async function answerReached(lane: Lane, answer: string): Promise<void> {
  const requests = await lane.requests();
  expect(requests).to.have.length(3);
  expect(String(requests[1]!.body.messages!.filter((m) => m.role === 'tool').at(-1)?.content)).to.include(`The user answered: ${answer}`);
}

class LitAgentPanel extends LitElement {
  readonly agent = new ContextConsumer(this, { context: webAgentContext, subscribe: true });
  answer = 'Q3 notes';

  override render() {
    const context = this.agent.value;
    if (!context) return nothing;
    const { pending, status, display } = context;
    return litHtml`<section aria-label="Assistant">
      <p id="status">${status}</p>
      <p id="line">${display.kind === 'narration' ? display.text : display.kind === 'hidden' ? '' : display.text}</p>
      <button id="go" @click=${() => context.run('Delete the old draft')}>Go</button>
      ${pending?.kind === 'ask' ? litHtml`<p id="question">${pending.question}</p><button id="answer" @click=${() => context.respond(this.answer)}>Answer</button>` : nothing}
      ${pending?.kind === 'confirm'
        ? litHtml`<p id="confirm">${pending.message}</p><button id="approve" @click=${() => context.decide(true)}>Approve ${pending.action}</button>`
        : nothing}
    </section>`;
  }
}
customElements.define('lit-agent-panel', LitAgentPanel);

describe('one context, many consumers', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('a plain-JS consumer reads the context and drives a whole task: run, answer, approve', async () => {
    const { agent, button, clicks } = await mount(lane, html`<div id="plain"></div>`);
    await scriptTask(lane, button);
    const consumer = agent.querySelector('#plain')!;
    const seen: WebAgentContext[] = [];
    const asked: string[] = [];
    subscribe(consumer, (context) => {
      seen.push(context);
      const { pending } = context;
      // A visitor answers a moment later, as a real UI would: never from inside the callback.
      if (pending?.kind === 'ask' && !asked.includes(pending.question)) {
        asked.push(pending.question);
        // The built-in bar reads the same context: it shows the same question.
        setTimeout(() => {
          expect(subtitleText(agent)).to.equal(pending.question);
          context.respond('Q3 notes');
        }, 50);
      }
      if (pending?.kind === 'confirm' && !asked.includes(pending.message)) {
        asked.push(pending.message);
        expect(pending.action).to.equal('click');
        expect(pending.target).to.equal(button);
        expect(pending.targetName).to.equal('Delete draft');
        setTimeout(() => context.decide(true), 50);
      }
    });
    expect(seen, 'the current snapshot at once').to.have.length(1);
    expect(seen[0]!.status).to.equal('idle');
    expect(seen[0]!.strings.allow).to.equal('Allow');
    expect(seen[0]!.agentName).to.equal('Ava');

    const finished = nextEvent(agent, 'done');
    seen[0]!.run('Delete the old draft');
    expect((await finished).detail.status).to.equal('done');

    expect(asked).to.deep.equal(['Which draft should go?', 'Click “Delete draft”?']);
    expect(clicks.count).to.equal(1);
    await answerReached(lane, 'Q3 notes');
    const statuses = seen.map((context) => context.status);
    expect(statuses).to.include.members(['thinking', 'executing', 'waiting', 'done']);
    expect(seen.some((context) => context.display.kind === 'narration' && context.display.text === 'Which draft?')).to.equal(true);
    // Snapshots are immutable: each change is a new object, the commands are the same functions.
    expect(new Set(seen).size).to.equal(seen.length);
    expect(seen.at(-1)!.run).to.equal(seen[0]!.run);
    await waitFor(() => seen.at(-1)!.transcript.some((entry) => entry.from === 'end'), 'the transcript with the ending');
    expect(seen.at(-1)!.transcript.map((entry) => (entry.from === 'end' ? `end:${entry.status}` : `${entry.from}:${entry.text}`))).to.deep.equal([
      'visitor:Delete the old draft',
      'agent:Which draft?',
      'agent:Deleting it.',
      'agent:The draft is gone.',
      'end:done',
    ]);
    expect(seen[0]!.transcript, 'an earlier snapshot is left as it was').to.deep.equal([]);
  });

  it('a Lit consumer (ContextConsumer) renders the context and drives a whole task from its own buttons', async () => {
    const { agent, button, clicks } = await mount(lane, html`<lit-agent-panel slot="bar"></lit-agent-panel>`);
    await scriptTask(lane, button);
    const panel = agent.querySelector<LitAgentPanel>('lit-agent-panel')!;
    await panel.updateComplete;
    const inPanel = <T extends HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
    expect(inPanel('#status')!.textContent).to.equal('idle');

    const finished = nextEvent(agent, 'done');
    inPanel<HTMLButtonElement>('#go')!.click();
    await waitFor(() => inPanel('#question')?.textContent === 'Which draft should go?', 'the question in the Lit panel', 15_000);
    expect(inPanel('#status')!.textContent).to.equal('waiting');
    inPanel<HTMLButtonElement>('#answer')!.click();
    await waitFor(() => !!inPanel('#approve'), 'the confirmation in the Lit panel', 15_000);
    expect(inPanel('#confirm')!.textContent).to.equal('Click “Delete draft”?');
    expect(inPanel('#approve')!.textContent).to.equal('Approve click');
    // Only the bar was replaced: the built-in confirmation asks the same question from the same context
    // (drawn a frame after it is asked for, issue 16).
    await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the built-in confirmation');
    expect(shadow(agent, '[part~="button-primary"]')?.textContent?.trim()).to.equal('Allow');
    expect(clicks.count).to.equal(0);
    inPanel<HTMLButtonElement>('#approve')!.click();
    expect((await finished).detail.status).to.equal('done');
    expect(clicks.count).to.equal(1);
    await answerReached(lane, 'Q3 notes');
    await waitFor(() => inPanel('#line')!.textContent === 'The draft is gone.', 'the last narration in the Lit panel');
    // The built-in confirmation answered through the same command: it is gone too.
    expect(has(agent, '[part~="button-primary"]')).to.equal(false);
  });
});

describe('named slots replace built-in pieces', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it("a slotted launcher replaces the round button; it opens the built-in prompt, and focus comes back to it", async () => {
    const { agent, button } = await mount(lane, html`<button slot="launcher" id="my-launcher" aria-expanded="false">Ask Ava</button>`);
    const launcher = agent.querySelector<HTMLButtonElement>('#my-launcher')!;
    let context: WebAgentContext | undefined;
    subscribe(launcher, (next) => {
      context = next;
      launcher.setAttribute('aria-expanded', String(next.promptOpen));
    });
    launcher.addEventListener('click', () => (context!.promptOpen ? context!.closePrompt() : context!.openPrompt()));
    await agent.updateComplete;
    expect(has(agent, '[part~="launcher"]'), 'no built-in launcher').to.equal(false);
    expect(has(agent, 'web-agent-launcher'), 'not hidden: not there').to.equal(false);
    const box = launcher.getBoundingClientRect();
    expect(box.width * box.height, 'the host launcher is drawn').to.be.greaterThan(0);
    // The built-in prompt names no panel for a launcher it does not know.
    await expectAccessible(agent);

    // Keyboard: Tab from the page reaches the host's launcher, Enter opens the built-in prompt with the caret in it.
    button.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(launcher);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => agent.shadowRoot!.activeElement === shadow(agent, '[part~="prompt-input"]'), 'the caret in the prompt');
    expect(launcher.getAttribute('aria-expanded')).to.equal('true');
    await expectAccessible(agent);
    // Escape closes it and gives focus back to the launcher in use: the host's.
    await sendKeys({ press: 'Escape' });
    await waitFor(() => document.activeElement === launcher && !shadow(agent, '[part~="prompt"]'), 'focus back on the host launcher');
    expect(launcher.getAttribute('aria-expanded')).to.equal('false');

    // A task typed there runs, and focus again goes back to the host's launcher.
    await lane.script(turn([{ narrate: 'You have no drafts left.' }], []));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => agent.shadowRoot!.activeElement === shadow(agent, '[part~="prompt-input"]'), 'the caret in the prompt again');
    const finished = nextEvent(agent, 'done');
    await typeText('Any drafts?');
    await sendKeys({ press: 'Enter' });
    expect((await finished).detail.status).to.equal('done');
    expect(document.activeElement).to.equal(launcher);
    expect(String((await lane.requests())[0]!.body.messages![1]!.content)).to.include('Any drafts?');
  });

  it("a slotted confirmation replaces the built-in one: the host's asks, and the built-in keys are gone", async () => {
    const { agent, button, clicks } = await mount(
      lane,
      html`<div slot="confirmation" id="my-confirm" role="alertdialog" aria-labelledby="my-question" hidden>
        <p id="my-question"></p>
        <button type="button" id="my-allow">Yes, do it</button><button type="button" id="my-cancel">No</button>
      </div>`,
    );
    const dialog = agent.querySelector<HTMLElement>('#my-confirm')!;
    const allow = agent.querySelector<HTMLButtonElement>('#my-allow')!;
    let context: WebAgentContext | undefined;
    let shown = false;
    subscribe(dialog, (next) => {
      context = next;
      const asking = next.pending?.kind === 'confirm';
      dialog.hidden = !asking;
      if (asking) dialog.querySelector('#my-question')!.textContent = next.pending!.kind === 'confirm' ? next.pending!.message : '';
      // As the README asks of a replacement: default focus on Cancel, and only a deliberate activation approves.
      if (asking && !shown) queueMicrotask(() => agent.querySelector<HTMLElement>('#my-cancel')!.focus());
      shown = asking;
    });
    allow.addEventListener('click', () => context!.decide(true));
    agent.querySelector('#my-cancel')!.addEventListener('click', () => context!.decide(false));

    await lane.script(turn([{ narrate: 'Deleting the draft.' }, { tool: 'click', args: { selector: `[${elementId(button)}]` } }]), turn([], []));
    const finished = nextEvent(agent, 'done');
    void agent.run('Delete the draft');
    await waitFor(() => !dialog.hidden, "the host's confirmation", 15_000);
    expect(dialog.textContent).to.include('Click “Delete draft”?');
    expect(has(agent, 'web-agent-confirmation'), 'no built-in confirmation in the tree').to.equal(false);
    expect(has(agent, '[part~="button-primary"]')).to.equal(false);
    // The bar steps aside for the confirmation, whoever draws it; its one live region announces the question.
    expect(has(agent, '[part~="bar"]')).to.equal(false);
    expect(agent.shadowRoot!.querySelectorAll('[aria-live]')).to.have.length(1);
    expect(shadow(agent, '[part~="live"]')!.textContent!.trim()).to.equal('Click “Delete draft”?');
    await expectAccessible(agent);

    // The built-in rules are gone with it: Enter on a page control is the page's again, Escape declines nothing.
    button.focus();
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(clicks.count, 'Enter reached the page button itself (natively), not an approval').to.equal(1);
    expect(context!.pending?.kind).to.equal('confirm');
    // What the click would set off, as `confirm-action` tells a host: a press on a plain button.
    expect(context!.pending?.kind === 'confirm' && context!.pending.effect?.kind).to.equal('action');
    clicks.count = 0;

    // The host's own controls decide.
    allow.focus();
    await sendKeys({ press: 'Enter' });
    expect((await finished).detail.status).to.equal('done');
    expect(clicks.count, 'the approved click').to.equal(1);
    expect(dialog.hidden).to.equal(true);
  });

  it("a slotted prompt opens from the built-in launcher and the shortcut, and its task runs", async () => {
    const { agent } = await mount(
      lane,
      html`<form slot="prompt" id="my-prompt" hidden><label>Task <input id="my-task" /></label><button>Go</button></form>`,
    );
    const form = agent.querySelector<HTMLFormElement>('#my-prompt')!;
    const field = agent.querySelector<HTMLInputElement>('#my-task')!;
    let context: WebAgentContext | undefined;
    subscribe(form, (next) => {
      const opened = next.promptOpen && !context?.promptOpen;
      context = next;
      form.hidden = !next.promptOpen;
      if (opened) field.focus();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      context!.run(field.value);
    });
    await agent.updateComplete;
    expect(has(agent, 'web-agent-prompt'), 'no built-in prompt').to.equal(false);
    const launcher = shadow<HTMLButtonElement>(agent, '[part~="launcher"]')!;
    // The built-in launcher cannot name a panel it does not draw.
    expect(launcher.hasAttribute('aria-controls')).to.equal(false);
    launcher.click();
    await agent.updateComplete;
    expect(form.hidden).to.equal(false);
    expect(launcher.getAttribute('aria-expanded')).to.equal('true');
    expect(document.activeElement).to.equal(field);
    await expectAccessible(agent);
    context!.closePrompt();
    expect(form.hidden).to.equal(true);
    // The shortcut opens whichever prompt is in use.
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true, bubbles: true, composed: true }));
    expect(form.hidden).to.equal(false);
    await lane.script(turn([{ narrate: 'Nothing to delete.' }], []));
    const finished = nextEvent(agent, 'done');
    field.value = 'Anything to delete?';
    form.requestSubmit();
    expect(form.hidden, 'run() closes the prompt').to.equal(true);
    expect((await finished).detail.status).to.equal('done');
    expect(String((await lane.requests())[0]!.body.messages![1]!.content)).to.include('Anything to delete?');
  });

  it('a slotted bar leaves no built-in bar and no second live region', async () => {
    const { agent } = await mount(lane, html`<p slot="bar" id="my-bar" aria-live="polite"></p>`);
    const bar = agent.querySelector<HTMLElement>('#my-bar')!;
    subscribe(bar, ({ display }) => {
      bar.textContent = display.kind === 'hidden' ? '' : display.kind === 'narration' ? display.shown : display.text;
    });
    await lane.script(turn([{ narrate: 'Nothing to do.' }], []));
    await agent.run('Anything?');
    expect(bar.textContent).to.equal('Nothing to do.');
    expect(has(agent, 'web-agent-bar')).to.equal(false);
    expect(agent.shadowRoot!.querySelectorAll('[aria-live], [part~="bar"]')).to.have.length(0);
    // Taking the piece out of the slot brings the built-in bar back.
    bar.remove();
    await agent.updateComplete;
    expect(has(agent, '[part~="live"]')).to.equal(true);
  });
});

describe('removal cleans up', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('a consumer taken out of the element stops receiving snapshots, and so does one inside a removed element', async () => {
    const { agent } = await mount(lane, html`<div id="leaving"></div><div id="staying"></div>`);
    const leaving = agent.querySelector('#leaving')!;
    const staying = agent.querySelector('#staying')!;
    const counts = { leaving: 0, staying: 0 };
    subscribe(leaving, () => counts.leaving++);
    subscribe(staying, () => counts.staying++);
    // Plain JS forgets to unsubscribe: the provider lets go of a consumer no longer in the page.
    leaving.remove();
    await lane.script(turn([{ narrate: 'Fine.' }], []));
    await agent.run('Hello');
    expect(counts.leaving, 'no snapshot after it left').to.equal(1);
    expect(counts.staying).to.be.greaterThan(3);

    const before = counts.staying;
    await lane.script({ ...turn([{ narrate: 'Still here.' }], []), holdAfterChars: 1 });
    const finished = nextEvent(agent, 'done');
    void agent.run('Again');
    await waitFor(() => counts.staying > before, 'the run under way');
    agent.remove();
    await lane.release();
    await finished;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const atRemoval = counts.staying;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counts.staying).to.equal(atRemoval);
  });

  it('an element put back starts clean: the prompt it had open is closed, its pieces subscribe again', async () => {
    const { page, agent } = await mount(lane, html`<div id="mine"></div>`);
    shadow<HTMLButtonElement>(agent, '[part~="launcher"]')!.click();
    await agent.updateComplete;
    expect(has(agent, '[part~="prompt"]')).to.equal(true);
    agent.remove();
    page.append(agent);
    await agent.updateComplete;
    expect(has(agent, '[part~="prompt"]')).to.equal(false);
    expect(shadow(agent, '[part~="launcher"]')!.getAttribute('aria-expanded')).to.equal('false');
    const seen: WebAgentContext[] = [];
    subscribe(agent.querySelector('#mine')!, (context) => seen.push(context));
    expect(seen.map((context) => context.promptOpen)).to.deep.equal([false]);
    seen[0]!.openPrompt();
    await agent.updateComplete;
    expect(has(agent, '[part~="prompt"]')).to.equal(true);
    expect(seen.at(-1)!.promptOpen).to.equal(true);
  });

  it('leaves no listener on the document or the window once removed, whatever was open', async () => {
    const added = new Map<string, { target: EventTarget; type: string }>();
    const ids = new WeakMap<object, number>();
    let lastId = 0;
    const key = (target: EventTarget, type: string, listener: object, options?: boolean | EventListenerOptions) => {
      if (!ids.has(listener)) ids.set(listener, ++lastId);
      const capture = typeof options === 'boolean' ? options : !!options?.capture;
      return `${target === window ? 'window' : 'document'} ${type} ${capture} ${ids.get(listener)}`;
    };
    const { addEventListener, removeEventListener } = EventTarget.prototype;
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if ((this === document || this === window) && listener) added.set(key(this, type, listener, options), { target: this, type });
      return addEventListener.call(this, type, listener, options);
    };
    EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
      if ((this === document || this === window) && listener) added.delete(key(this, type, listener, options));
      return removeEventListener.call(this, type, listener, options);
    };
    try {
      const { agent, button } = await mount(lane);
      // Everything open at once: the prompt (its outside-press listener), a confirmation (its keys), the overlay (scroll, resize).
      shadow<HTMLButtonElement>(agent, '[part~="launcher"]')!.click();
      await lane.script(turn([{ tool: 'highlight', args: { selector: `[${elementId(button)}]` } }, { tool: 'click', args: { selector: `[${elementId(button)}]` } }]));
      const finished = nextEvent(agent, 'done');
      void agent.run('Delete the draft');
      await waitFor(() => !!shadow(agent, '[part~="button-primary"]') && !!shadow(agent, '[part~="overlay-spotlight"]'), 'the confirmation and the spotlight', 15_000);
      expect([...added.values()].map(({ type }) => type)).to.include.members(['keydown', 'pointerdown', 'scroll', 'resize']);
      agent.remove();
      expect((await finished).detail.status).to.equal('stopped');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([...added.values()].map(({ target, type }) => `${target === window ? 'window' : 'document'} ${type}`)).to.deep.equal([]);
    } finally {
      EventTarget.prototype.addEventListener = addEventListener;
      EventTarget.prototype.removeEventListener = removeEventListener;
    }
  });
});
