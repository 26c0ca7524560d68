// The interaction actions on a real React 18 app, driven through the real agent loop: the app's
// state (rendered as text) must change exactly as it would from a person's typing and clicking.
import { expect } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { pageSeen } from './support/agent-fixture.js';
import { mountReactApp, type MountedApp } from './fixtures/apps/react-app.js';
import { idOf, runAction, runTurns, toolReplies } from './fixtures/apps/agent-driver.js';

/** The id of the field whose `label:` line in the dump reads `label`. */
function fieldIdInDump(dump: string, label: string): string {
  const lines = dump.split('\n');
  const at = lines.findIndex((line) => line.trim() === `label: ${label}`);
  const id = lines[at - 1]?.match(/\[[a-z0-9]+\]/)?.[0];
  if (!id) throw new Error(`No field labelled "${label}" in:\n${dump}`);
  return id;
}

describe('actions on a React app', () => {
  let lane: Lane;
  let app: MountedApp;
  const input = (label: string) => [...app.root.querySelectorAll('label')].find((element) => element.textContent!.startsWith(label))!.querySelector('input, select')!;
  const button = (text: string) => [...app.root.querySelectorAll('button')].find((element) => element.textContent === text)!;

  beforeEach(async () => {
    lane = await createLane();
    app = await mountReactApp();
  });
  afterEach(() => app.unmount());

  it('fill_input updates a controlled input: the app renders the new state', async () => {
    const step = await runAction(lane, 'fill_input', { selector: idOf(input('Name')), value: 'Ada Lovelace' });
    expect(app.state('name')).to.equal('Hello, Ada Lovelace');
    expect(step.ok).to.equal(true);
    expect(step.message).to.include('now holds "Ada Lovelace"');
  });

  it('fill_input on a controlled input that refuses the text says so and reports what it holds', async () => {
    const zip = input('ZIP');
    const [first, second] = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(zip), value: '12345' } }],
      [{ tool: 'fill_input', args: { selector: idOf(zip), value: '12ab' } }],
    ]);
    expect(first!.ok).to.equal(true);
    expect(second!.ok).to.equal(false);
    expect(second!.reason).to.equal('rejected');
    expect(second!.message).to.include('did not accept "12ab"').and.to.include('holds "12345"');
    expect(app.state('zip')).to.equal('ZIP: 12345');
  });

  it('fill_input on a masked input reports the reformatted value', async () => {
    const step = await runAction(lane, 'fill_input', { selector: idOf(input('Phone')), value: '5551234567' });
    expect(app.state('phone')).to.equal('Phone: (555) 123-4567');
    expect(step.ok).to.equal(true);
    expect(step.message).to.include('"(555) 123-4567"').and.to.include('reformatted');
  });

  it('select_option changes a controlled select', async () => {
    const step = await runAction(lane, 'select_option', { selector: idOf(input('Plan')), option: 'Pro' });
    expect(app.state('plan')).to.equal('Plan: pro');
    expect(step.message).to.include('now shows "Pro"');
  });

  it('check and uncheck a controlled checkbox; checking it again is a no-op that says so', async () => {
    const box = app.root.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    const steps = await runTurns(lane, [
      [{ tool: 'check', args: { selector: idOf(box) } }],
      [{ tool: 'check', args: { selector: idOf(box) } }],
    ]);
    expect(app.state('remember')).to.equal('Remember me: yes');
    expect(steps[0]!.message).to.include('is now checked');
    expect(steps[1]!.ok).to.equal(true);
    expect(steps[1]!.message).to.include('already checked');
    await runAction(lane, 'uncheck', { selector: idOf(box) });
    expect(app.state('remember')).to.equal('Remember me: no');
  });

  it('check turns on an ARIA switch', async () => {
    const toggle = app.root.querySelector('[role=switch]')!;
    const step = await runAction(lane, 'check', { selector: idOf(toggle) });
    expect(app.state('newsletter')).to.equal('Newsletter: on');
    expect(step.message).to.include('"Newsletter" is now checked');
  });

  it('press_key Enter in a field with an onKeyDown handler adds the todo', async () => {
    const field = input('New todo');
    await runTurns(lane, [[
      { tool: 'fill_input', args: { selector: idOf(field), value: 'Water the plants' } },
      { tool: 'press_key', args: { key: 'Enter', selector: idOf(field) } },
    ]]);
    expect([...app.root.querySelectorAll('[data-state=todos] li')].map((item) => item.textContent)).to.deep.equal(['Water the plants']);
    expect((field as HTMLInputElement).value).to.equal('');
  });

  it('press_key drives a custom combobox by keyboard: ArrowDown opens, ArrowDown moves, Enter picks', async () => {
    const combobox = app.root.querySelector('[role=combobox][aria-controls=fruit-list]')!;
    const steps = await runTurns(lane, [[
      { tool: 'press_key', args: { key: 'ArrowDown', selector: idOf(combobox) } },
      { tool: 'press_key', args: { key: 'ArrowDown', times: 2 } },
      { tool: 'press_key', args: { key: 'Enter' } },
    ]]);
    expect(app.state('fruit')).to.equal('Fruit: Cherry');
    expect(steps[0]!.message).to.include('listbox').and.to.include('opened');
  });

  it('press_key times=N on a slider that reads its last render moves it N steps, and stops where it ends', async () => {
    const slider = app.root.querySelector<HTMLElement>('[role=slider]')!;
    const [first] = await runTurns(lane, [[{ tool: 'press_key', args: { key: 'ArrowRight', selector: idOf(slider), times: 8 } }]]);
    // The thumb is where 8 steps of 5 from 30 put it; the dump (no readout on the page) showed where it was.
    expect(slider.style.left).to.equal('70%');
    expect(first!.message).to.include('its value is now 70');
    expect(pageSeen((await lane.requests())[0]!)).to.match(/role=slider value="30" min=0 max=100/);
    const [second] = await runTurns(await createLane(), [[{ tool: 'press_key', args: { key: 'ArrowRight', selector: idOf(slider), times: 20 } }]]);
    expect(slider.style.left).to.equal('100%');
    expect(second!.message).to.include('the value stopped moving').and.to.include('its value is now 100');
  });

  it('a stale id after a re-render fails naming the id; the id in the new page works', async () => {
    const oldField = input('Nickname');
    const oldId = idOf(oldField);
    const steps = await runTurns(lane, [
      [{ tool: 'click', args: { selector: idOf(button('Start over')) } }],
      [{ tool: 'fill_input', args: { selector: oldId, value: 'Countess' } }],
    ]);
    const newField = input('Nickname');
    expect(newField).not.to.equal(oldField);
    expect(steps[1]!.ok).to.equal(false);
    expect(steps[1]!.reason).to.equal('stale');
    expect(steps[1]!.message).to.include(oldId).and.to.include('re-rendered');
    expect(app.state('nickname')).to.equal('Nickname: none');
    // The page the model saw after the failure lists the new field under a new id.
    const requests = await lane.requests();
    const newId = fieldIdInDump(pageSeen(requests[2]!), 'Nickname');
    expect(newId).not.to.equal(oldId);
    const retry = await runAction(await createLane(), 'fill_input', { selector: newId, value: 'Countess' });
    expect(retry.ok).to.equal(true);
    expect(app.state('nickname')).to.equal('Nickname: Countess');
  });

  it('select_option on a custom combobox opens it, clicks the option and checks the result', async () => {
    const combobox = app.root.querySelector('[role=combobox][aria-controls=fruit-list]')!;
    const step = await runAction(lane, 'select_option', { selector: idOf(combobox), option: 'cherry' });
    expect(app.state('fruit')).to.equal('Fruit: Cherry');
    expect(step.ok).to.equal(true);
    expect(step.message).to.include('now shows "Cherry"');
    expect(app.root.querySelector('#fruit-list')).to.equal(null);
  });

  it('select_option names the options when the one asked for is not there, and refuses a disabled one', async () => {
    const combobox = app.root.querySelector('[role=combobox][aria-controls=fruit-list]')!;
    const missing = await runAction(lane, 'select_option', { selector: idOf(combobox), option: 'Mango' });
    expect(missing.ok).to.equal(false);
    expect(missing.reason).to.equal('not-found');
    expect(missing.message).to.include('no option "Mango"').and.to.include('"Apple", "Banana", "Cherry"');
    const disabled = await runAction(await createLane(), 'select_option', { selector: idOf(combobox), option: 'Durian' });
    expect(disabled.reason).to.equal('disabled');
    expect(app.state('fruit')).to.equal('Fruit: Banana');
  });

  it('select_option on a searchable autocomplete types to find an option it does not list yet', async () => {
    const country = input('Country');
    const step = await runAction(lane, 'select_option', { selector: idOf(country), option: 'Portugal' });
    expect(app.state('country')).to.equal('Country: Portugal');
    expect(step.ok).to.equal(true);
    expect(step.message).to.include('now shows "Portugal"');
  });

  it('tells the model what happened in its next prompt', async () => {
    await runTurns(lane, [[{ tool: 'fill_input', args: { selector: idOf(input('Name')), value: 'Grace' } }]]);
    const [reply] = await toolReplies(lane);
    expect(reply).to.include('fill_input: ok').and.to.include('now holds "Grace"');
  });
});
