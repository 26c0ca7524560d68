// A confirmation the visitor means (issue 13, point 4): only a deliberate gesture approves. The
// model clicks "Delete account"; the page (its content, its CSS, its scripts' forged events, the
// visitor's own keys pressed on the page) tries to turn that into a yes. Real clicks (sendMouse)
// and real keys (sendKeys) are the visitor; each form checks that nothing was deleted without a
// yes, and that the visitor's real yes still works.
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, realClick, shadow, waitFor } from './support/agent-fixture.js';
import { createLane, type Lane } from './support/model-lane.js';
import { typeText } from './support/keys.js';

interface Question {
  agent: WebAgentElement;
  root: HTMLElement;
  lane: Lane;
  /** How often the page's "Delete account" ran. */
  deletions(): number;
  /** Every `confirm-action` the host heard. */
  asked: string[];
  done: Promise<string>;
  allow(): HTMLButtonElement;
  dialog(): HTMLDialogElement | null;
}

/** Page `body` (with a "Delete account" button, #delete), host `css`, and a model that clicks it. */
async function question({ body = '', css = '', open = true }: { body?: string; css?: string; open?: boolean } = {}): Promise<Question> {
  const root = await fixture<HTMLElement>(html`<div></div>`);
  root.innerHTML = `<style>${css}</style>${body}${body.includes('id="delete"') ? '' : '<button type="button" id="delete">Delete account</button>'}`;
  const button = root.querySelector<HTMLButtonElement>('#delete')!;
  let deletions = 0;
  button.addEventListener('click', () => (deletions += 1));
  const lane = await createLane();
  await lane.script(
    { turn: { memory: 'deleting', todos_remaining: ['delete'], actions: [{ narrate: 'Deleting your account.' }, { tool: 'click', args: { selector: `[${elementId(button)}]` } }] } },
    { turn: { memory: 'done', todos_remaining: [], actions: [{ narrate: 'Deleted.' }] } },
  );
  const agent = await mountAgent(lane);
  const asked: string[] = [];
  agent.addEventListener('confirm-action', (event) => asked.push(event.detail.message));
  const done = new Promise<string>((resolve) => agent.addEventListener('done', (event) => resolve(event.detail.status), { once: true }));
  void agent.run('Delete my account');
  const dialog = () => shadow<HTMLDialogElement>(agent, 'dialog');
  if (open) await waitFor(() => !!dialog()?.open, 'the confirmation', 15_000);
  return { agent, root, lane, deletions: () => deletions, asked, done, allow: () => shadow<HTMLButtonElement>(agent, 'dialog .primary')!, dialog };
}

const centre = (element: Element): [number, number] => {
  const { left, top, width, height } = element.getBoundingClientRect();
  return [Math.round(left + width / 2), Math.round(top + height / 2)];
};

/** The visitor's real click on Allow, where it is painted. */
function clickAllow(q: Question): Promise<void> {
  return realClick(q.allow());
}

/** Nothing ran, the question is still there, and the model heard nothing of a deletion. */
async function expectStillAsking(q: Question): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(q.deletions(), 'what the page did').to.equal(0);
  expect(q.dialog()?.open, 'the question is still open').to.equal(true);
  expect(await q.lane.requests(), 'what the model server received').to.have.length(1);
}

/** The legitimate path: the visitor's yes runs the click once and the task goes on. */
async function expectApproved(q: Question): Promise<void> {
  expect(await q.done).to.equal('done');
  expect(q.deletions()).to.equal(1);
  expect(String((await q.lane.requests())[1]!.body.messages!.filter((m) => m.role === 'tool').at(-1)?.content)).to.match(/click/i);
}

/** Declined: nothing ran and the run stopped. */
async function expectDeclined(q: Question): Promise<void> {
  expect(await q.done).to.equal('stopped');
  expect(q.deletions()).to.equal(0);
  expect(await q.lane.requests()).to.have.length(1);
}

const key = (type: string, keyName: string) => new KeyboardEvent(type, { key: keyName, code: keyName === ' ' ? 'Space' : keyName, bubbles: true, composed: true, cancelable: true });

