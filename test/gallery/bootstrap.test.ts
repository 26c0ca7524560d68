// Bootstrap 5 through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, click, done, fill, stuck, waitFor, waitOnce } from '../support/dump-policy.js';

galleryCases('bootstrap', {
  dropdown: {
    decide(view) {
      if (view.shows('Last action: Export as CSV')) return done('Export as CSV is chosen.');
      const item = view.find({ text: 'Export as CSV' });
      if (item) return [click(item)];
      const toggle = view.need({ role: 'button', text: 'Actions' });
      if (toggle.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the Actions menu is open but its items are not in the dump');
      return [click(toggle)];
    },
    check: (root) => stateText(root, 'dropdown', 'Last action: Export as CSV'),
  },
  modal: {
    decide(view) {
      if (view.shows('Team: Falcons') && !view.find({ tag: 'input', name: 'Team name' })) return done('The team is Falcons.');
      const name = view.find({ tag: 'input', name: 'Team name' });
      if (!name) {
        if (view.did('click')) return waitOnce(view, 'the Edit team dialog is not in the dump after the click');
        return [click(view.need({ role: 'button', text: 'Edit team' }))];
      }
      if (name.attrs.value !== 'Falcons') return [fill(name, 'Falcons')];
      const save = view.need({ text: 'Save changes' });
      if (view.did('click', save)) return waitOnce(view, `after Save changes (${view.results.trim()}) the dump still shows the dialog`);
      return [click(save)];
    },
    check: (root) => stateText(root, 'team', 'Team: Falcons'),
  },
  accordion: {
    decide(view) {
      const answer = view.find({ text: /24-month warranty/, indexed: false });
      if (answer) return done(answer.text);
      const trigger = view.need({ text: 'Warranty' });
      if (trigger.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the Warranty section is open but its text is not in the dump');
      return [click(trigger)];
    },
    check(root, run) {
      const body = root.querySelector<HTMLElement>('#bs-faq-1')!;
      const open = body.checkVisibility();
      const answered = Boolean(run.verdict.done?.includes('24-month'));
      return { ok: open && answered, shows: `the section ${open ? 'open' : 'closed'}, the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  tabs: {
    decide(view) {
      const answer = view.find({ text: /Next invoice/, indexed: false });
      if (answer) return done(answer.text);
      const tab = view.need({ role: 'tab', text: 'Billing' });
      if (tab.attrs['aria-selected'] === 'true') return waitOnce(view, 'the Billing tab is selected but its panel is not in the dump');
      return [click(tab)];
    },
    check(root, run) {
      const shown = root.querySelector<HTMLElement>('#bs-tab-billing')!.checkVisibility();
      const answered = Boolean(run.verdict.done?.includes('1 June'));
      return { ok: shown && answered, shows: `the Billing panel ${shown ? 'shown' : 'hidden'}, the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  switch: {
    decide(view) {
      const toggle = view.need({ name: 'Email alerts' });
      if ('checked' in toggle.attrs) return done('Email alerts are on.');
      if (view.did('check')) return stuck(`after check the switch is not checked: ${toggle.raw.trim()}`);
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'alerts', 'Email alerts are on'),
  },
  toast: {
    decide(view) {
      const said = view.find({ text: /goes live/, indexed: false }) ?? view.find({ text: /goes live/ });
      if (said) return done(said.text);
      if (view.did('click') && !view.did('wait')) return [waitFor('goes live')];
      if (view.did('click')) return stuck('after the click (and a wait) the dump shows no toast');
      return [click(view.need({ role: 'button', text: 'Publish' }))];
    },
    check(_root, run) {
      const said = run.verdict.done ?? '';
      return { ok: said.includes('9:00 tomorrow'), shows: `the answer "${said}"` };
    },
  },
});
