// What the visitor sees, compared pixel by pixel with reference images: the bar asking for a
// confirmation, the bar with a choice, the prompt panel with its history, and the overlay's
// outline around the element an action works on — each in light, dark and right to left.
//
// References live in test/screenshots/<browser>/baseline. A change to how the UI looks fails
// here; after checking the new images by eye (test/screenshots/<browser>/failed), accept them with
// `UPDATE_SCREENSHOTS=1 npm test -- --files test/screenshots.test.ts` and commit them.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { visualDiff } from '@web/test-runner-visual-regression';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { createLane, type Lane } from './support/model-lane.js';
import { shadow, waitFor } from './support/agent-fixture.js';

// Reference images are per engine; Chromium's are the ones kept. WebKit's WebDriver cannot
// emulate the dark scheme or reduced motion, and a second set of images per engine would double
// what a visual change costs to review for little more coverage: layout itself is checked in
// every engine by the geometry tests.
const chromium = navigator.userAgent.includes('Chrome');

const variants = [
  { name: 'light', scheme: 'light', dir: 'ltr' },
  { name: 'dark', scheme: 'dark', dir: 'ltr' },
  { name: 'rtl', scheme: 'light', dir: 'rtl' },
] as const;

/** A quiet page: fixed size, no caret blinking in focused fields, no entry animations. */
async function page(lane: Lane, dir: 'ltr' | 'rtl') {
  const root = await fixture<HTMLDivElement>(html`<div dir=${dir} class="screenshot-page">
    <style>
      .screenshot-page { font: 15px/1.45 system-ui, sans-serif; padding: 24px; }
      .screenshot-page .card { display: inline-block; padding: 12px 16px; border: 1px solid #ccd; border-radius: 8px; }
      .screenshot-page web-agent::part(prompt-input),
      .screenshot-page web-agent::part(input) { caret-color: transparent; }
    </style>
    <div class="card" id="card">
      <p style="margin: 0 0 8px">Draft 7 — “Q3 planning notes”</p>
      <button type="button" id="delete">Delete draft</button>
    </div>
    <web-agent endpoint=${lane.baseURL} model="test-model" agent-name="Ava" site-name="Acme" locale=${dir === 'rtl' ? 'ar' : 'en'}
      ><script type="application/json">${JSON.stringify({
        sessionStorageKey: `test.shots.${lane.id}`,
        strings: dir === 'rtl' ? { allow: 'سماح', cancel: 'إلغاء', send: 'إرسال', history: 'السجل', you: 'أنت', done: '✓ تم' } : {},
      })}</script></web-agent
    >
  </div>`);
  const agent = root.querySelector('web-agent')!;
  agent.clearSession();
  await agent.updateComplete;
  return { root, agent, target: root.querySelector<HTMLButtonElement>('#delete')!, card: root.querySelector<HTMLElement>('#card')! };
}