function forge(target: EventTarget): void {
  for (const name of ['Enter', ' ']) for (const type of ['keydown', 'keypress', 'keyup']) target.dispatchEvent(key(type, name));
}

describe('forged key events and clicks', function () {
  this.timeout(20_000);

  it('script-made Enter and Space on the page, the document and the body', async () => {
    const q = await question({ body: '<p id="text">Terms</p><button type="button" id="other">Other</button>' });
    for (const target of [document, document.body, q.root.querySelector('#text')!, q.root.querySelector('#other')!]) forge(target);
    await expectStillAsking(q);
    await clickAllow(q);
    await expectApproved(q);
  });

  it('script-made keys and clicks on the dialog and on Allow itself', async () => {
    const q = await question();
    forge(q.dialog()!);
    forge(q.allow());
    q.allow().click();
    q.allow().dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    q.allow().dispatchEvent(new PointerEvent('pointerup', { bubbles: true, composed: true }));
    await expectStillAsking(q);
    // The visitor moves to Allow and presses a real Enter.
    q.allow().focus();
    await sendKeys({ press: 'Enter' });
    await expectApproved(q);
  });
});

describe('Space or Enter on the page while a question is open', function () {
  this.timeout(20_000);

  it('a real click on the page text, then real Space and Enter', async () => {
    const q = await question({ body: '<p id="text" style="font-size:40px">Read me, then press Space to scroll</p>' });
    await sendMouse({ type: 'click', position: centre(q.root.querySelector('#text')!) });
    await resetMouse();
    await typeText(' ');
    await sendKeys({ press: 'Enter' });
    await expectStillAsking(q);
    await sendKeys({ press: 'Escape' });
    await expectDeclined(q);
  });

  it('a page field and a page button the visitor clicks, then real Enter and Space', async () => {
    const q = await question({ body: '<input id="field" aria-label="Search"><button type="button" id="other">Other</button>' });
    let others = 0;
    q.root.querySelector('#other')!.addEventListener('click', () => (others += 1));
    for (const id of ['#field', '#other']) {
      await sendMouse({ type: 'click', position: centre(q.root.querySelector(id)!) });
      await sendKeys({ press: 'Enter' });
      await typeText(' ');
    }
    await resetMouse();
    await expectStillAsking(q);
    expect(others, 'the page is inert under the question').to.equal(0);
    await clickAllow(q);
    await expectApproved(q);
  });
});

describe('page content over the confirmation', function () {
  this.timeout(20_000);

  /** A real click where Allow is painted reaches Allow, not what the page put there. */
  async function coveredBy(cover: (rect: DOMRect) => string): Promise<void> {
    const q = await question();
    const rect = q.allow().getBoundingClientRect();
    q.root.insertAdjacentHTML('beforeend', cover(rect));
    const fake = q.root.lastElementChild as HTMLElement;
    let fakeClicks = 0;
    fake.addEventListener('click', () => (fakeClicks += 1));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const [x, y] = centre(q.allow());
    // What is on top at that point is the confirmation's own button.
    expect(q.agent.shadowRoot!.elementFromPoint(x, y)).to.equal(q.allow());
    await expectStillAsking(q);
    await clickAllow(q);
    expect(fakeClicks, 'the page content got the click').to.equal(0);
    await expectApproved(q);
  }

  it('a fixed box with the highest z-index and fake text over Allow', () =>
    coveredBy((r) => `<div style="position:fixed;z-index:2147483647;left:${r.left - 20}px;top:${r.top - 10}px;width:${r.width + 40}px;height:${r.height + 20}px;background:#fff">Cancel</div>`));

  it('a transparent frame over the question (clickjacking)', () =>
    coveredBy((r) => `<iframe title="ad" style="position:fixed;left:0;top:${r.top - 40}px;width:100vw;height:${r.height + 80}px;z-index:2147483647;border:0;opacity:0"></iframe>`));
});

