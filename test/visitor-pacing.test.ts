// Readable pacing (issue 16): each narration stays up long enough to read before the next replaces
// it, unless the visitor moves on with Space; the spotlight of a step comes up while its own
// sentence is shown, not after the next one. Real clock, generous bounds: order and minimum times.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { ContextEvent } from '@lit/context';
import { webAgentContext, type WebAgentContext } from '../src/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, subtitleText, waitFor } from './support/agent-fixture.js';
import { createLane, type ScriptedAction } from './support/model-lane.js';

const FIRST = 'Here is your profile, where you can change your name, your photo and the email we write to.';
const SECOND = 'And these are your orders.';
/**
 * The shortest time the first sentence must stay up: 200 ms and 60 ms for each of its 17 words.
 * Measured from frames sampled by requestAnimationFrame, which WebKit under Xvfb runs slowly: the
 * bounds allow 150 ms of sampling error (without the hold the gap is a frame or two).
 */
const FIRST_HOLD_MS = 200 + 60 * 17;

interface Frame {
  at: number;
  text: string;
  /** Which button the spotlight is on, if any. */
  lit: string | undefined;
}

/** What the bar shows: its text without the part laid out but not yet visible (`.pending`). */
function shownText(agent: WebAgentElement): string {
  const text = agent.shadowRoot?.querySelector('[part~="text"]');
  const pending = text?.querySelector('.pending')?.textContent ?? '';
  const all = text?.textContent ?? '';
  return (pending && all.endsWith(pending) ? all.slice(0, -pending.length) : all).trim();
}

/**
 * Samples, every frame until the run ends, what the visitor sees: the bar's text and what is lit.
 * `texts` also has the bar's text at each change, when it happens: a slow animation-frame clock
 * (WebKit under Xvfb) can skip a sentence in `frames` or date it late.
 */
function watch(agent: WebAgentElement, buttons: HTMLElement[]): { frames: Frame[]; texts: Omit<Frame, 'lit'>[]; stop(): void } {
  const frames: Frame[] = [];
  const texts: Omit<Frame, 'lit'>[] = [];
  const changes = new MutationObserver(() => texts.push({ at: performance.now(), text: shownText(agent) }));
  changes.observe(agent.shadowRoot!, { subtree: true, childList: true, characterData: true });
  let running = true;
  const sample = () => {
    if (!running) return;
    const spot = agent.shadowRoot!.querySelector('[part~="overlay-spotlight"]')?.getBoundingClientRect();
    const lit = spot && buttons.find((button) => {
      const { left, top, width, height } = button.getBoundingClientRect();
      return spot.left <= left + width / 2 && spot.right >= left + width / 2 && spot.top <= top + height / 2 && spot.bottom >= top + height / 2;
    });
    frames.push({ at: performance.now(), text: shownText(agent), lit: lit?.id });
    requestAnimationFrame(sample);
  };
  sample();
  return { frames, texts, stop: () => ((running = false), changes.disconnect()) };
}

async function tour(actions: ScriptedAction[]) {
  const page = await fixture<HTMLDivElement>(html`<div style="display: grid; gap: 24px; padding: 24px; width: 300px">
    <button id="profile" type="button">Profile</button>
    <button id="orders" type="button">Orders</button>
  </div>`);
  const buttons = [...page.querySelectorAll('button')];
  const lane = await createLane();
  await lane.script({ turn: { memory: 'touring', todos_remaining: ['finish'], actions } }, { hang: true });
  const agent = await mountAgent(lane);
  const seen = watch(agent, buttons);
  void agent.run('Show me around');
  return { agent, seen };
}

/** What a host's own UI would read from the agent's context (as a consumer inside it does). */
function contextOf(agent: WebAgentElement): () => WebAgentContext | undefined {
  let value: WebAgentContext | undefined;
  const probe = document.createElement('span');
  agent.append(probe);
  probe.dispatchEvent(new ContextEvent(webAgentContext, probe, (next) => (value = next), true));
  return () => value;
}

const firstFrame = <T extends Omit<Frame, 'lit'>>(frames: T[], test: (frame: T) => boolean) => frames.find(test);