async function still(agent: WebAgentElement): Promise<void> {
  await agent.updateComplete;
  await Promise.all(agent.shadowRoot!.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Puts up the bar with a choice and a free-text answer, and waits until it is still. */
async function askHowToShip(lane: Lane, agent: WebAgentElement): Promise<void> {
  await lane.script({
    turn: {
      memory: 'ask',
      todos_remaining: ['ship'],
      actions: [{ tool: 'ask_user_choice', args: { question: 'How should order 1042 ship?', options: ['Standard', 'Express'], allow_free_text: true } }],
    },
  });
  void agent.run('Ship order 1042');
  await waitFor(() => !!shadow(agent, '[part~="option"]'), 'the choice', 15_000);
  await still(agent);
}

/** One task answered, then the prompt opened with its history shown, and still. */
async function openHistory(lane: Lane, agent: WebAgentElement): Promise<void> {
  await lane.script({ turn: { memory: 'answered', todos_remaining: [], actions: [{ narrate: 'You have 3 open orders; the oldest is 1042.' }] } });
  await agent.run('How many open orders do I have?');
  shadow<HTMLButtonElement>(agent, '[part~="launcher"]')!.click();
  await agent.updateComplete;
  shadow<HTMLButtonElement>(agent, '[part~="history-toggle"]')!.click();
  await waitFor(() => !!shadow(agent, '[part~="history"]'), 'the history');
  await still(agent);
}

describe('screenshots', function () {
  before(function () {
    if (!chromium) this.skip();
  });
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  for (const variant of variants) {
    describe(variant.name, () => {
      let lane: Lane;
      beforeEach(async () => {
        lane = await createLane();
        await emulateMedia({ colorScheme: variant.scheme, reducedMotion: 'reduce' });
      });

      it('the bar asking to confirm, and the outline around what it is about', async () => {
        const { agent, target, card } = await page(lane, variant.dir);
        await lane.script({
          turn: { memory: 'delete', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(target)}]` } }] },
        });
        void agent.run('Delete this draft');
        await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the confirmation', 15_000);
        await waitFor(() => !!shadow(agent, '[part~="overlay-cue"]'), 'the outline');
        await still(agent);
        await visualDiff(shadow(agent, '[part~="bar"]')!, `confirm-bar-${variant.name}`);
        // The card and a margin around it: the outline is drawn by the overlay, above the page.
        const frame = document.createElement('div');
        const box = card.getBoundingClientRect();
        Object.assign(frame.style, { position: 'absolute', left: `${box.left + scrollX - 12}px`, top: `${box.top + scrollY - 12}px`, width: `${box.width + 24}px`, height: `${box.height + 24}px`, pointerEvents: 'none' });
        document.body.append(frame);
        try {
          await visualDiff(frame, `overlay-outline-${variant.name}`);
        } finally {
          frame.remove();
          agent.stop();
        }
      });

      it('a spotlight with its caption, the page dimmed around it, while the bar waits', async () => {
        const { agent, card } = await page(lane, variant.dir);
        await lane.script({
          turn: {
            memory: 'show',
            todos_remaining: ['wait'],
            actions: [
              { tool: 'highlight', args: { selector: `[${elementId(card)}]`, label: 'Your draft' } },
              { tool: 'pause', args: { note: 'This is the draft. Press Continue when you have read it.' } },
            ],
          },
        });
        void agent.run('Where is my draft?');
        await waitFor(() => !!shadow(agent, '[part~="overlay-spotlight"]') && !!shadow(agent, '[part~="hint"]'), 'the spotlight and the pause', 15_000);
        await still(agent);
        // The card, its caption above it, and some of the dimmed page around.
        const frame = document.createElement('div');
        const box = card.getBoundingClientRect();
        Object.assign(frame.style, { position: 'absolute', left: `${box.left + scrollX - 16}px`, top: `${Math.max(0, box.top + scrollY - 44)}px`, width: `${box.width + 32}px`, height: `${box.height + 60}px`, pointerEvents: 'none' });
        document.body.append(frame);
        try {
          await visualDiff(frame, `overlay-spotlight-${variant.name}`);
          await visualDiff(shadow(agent, '[part~="bar"]')!, `pause-bar-${variant.name}`);
        } finally {
          frame.remove();
          agent.stop();
        }
      });

      it('the bar with a choice and a free-text answer', async () => {
        const { agent } = await page(lane, variant.dir);
        await askHowToShip(lane, agent);
        await visualDiff(shadow(agent, '[part~="bar"]')!, `choice-bar-${variant.name}`);
        agent.stop();
      });

      it('the prompt panel with the history open', async () => {
        const { agent } = await page(lane, variant.dir);
        // The closing line fades out on a timer; the panel alone is compared.
        await openHistory(lane, agent);
        const panel = shadow(agent, '[part~="prompt"]')!;
        expect(panel.textContent).to.include('How many open orders do I have?');
        await visualDiff(panel, `prompt-history-${variant.name}`);
      });
    });
  }

  // Phones: the whole screen, so where each piece sits (bar above the launcher, the prompt's width,
  // the confirmation clear of what it asks about) is part of the picture; 44 px targets throughout.
  describe('phones', () => {
    const phones = [
      { name: '375x667', width: 375, height: 667 },
      { name: '360x640', width: 360, height: 640 },
      { name: '414x736', width: 414, height: 736 },
    ];
    let lane: Lane;
    beforeEach(async () => {
      lane = await createLane();
      await emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    });
    after(async () => {
      await setViewport({ width: 800, height: 600 });
    });

    /** The whole viewport, as the visitor sees it. */
    async function screen(name: string): Promise<void> {
      const frame = document.createElement('div');
      Object.assign(frame.style, { position: 'fixed', inset: '0', pointerEvents: 'none' });
      document.body.append(frame);
      try {
        await visualDiff(frame, name);
      } finally {
        frame.remove();
      }
    }

    // Issue 16: a four-line question is taller than the bar the button was brought clear of, and the
    // page ends below the button: the confirmation stands where it leaves the button in sight.
    it('360x640: a long question about a button at the end of a page under a pinned header', async () => {
      await setViewport({ width: 360, height: 640 });
      const { root, agent, target } = await page(lane, 'ltr');
      root.insertAdjacentHTML(
        'afterbegin',
        '<header style="position: fixed; inset: 0 0 auto 0; height: 56px; padding: 16px 24px; box-sizing: border-box; background: #eef; z-index: 5">Acme drafts</header><div style="height: 1400px"></div>',
      );
      target.setAttribute('data-agent-confirm', 'Delete “Q3 planning notes” for good? Its comments, attachments and every earlier version go with it, and none of it can be restored.');
      await lane.script({
        turn: { memory: 'delete', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(target)}]` } }] },
      });
      void agent.run('Delete this draft');
      await waitFor(() => !!shadow(agent, '[part~="button-primary"]') && !!shadow(agent, '[part~="overlay-cue"]'), 'the confirmation', 15_000);
      await still(agent);
      await screen('phone-confirm-long-question-360x640');
      agent.stop();
    });

    for (const phone of phones) {
      it(`${phone.name}: the confirmation and the outline around what it asks about`, async () => {
        await setViewport({ width: phone.width, height: phone.height });
        const { agent, target } = await page(lane, 'ltr');
        await lane.script({
          turn: { memory: 'delete', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(target)}]` } }] },
        });
        void agent.run('Delete this draft');
        await waitFor(() => !!shadow(agent, '[part~="button-primary"]') && !!shadow(agent, '[part~="overlay-cue"]'), 'the confirmation', 15_000);
        await still(agent);
        await screen(`phone-confirm-${phone.name}`);
        agent.stop();
      });

      it(`${phone.name}: a choice with a free-text answer`, async () => {
        await setViewport({ width: phone.width, height: phone.height });
        const { agent } = await page(lane, 'ltr');
        await askHowToShip(lane, agent);
        await screen(`phone-choice-${phone.name}`);
        agent.stop();
      });

      it(`${phone.name}: the prompt panel with the history open`, async () => {
        await setViewport({ width: phone.width, height: phone.height });
        const { agent } = await page(lane, 'ltr');
        await openHistory(lane, agent);
        await screen(`phone-prompt-${phone.name}`);
      });
    }
  });
});