describe('host CSS on <web-agent>', function () {
  this.timeout(20_000);

  /** The question is drawn at full size on screen, where a real click reaches it. */
  async function legibleUnder(css: string): Promise<void> {
    const q = await question({ css });
    const allow = q.allow();
    const { width, height, top, left } = allow.getBoundingClientRect();
    expect(width).to.be.at.least(24);
    expect(height).to.be.at.least(24);
    expect(top).to.be.at.least(0);
    expect(left).to.be.at.least(0);
    expect(getComputedStyle(shadow(q.agent, '[part~="text"]')!).fontSize).to.equal('15px');
    expect(q.agent.shadowRoot!.elementFromPoint(...centre(allow))).to.equal(allow);
    await clickAllow(q);
    await expectApproved(q);
  }

  it('shrunk and moved off screen (transform)', () => legibleUnder('web-agent { transform: scale(0.1) translate(-4000px, -4000px); }'));

  it('faded, clipped, filtered and tiny text', () =>
    legibleUnder('web-agent { opacity: 0.05; clip-path: inset(50%); filter: blur(8px); font-size: 2px; letter-spacing: -3px; visibility: hidden; pointer-events: none; }'));

  it('display: none: the question cannot be seen, so it declines and nothing runs', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      const q = await question({ css: 'web-agent { display: none !important; }', open: false });
      const reported: Array<{ code: string; message: string }> = [];
      q.agent.addEventListener('error', (event) => reported.push({ code: event.detail.code, message: event.detail.message }));
      await expectDeclined(q);
      expect(q.asked, 'the host heard the question').to.have.length(1);
      expect(String(errors)).to.include('could not be shown whole');
      expect(reported.map(({ code }) => code), 'the error event the host heard').to.deep.equal(['confirmation']);
      expect(reported[0]!.message).to.include('could not be shown whole');
    } finally {
      console.error = original;
    }
  });

  it('zoom: shown at a legible size or declined, never a tiny Allow', async () => {
    const q = await question({ css: 'web-agent { zoom: 0.1; }', open: false });
    let smallest = Infinity;
    const watch = setInterval(() => {
      const allow = shadow(q.agent, 'dialog[open] [part~="button-primary"]');
      if (allow) smallest = Math.min(smallest, allow.getBoundingClientRect().height);
    }, 5);
    const status = await Promise.race([q.done, new Promise((resolve) => setTimeout(resolve, 1500, 'asking'))]);
    clearInterval(watch);
    if (status === 'asking') {
      expect(smallest).to.be.at.least(24);
      await clickAllow(q);
      await expectApproved(q);
    } else {
      await expectDeclined(q);
    }
  });
});

