// Radix Primitives through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, fill, press, stuck, waitFor, waitOnce } from '../support/dump-policy.js';

galleryCases('radix', {
  'dropdown-submenu': {
    decide(view) {
      if (view.shows('Last action: Developer tools')) return done('Developer tools is chosen.');
      const leaf = view.find({ role: 'menuitem', text: 'Developer tools' });
      if (leaf) return [click(leaf)];
      const more = view.find({ role: 'menuitem', text: /^More tools/ });
      if (more) return [click(more)];
      return [click(view.need({ role: 'button', text: 'Options' }))];
    },
    check: (root) => stateText(root, 'menu', 'Last action: Developer tools'),
  },
  select: {
    decide(view) {
      const fruit = view.need({ role: 'combobox', name: 'Fruit' });
      // What the trigger shows: its words, or those of the lines inside it (the value is a span of its own).
      const shows = [fruit.text, ...view.findAll({ within: fruit, indexed: false }).map((line) => line.text)].join(' ').trim();
      if (/^Blueberry/.test(shows)) return done('The fruit is Blueberry.');
      return [choose(fruit, 'Blueberry')];
    },
    check(root) {
      const shown = root.querySelector('[role=combobox]')!.textContent!.replace('▾', '').trim();
      return { ok: shown === 'Blueberry', shows: `"${shown}" on the trigger` };
    },
  },
  accordion: {
    decide(view) {
      const answer = view.find({ text: /^Yes! Animate it/, indexed: false });
      if (answer) return done(answer.text);
      const trigger = view.need({ role: 'button', text: 'Can it be animated?' });
      if (trigger.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the section is open but its text is not in the dump');
      return [click(trigger)];
    },
    check(root, run) {
      const text = [...root.querySelectorAll<HTMLElement>('.rx-accordion-text')].find((element) => element.textContent!.startsWith('Yes! Animate'));
      const open = Boolean(text?.checkVisibility());
      const answered = Boolean(run.verdict.done?.includes('Animate it with CSS'));
      return { ok: open && answered, shows: `the section ${open ? 'open' : 'closed'}, the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  tabs: {
    decide(view) {
      const tab = view.need({ role: 'tab', text: 'Password' });
      if (tab.attrs['aria-selected'] === 'true' && view.shows('last changed 3 months ago')) return done('The password tab is showing.');
      return [click(tab)];
    },
    check(root) {
      const panel = [...root.querySelectorAll<HTMLElement>('[role=tabpanel]')].find((element) => element.textContent!.includes('last changed'));
      const shown = Boolean(panel?.checkVisibility());
      return { ok: shown, shows: `the Password panel ${shown ? 'shown' : 'hidden'}` };
    },
  },
  slider: {
    decide(view) {
      const slider = view.need({ role: 'slider', name: 'Volume' });
      const value = slider.attrs['aria-valuenow'] ?? slider.attrs.value ?? slider.attrs['aria-valuetext'];
      if (value === undefined) return stuck(`the slider's value is not in the dump: "${slider.raw.trim()}"`);
      if (Number(value) === 75) return done('The volume is 75.');
      return [press(Number(value) < 75 ? 'ArrowRight' : 'ArrowLeft', slider, Math.min(20, Math.abs(75 - Number(value))))];
    },
    check(root) {
      const track = root.querySelector('.rx-track')!.getBoundingClientRect();
      const thumb = root.querySelector('.rx-thumb')!.getBoundingClientRect();
      const percent = Math.round(((thumb.left + thumb.width / 2 - track.left) / track.width) * 100);
      return { ok: Math.abs(percent - 75) <= 3, shows: `the thumb at ${percent}% of the track` };
    },
  },
  switch: {
    decide(view) {
      const toggle = view.need({ role: 'switch', name: 'Airplane mode' });
      if (toggle.attrs['aria-checked'] === 'true') return done('Airplane mode is on.');
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'airplane', 'Airplane mode is on'),
  },
  dialog: {
    decide(view) {
      if (view.shows('Name: Ada Lovelace')) return done('The name is Ada Lovelace.');
      const name = view.find({ tag: 'input', name: 'Name' });
      if (!name) return [click(view.need({ role: 'button', text: 'Edit profile' }))];
      if (name.attrs.value !== 'Ada Lovelace') return [fill(name, 'Ada Lovelace')];
      const save = view.need({ role: 'button', text: 'Save changes' });
      // A second click would land on the dialog while it closes.
      if (view.did('click', save)) return waitOnce(view, `after a click on Save changes (${view.results.trim()}) the dump still shows the dialog, not the page behind it`);
      return [click(save)];
    },
    check: (root) => stateText(root, 'profile', 'Name: Ada Lovelace'),
  },
  toast: {
    decide(view) {
      const when = view.find({ text: /March 2028/, indexed: false }) ?? view.find({ text: /March 2028/ });
      if (when) return done(`It is scheduled for ${when.text}.`);
      // The result says "nothing on the page changed yet": the toast comes a moment later.
      if (view.did('click') && !view.did('wait') && /changed yet/.test(view.results)) return [waitFor('March 2028')];
      if (view.did('click')) return stuck('after the click (and a wait) the dump shows no toast');
      return [click(view.need({ role: 'button', text: 'Add to calendar' }))];
    },
    check(_root, run) {
      const said = run.verdict.done ?? '';
      return { ok: said.includes('Friday, 10 March 2028 at 5:57 PM'), shows: `the answer "${said}"` };
    },
  },
});