describe('readable pacing', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' }).catch(() => undefined);
  });

  async function stop(agent: WebAgentElement): Promise<void> {
    const ended = nextEvent(agent, 'done');
    agent.stop();
    await ended;
  }

  it('a sentence stays up long enough to read, and each spotlight shows with its own sentence', async () => {
    const { agent, seen } = await tour([
      { narrate: FIRST },
      { tool: 'highlight', args: { selector: '#profile' } },
      { narrate: SECOND },
      { tool: 'highlight', args: { selector: '#orders' } },
    ]);
    await waitFor(() => seen.frames.some((frame) => frame.lit === 'orders'), 'the second spotlight', 10_000);
    seen.stop();
    await stop(agent);
    const { frames, texts } = seen;
    // Timed by the bar's changes as they happen: a slow frame clock would date the first sentence late.
    const first = firstFrame(texts, (frame) => frame.text.length > 0 && FIRST.startsWith(frame.text))!;
    const second = firstFrame(texts, (frame) => frame.text.length > 0 && SECOND.startsWith(frame.text))!;
    expect(second.at - first.at, 'the first sentence stayed up').to.be.at.least(FIRST_HOLD_MS - 150);
    // The profile's spotlight comes up with the first sentence, while it is still being read.
    const profileLit = frames.find((frame) => frame.lit === 'profile');
    expect(profileLit?.text, 'the profile is lit with its own sentence').to.equal(FIRST);
    expect(profileLit!.at, 'lit before the next sentence came').to.be.below(second.at);
    // The orders' spotlight: only once its own sentence is up, never with the first one.
    for (const frame of frames.filter((frame) => frame.lit === 'orders')) expect(frame.text).to.equal(SECOND);
  });

  for (const order of ['narrate, then highlight', 'highlight, then narrate'] as const) {
    it(`a spotlight goes with its own sentence (${order}): the next sentence takes it away`, async () => {
      const spot = { tool: 'highlight', args: { selector: '#profile' } } as const;
      const { agent, seen } = await tour(order === 'narrate, then highlight' ? [{ narrate: FIRST }, spot, { narrate: SECOND }] : [spot, { narrate: FIRST }, { narrate: SECOND }]);
      // A few frames with the second sentence fully up (counted, not timed: WebKit under Xvfb can
      // draw no frame for longer than any wait we would pick).
      await waitFor(() => seen.frames.filter((frame) => frame.text === SECOND).length >= 3, 'frames of the second sentence', 10_000);
      seen.stop();
      await stop(agent);
      const { frames } = seen;
      expect(frames.some((frame) => frame.lit === 'profile' && frame.text === FIRST), 'the profile lit while its sentence is up').to.equal(true);
      const afterSecond = frames.filter((frame) => frame.text.length > 0 && SECOND.startsWith(frame.text));
      expect(afterSecond.length).to.be.greaterThan(0);
      for (const frame of afterSecond) expect(frame.lit, `lit with "${frame.text}"`).to.equal(undefined);
    });
  }

  it('Space moves on at once; the next sentence does not wait out the hold', async () => {
    const long = `${FIRST} ${FIRST} ${FIRST}`;
    const { agent, seen } = await tour([{ narrate: long }, { narrate: SECOND }]);
    await waitFor(() => subtitleText(agent) === long, 'the long sentence typed out', 15_000);
    // Space moves on from a sentence the next one waits behind: wait until it does (the loop reaches
    // the next narration a moment after the first is typed out, longer on a loaded machine).
    const context = contextOf(agent);
    await waitFor(() => { const display = context()?.display; return display?.kind === 'narration' && display.waiting; }, 'the next sentence waiting', 5_000);
    const pressed = performance.now();
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: ' ' });
    await waitFor(() => subtitleText(agent) === SECOND, 'the next sentence');
    seen.stop();
    // The long sentence alone would hold for 5 s (its bound); Space cut that short. Measured to the
    // first letter of the next sentence, not to its last: typing it out is the typewriter's pace,
    // which a loaded machine slows.
    const next = firstFrame(seen.texts, (frame) => frame.at > pressed && frame.text.length > 0 && SECOND.startsWith(frame.text))!;
    expect(next.at - pressed).to.be.below(2500);
    const longUp = firstFrame(seen.texts, (frame) => frame.text.length > 0 && long.startsWith(frame.text))!;
    expect(next.at, 'the next sentence came before the hold would have let it').to.be.below(longUp.at + 5000 - 500);
    await stop(agent);
  });

  it('under reduced motion a sentence shows whole at once, and is still held to be read', async function () {
    if (!(await emulateMedia({ reducedMotion: 'reduce' }).then(() => true, () => false))) this.skip();
    const { agent, seen } = await tour([{ narrate: FIRST }, { narrate: SECOND }]);
    await waitFor(() => seen.frames.some((frame) => frame.text === SECOND), 'the second sentence', 15_000);
    seen.stop();
    await stop(agent);
    const shown = seen.frames.filter((frame) => frame.text && FIRST.startsWith(frame.text));
    expect(shown.length).to.be.greaterThan(0);
    for (const frame of shown) expect(frame.text, 'never typed out letter by letter').to.equal(FIRST);
    const firstUp = firstFrame(seen.texts, (frame) => frame.text === FIRST)!;
    const second = firstFrame(seen.texts, (frame) => frame.text === SECOND)!;
    expect(second.at - firstUp.at).to.be.at.least(FIRST_HOLD_MS - 150);
  });
});
