// Recordings and replays against the safety model: what a run records never holds a secret, and
// a replayed step meets the same gates as a live one (confirmation, the site boundary).
import { expect } from '@open-wc/testing';
import type { Recording } from '../src/agent/recording/recording.js';
import type { Policy } from './support/model-lane.js';
import { idInDump, nextEvent, pageSeen, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { openShop, recordDeleteGrace, turnsSoFar, useShop } from './support/recording-shop.js';

const PASSWORD = 'Hunter2-Pw-771';
const CARD = '4111 1111 1111 1111';
const MAIDEN = 'Okafor-Maiden';

describe('secrets in recordings', function () {
  // Each test loads the shop two or three times and records a task of several model turns.
  this.timeout(30_000);
  const shop = useShop();

  it('what the visitor typed into secret fields, redacted text, and what the agent typed there are never recorded', async () => {
    const page = await openShop(shop.frame, shop.lane, '', { record: true });
    const doc = page.document;
    // The visitor's own typing, and a private field the host marked.
    doc.querySelector<HTMLInputElement>('input[name="password"]')!.value = PASSWORD;
    doc.querySelector<HTMLInputElement>('input[name="cardnumber"]')!.value = CARD;
    doc.querySelector<HTMLSelectElement>('select[name="cc-exp-month"]')!.value = '12';
    const region = doc.querySelector('[data-agent-redact]')!;
    region.insertAdjacentHTML('beforeend', '<label>Maiden name <input name="maiden" /></label>');
    const policy: Policy = (request) => {
      const dump = pageSeen(request);
      const turns = [
        () => [
          { narrate: `Filling in your details, with ${MAIDEN} as your maiden name.` },
          { tool: 'fill_input', args: { selector: idInDump(dump, '<input name=name>'), value: 'Ada Lovelace' } },
          // Told the maiden name in the request, the model types it into the private field.
          { tool: 'fill_input', args: { selector: idInDump(dump, '<input name=maiden>'), value: MAIDEN } },
        ],
        () => [
          { tool: 'click', args: { selector: idInDump(dump, '<button type=button>•••') } },
          { tool: 'press_key', args: { selector: idInDump(dump, 'type=password'), key: 'Enter' } },
          { tool: 'click', args: { selector: idInDump(dump, '>Save') } },
        ],
      ];
      const turn = turnsSoFar(request);
      return { turn: { memory: 'm', todos_remaining: turn < turns.length ? ['more'] : [], actions: turn < turns.length ? turns[turn]!() : [{ narrate: 'Saved.' }] } };
    };
    const serving = shop.lane.serve(policy);
    await page.agent.run(`My name is Ada Lovelace, my maiden name is ${MAIDEN}; save my details`);
    await serving.stop();
    if (serving.error) throw serving.error;
    expect(page.window.pageLog, JSON.stringify(page.steps)).to.deep.equal(['revealed', 'saved']);
    const recording = (await page.agent.exportRecording())!;
    const json = JSON.stringify(recording);
    for (const secret of [PASSWORD, 'Hunter2', '4111', '7731', 'PIN', MAIDEN, 'Okafor']) expect(json, secret).not.to.include(secret);
    // A narration that repeated what went into the private field is masked.
    expect(recording.steps[0]).to.deep.equal({ narrate: 'Filling in your details, with ••• as your maiden name.' });
    const actions = recording.steps.filter((step) => 'action' in step) as Array<Extract<Recording['steps'][number], { action: string }>>;
    expect(actions.map((step) => step.action)).to.deep.equal(['fill_input', 'fill_input', 'click', 'press_key', 'click']);
    expect(actions[0]!.params).to.deep.equal({ value: 'Ada Lovelace' });
    // Arguments of steps on secret fields are left out, whatever they were.
    expect(actions[1]).to.deep.include({ withheld: ['value'] });
    expect(actions[1]!.params).to.equal(undefined);
    expect(actions[3]).to.deep.include({ withheld: ['key'] });
    // Inside the redacted region the element keeps its role and place, not its words.
    expect(actions[2]!.targets!.selector).to.deep.include({ role: 'button', landmark: 'region "Account"' });
    expect(actions[2]!.targets!.selector!.name).to.equal(undefined);
    expect(actions[4]!.targets!.selector).to.deep.include({ role: 'button', name: 'Save' });
    // Nor does the recording kept in the session (sessionStorage) while the run went on. (The
    // conversation itself holds the request, as the visitor's own words always have.)
    const stored = JSON.stringify(JSON.parse(sessionStorage.getItem(`rec.${shop.lane.id}`)!).recording);
    expect(stored).to.include('Save');
    for (const secret of [PASSWORD, '4111', '7731', MAIDEN]) expect(stored, secret).not.to.include(secret);
  });

  it('a replayed step that needs a withheld value stops there instead of guessing', async () => {
    const recording = {
      format: 'web-agent-recording',
      version: 1,
      steps: [{ action: 'press_key', withheld: ['key'], targets: { selector: { role: 'textbox', tag: 'input', type: 'password', label: 'Password' } } }],
    } as Recording;
    const page = await openShop(shop.frame, shop.lane);
    const errors: string[] = [];
    page.agent.addEventListener('error', (event) => errors.push(event.detail.message));
    const finished = nextEvent(page.agent, 'done');
    await page.agent.replay(recording);
    expect((await finished).detail.status).to.equal('failed');
    expect(errors[0]).to.include('needs key, which the recording left out because the step worked on a secret field');
  });
});

describe('replayed recordings', function () {
  // Each test loads the shop two or three times and records a task of several model turns.
  this.timeout(30_000);
  const shop = useShop();

  it('a consequential step asks the visitor as in a live run; declining stops the replay with nothing done', async () => {
    const { recording } = await recordDeleteGrace(shop.frame, shop.lane);
    const page = await openShop(shop.frame, shop.lane, 'order=1044,1043,1042', {}, { approve: false });
    const finished = nextEvent(page.agent, 'done');
    void page.agent.replay(recording);
    await waitFor(() => !!shadow(page.agent, '[part~="button-primary"]'), 'the confirmation in the bar', 15_000);
    expect(subtitleText(page.agent)).to.include('Delete');
    expect(page.window.pageLog).to.deep.equal([]);
    page.document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    const done = await finished;
    expect(done.detail.status).to.equal('stopped');
    expect(page.window.pageLog).to.deep.equal([]);
    expect(page.steps.map((step) => step.action), 'nothing after the declined step').to.deep.equal(['fill_input']);
  });

  it('a step that would leave the site is refused, and the replay stops there', async () => {
    const page = await openShop(shop.frame, shop.lane);
    const here = shop.frame.contentWindow!.location.href;
    const navigations: string[] = [];
    page.agent.addEventListener('navigate', (event) => navigations.push(event.detail.url));
    const errors: Array<{ code: string; message: string }> = [];
    page.agent.addEventListener('error', (event) => errors.push({ code: event.detail.code, message: event.detail.message }));
    const finished = nextEvent(page.agent, 'done');
    await page.agent.replay({
      format: 'web-agent-recording',
      version: 1,
      steps: [{ narrate: 'Taking you to your statement.' }, { action: 'navigate', params: { url: 'https://evil.example/collect?from=shop' } }, { narrate: 'Never shown.' }],
    });
    expect((await finished).detail.status).to.equal('failed');
    // The host hears of the refusal as a live run reports it (`blocked`), then of where the replay stopped.
    expect(errors.map((error) => error.code)).to.deep.equal(['blocked', 'replay']);
    expect(errors[0]!.message).to.include('https://evil.example');
    expect(errors[1]!.message).to.include('Step 2 (navigate) did not work').and.include('another site');
    expect(navigations).to.deep.equal([]);
    expect(shop.frame.contentWindow!.location.href).to.equal(here);
    expect(page.narrations).to.deep.equal(['Taking you to your statement.']);
  });
});
