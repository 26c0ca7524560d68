// The interaction actions on a real Vue 3 app (v-model in its forms), through the real agent loop.
import { expect } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { mountVueApp } from './fixtures/apps/vue-app.js';
import type { MountedApp } from './fixtures/apps/react-app.js';
import { idOf, runAction, runTurns } from './fixtures/apps/agent-driver.js';
import { createApp } from 'vue/dist/vue.esm-browser.js';

describe('actions on a Vue app', () => {
  let lane: Lane;
  let app: MountedApp;
  const control = (label: string) => [...app.root.querySelectorAll('label')].find((element) => element.textContent!.trim().startsWith(label))!.querySelector('input, select')!;
  const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(async () => {
    lane = await createLane();
    app = await mountVueApp();
  });
  afterEach(() => app.unmount());

  it('fill_input updates v-model', async () => {
    const step = await runAction(lane, 'fill_input', { selector: idOf(control('Name')), value: 'Evan' });
    expect(app.state('name')).to.equal('Hello, Evan');
    expect(step.message).to.include('now holds "Evan"');
  });

  it('fill_input commits v-model.lazy, which only listens to change', async () => {
    await runAction(lane, 'fill_input', { selector: idOf(control('City')), value: 'Lisbon' });
    expect(app.state('city')).to.equal('City: Lisbon');
  });

  it('fill_input on v-model.number gives the app a number; clear_input empties the field', async () => {
    await runAction(lane, 'fill_input', { selector: idOf(control('Age')), value: '42' });
    expect(app.state('age')).to.equal('Age: 42 (number)');
    const cleared = await runAction(await createLane(), 'clear_input', { selector: idOf(control('Age')) });
    expect(cleared.ok).to.equal(true);
    expect((control('Age') as HTMLInputElement).value).to.equal('');
    expect(app.state('age')).to.equal('Age:  (string)');
  });

  it('select_option on a v-model select, and on a multiple select by text and by value', async () => {
    const steps = await runTurns(lane, [[
      { tool: 'select_option', args: { selector: idOf(control('Size')), option: 'Large' } },
      { tool: 'select_option', args: { selector: idOf(control('Toppings')), option: ['Honey', 'oats'] } },
    ]]);
    expect(app.state('size')).to.equal('Size: Large');
    expect(app.state('toppings')).to.equal('Toppings: honey, oats');
    expect(steps[1]!.message).to.include('now shows "Honey", "Oats"');
    // Exactly the options named stay selected.
    await runAction(await createLane(), 'select_option', { selector: idOf(control('Toppings')), option: ['Nuts'] });
    expect(app.state('toppings')).to.equal('Toppings: nuts');
  });

  it('select_option on a single select refuses several options and names a missing one', async () => {
    const [many] = await runTurns(lane, [[{ tool: 'select_option', args: { selector: idOf(control('Size')), option: ['Small', 'Large'] } }]]);
    expect(many!.reason).to.equal('not-allowed');
    const missing = await runAction(await createLane(), 'select_option', { selector: idOf(control('Size')), option: 'Huge' });
    expect(missing.reason).to.equal('not-found');
    expect(missing.message).to.include('"Small", "Medium", "Large"');
    expect(app.state('size')).to.equal('Size: Medium');
  });

  it('check and uncheck a v-model checkbox, check a radio, and refuse to uncheck a radio', async () => {
    const agree = control('I agree');
    const blue = control('Blue');
    const steps = await runTurns(lane, [
      [{ tool: 'check', args: { selector: idOf(agree) } }, { tool: 'check', args: { selector: idOf(blue) } }],
      [{ tool: 'uncheck', args: { selector: idOf(blue) } }],
    ]);
    expect(app.state('agree')).to.equal('Agreed: yes');
    expect(app.state('colour')).to.equal('Colour: blue');
    expect(steps[2]!.ok).to.equal(false);
    expect(steps[2]!.message).to.include('radio button').and.to.include('check another option');
    await runAction(await createLane(), 'uncheck', { selector: idOf(agree) });
    expect(app.state('agree')).to.equal('Agreed: no');
  });

  it('check on a label picks the radio it names', async () => {
    const label = [...app.root.querySelectorAll('label')].find((element) => element.textContent!.trim() === 'Green')!;
    await runAction(lane, 'check', { selector: idOf(label) });
    expect(app.state('colour')).to.equal('Colour: green');
  });

  it('press_key Enter fires @keyup.enter: the task is added and the field emptied', async () => {
    const task = control('Task');
    const steps = await runTurns(lane, [[
      { tool: 'fill_input', args: { selector: idOf(task), value: 'Write docs' } },
      { tool: 'press_key', args: { key: 'Enter', selector: idOf(task) } },
    ]]);
    await nextTick();
    expect([...app.root.querySelectorAll('[data-state=tasks] li')].map((item) => item.textContent)).to.deep.equal(['Write docs']);
    expect(steps[1]!.message).to.include('now holds ""');
  });

  it('press_key types characters and Backspace edits like a keyboard, and v-model follows', async () => {
    const name = control('Name') as HTMLInputElement;
    await runTurns(lane, [[
      { tool: 'fill_input', args: { selector: idOf(name), value: 'Eva' } },
      { tool: 'press_key', args: { key: 'n', selector: idOf(name) } },
      { tool: 'press_key', args: { key: 'Shift+x' } },
      { tool: 'press_key', args: { key: 'Backspace' } },
    ]]);
    expect(name.value).to.equal('Evan');
    expect(app.state('name')).to.equal('Hello, Evan');
  });

  it('press_key arrows move through a radio group and a select, as the keyboard does', async () => {
    const red = control('Red');
    await runTurns(lane, [[
      { tool: 'press_key', args: { key: 'ArrowDown', selector: idOf(red) } },
      { tool: 'press_key', args: { key: 'ArrowUp', selector: idOf(control('Size')) } },
    ]]);
    expect(app.state('colour')).to.equal('Colour: green');
    expect(app.state('size')).to.equal('Size: Small');
  });

  it('press_key Tab and Shift+Tab move focus along the form and say where it is', async () => {
    const name = control('Name') as HTMLInputElement;
    const steps = await runTurns(lane, [[
      { tool: 'press_key', args: { key: 'Tab', selector: idOf(name) } },
      { tool: 'press_key', args: { key: 'Tab' } },
      { tool: 'press_key', args: { key: 'Shift+Tab' } },
    ]]);
    expect(document.activeElement).to.equal(control('City'));
    expect(steps[0]!.message).to.include('focus is on input[type=text] "City"');
    expect(steps[1]!.message).to.include('"Age"');
  });
});

