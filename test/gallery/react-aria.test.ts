// React Aria Components through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { choose, click, done, press, stuck, waitOnce } from '../support/dump-policy.js';

galleryCases('react-aria', {
  combobox: {
    decide(view) {
      if (view.shows('Country: Germany')) return done('The country is Germany.');
      return [choose(view.need({ role: 'combobox', name: 'Country' }, 'the Country combobox'), 'Germany')];
    },
    check: (root) => stateText(root, 'country', 'Country: Germany'),
  },
  select: {
    decide(view) {
      if (view.shows('Size: Large')) return done('The size is Large.');
      return [choose(view.need({ name: /Size/, tag: 'button' }, 'the Size select'), 'Large')];
    },
    check: (root) => stateText(root, 'size', 'Size: Large'),
  },
  menu: {
    decide(view) {
      if (view.shows('Last action: archive')) return done('The message is archived.');
      const archive = view.find({ role: 'menuitem', name: 'Archive' });
      if (archive) return [click(archive)];
      const trigger = view.need({ role: 'button', name: 'Message actions' });
      if (view.did('click', trigger)) return waitOnce(view, 'the menu was opened but the dump shows no Archive item');
      return [click(trigger)];
    },
    check: (root) => stateText(root, 'action', 'Last action: archive'),
  },
  slider: {
    decide(view) {
      const volume = view.find({ role: 'slider', name: /Volume/ }) ?? view.need({ state: { type: 'range' }, name: /Volume/ }, 'the Volume slider');
      const value = Number(volume.attrs.value ?? volume.attrs['aria-valuenow']);
      if (value === 30 && view.shows('Volume: 30')) return done('The volume is 30.');
      if (view.did('press_key') && /nothing changed/.test(view.results)) return stuck(`${view.results.trim().replace(/^1\. /, '')} (the value stays ${value})`);
      return [press(value < 30 ? 'ArrowRight' : 'ArrowLeft', volume, Math.min(20, Math.abs(30 - value)))];
    },
    check: (root) => stateText(root, 'volume', 'Volume: 30'),
  },
  'date-picker': {
    decide(view) {
      if (view.shows('Appointment: 2026-05-14')) return done('The appointment is on 14 May 2026.');
      const day = view.find({ name: /^(14|.*May 14, 2026.*)$/, role: 'button' }) ?? view.find({ text: '14', role: 'gridcell' });
      if (day) return [click(day)];
      const opener = view.need({ role: 'button', name: /📅|Calendar|Appointment/ }, 'the calendar button');
      if (view.did('click', opener)) return waitOnce(view, 'the calendar button was clicked but the dump shows no day 14');
      return [click(opener)];
    },
    check: (root) => stateText(root, 'date', 'Appointment: 2026-05-14'),
  },
  tabs: {
    decide(view) {
      const answer = view.find({ text: /next invoice is due/, indexed: false });
      if (answer) return done(answer.text);
      const billing = view.need({ role: 'tab', name: 'Billing' });
      if (view.did('click', billing)) return stuck('the Billing tab was clicked but the dump shows no invoice');
      return [click(billing)];
    },
    check: (root, run) => ({ ok: /3 June 2026/.test(run.verdict.done ?? ''), shows: `the answer "${run.verdict.done ?? '(none)'}"` }),
  },
});