describe("the page's CSS on the question itself", function () {
  this.timeout(20_000);

  /**
   * What the visitor reads, as drawn: the question and both answers in our own styles (ink that
   * stands out from the bar and the buttons, full size, in place, with no words the page's CSS
   * added before or after any of them), and Allow's label; then their real yes still works.
   */
  async function drawnAsOurs(css: string): Promise<void> {
    const q = await question({ css });
    // Away from Allow, whose hover colour is a mix (another syntax in Firefox).
    await resetMouse();
    const dialog = q.dialog()!;
    const text = dialog.querySelector<HTMLElement>('.text')!;
    expect(text.textContent).to.include('Delete account');
    for (const el of [text, ...dialog.querySelectorAll<HTMLElement>('.button')]) {
      const style = getComputedStyle(el) as CSSStyleDeclaration & { webkitTextFillColor: string; webkitTextStrokeWidth: string };
      const drawn = { fontSize: style.fontSize, textIndent: style.textIndent, transform: style.transform, opacity: style.opacity, stroke: style.webkitTextStrokeWidth, fill: style.webkitTextFillColor === style.color };
      expect(drawn, el.textContent!).to.deep.equal({ fontSize: '15px', textIndent: '0px', transform: 'none', opacity: '1', stroke: '0px', fill: true });
      const bar = el.classList.contains('button') ? el : el.closest('.bar')!;
      expect(style.color, `${el.textContent} on ${getComputedStyle(bar).backgroundColor}`).to.not.equal(getComputedStyle(bar).backgroundColor);
    }
    for (const el of dialog.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after']) expect(['none', 'normal'], `${el.className}${pseudo}`).to.include(getComputedStyle(el, pseudo).content);
    }
    expect(q.allow().textContent!.trim()).to.equal('Allow');
    const [allow, cancel] = [...dialog.querySelectorAll('.button')].map((el) => el.getBoundingClientRect().left);
    expect(allow, 'Allow comes before Cancel, as ours').to.be.below(cancel!);
    await clickAllow(q);
    await expectApproved(q);
  }

  it('::part() rules that make the question transparent, tiny or invisible', () =>
    drawnAsOurs('web-agent::part(text) { color: transparent !important; font-size: 0 !important; opacity: 0 !important; transform: scale(0.01) !important; text-indent: -9999px !important; }'));

  it('::part() rules that relabel Allow as Cancel and swap the answers', () =>
    drawnAsOurs('web-agent::part(button-primary) { font-size: 0 !important; order: 2; } web-agent::part(button-primary)::after { content: "Cancel"; font-size: 15px; } web-agent::part(button) { order: 1; }'));

  it('::part() rules that add words of the page\'s own to the question', () =>
    drawnAsOurs('web-agent::part(actions)::before { content: "Save your draft?"; } web-agent::part(text)::after { content: " (this only saves a draft)"; } web-agent::part(bar)::before { content: "Tip:"; }'));

  it("what <web-agent> passes down: a transparent text fill, a text-indent, a white text stroke", () =>
    drawnAsOurs('web-agent { -webkit-text-fill-color: transparent; text-indent: -9999px; -webkit-text-stroke: 20px white; text-transform: lowercase; }'));

  it("the theme's custom properties set to hide the words: drawn in the built-in theme instead", () =>
    drawnAsOurs('web-agent { --web-agent-fg: transparent; --web-agent-bg: transparent; --web-agent-accent-fg: #1d4ed8; }'));

  it("a host's own theme (its accent colour, round buttons) still colours the question", async () => {
    const q = await question({ css: 'web-agent { --web-agent-accent: #b00020; }' });
    await resetMouse();
    // Its border: the fill mixes in the text colour under a hovering pointer.
    expect(getComputedStyle(q.allow()).borderTopColor).to.equal('rgb(176, 0, 32)');
    await clickAllow(q);
    await expectApproved(q);
  });
});

describe('default focus', function () {
  this.timeout(20_000);

  it('Cancel has focus: a real Enter right away declines', async () => {
    const q = await question();
    expect(q.agent.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Cancel');
    await sendKeys({ press: 'Enter' });
    await expectDeclined(q);
  });

  it('Cancel has focus: a real Space right away declines; an arrow key then Space on Allow approves', async () => {
    const first = await question();
    await typeText(' ');
    await expectDeclined(first);
    const second = await question();
    await sendKeys({ press: 'ArrowLeft' });
    expect(second.agent.shadowRoot!.activeElement).to.equal(second.allow());
    await typeText(' ');
    await expectApproved(second);
  });
});

describe('the target is in view and outlined before the question', function () {
  this.timeout(20_000);

  async function shownWhenAsked(body: string): Promise<void> {
    const q = await question({ body });
    const target = q.root.querySelector('#delete')!;
    const rect = target.getBoundingClientRect();
    expect(rect.top, 'on screen').to.be.at.least(0);
    expect(rect.bottom).to.be.at.most(innerHeight);
    await waitFor(() => !!shadow(q.agent, '[part~="overlay-cue"]'), 'the outline');
    const outline = shadow(q.agent, '[part~="overlay-cue"]')!.getBoundingClientRect();
    expect(outline.top).to.be.at.most(rect.top);
    expect(outline.bottom).to.be.at.least(rect.bottom);
    await clickAllow(q);
    await expectApproved(q);
  }

  it('below the fold of the page', () => shownWhenAsked('<div style="height:3000px">Long terms</div><button type="button" id="delete">Delete account</button>'));

  it('scrolled away inside a container', () =>
    shownWhenAsked('<div style="height:120px;overflow:auto"><div style="height:1500px"></div><button type="button" id="delete">Delete account</button></div><div style="height:2000px"></div>'));

  it('one that cannot be brought on screen is not asked about, and does not run', async () => {
    const q = await question({ body: '<button type="button" id="delete" style="position:fixed;left:-500px;top:-500px">Delete account</button>', open: false });
    expect(await q.done).to.equal('stopped');
    expect(q.asked).to.deep.equal([]);
    expect(q.deletions()).to.equal(0);
  });
});