// A person's keystrokes come after the page has reacted to the click that focused the field. A
// search box that resets its text when focused (Vuetify's autocomplete sets its search to the
// chosen item's title from a watcher; a plain script does it in a timer) must not undo the typing.
describe('fill_input into a field that resets its text when focused', () => {
  it('types after a Vue watcher on focus and after a focus handler\'s timer have run', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const app = createApp({
      template: `
        <label>Assignee <input :value="search" @input="search = $event.target.value" @focus="focused = true" @blur="focused = false"></label>
        <p data-state="search">Searching for {{ search || 'everyone' }}</p>`,
      data: () => ({ search: 'Nobody', focused: false }),
      watch: {
        focused(now: boolean) {
          if (now) (this as unknown as { search: string }).search = '';
        },
      },
    });
    app.mount(host);
    const plain = document.createElement('label');
    plain.innerHTML = 'Coupon <input value="Enter a code">';
    host.append(plain);
    const coupon = plain.querySelector('input')!;
    coupon.addEventListener('focus', () => setTimeout(() => (coupon.value = '')));
    try {
      const steps = await runTurns(await createLane(), [[
        { tool: 'fill_input', args: { selector: idOf(host.querySelector('input')!), value: 'Ada' } },
        { tool: 'fill_input', args: { selector: idOf(coupon), value: 'SPRING' } },
      ]]);
      expect(steps.map((step) => step.ok), JSON.stringify(steps)).to.deep.equal([true, true]);
      expect(host.querySelector('[data-state=search]')!.textContent).to.equal('Searching for Ada');
      expect(coupon.value).to.equal('SPRING');
    } finally {
      app.unmount();
      host.remove();
    }
  });
});
