// Shoelace through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, fill, hover, press, stuck, waitFor, waitOnce } from '../support/dump-policy.js';

galleryCases('shoelace', {
  'date-input': {
    decide(view) {
      const birthday = view.need({ name: 'Birthday', tag: 'input' });
      if (birthday.attrs.value === '1990-07-04') return done('The birthday is 1990-07-04.');
      return [fill(birthday, '1990-07-04')];
    },
    check(root) {
      const value = (root.querySelector('#sl-birthday') as HTMLInputElement).value;
      return { ok: value === '1990-07-04', shows: `the field holding "${value}"` };
    },
  },
  select: {
    decide(view) {
      const plan = view.need({ role: 'combobox', name: 'Plan' });
      if (plan.attrs.value === 'Team') return done('The plan is Team.');
      return [choose(plan, 'Team')];
    },
    check(root) {
      const select = root.querySelector('#sl-plan') as HTMLElement & { displayLabel: string };
      return { ok: select.displayLabel === 'Team', shows: `"${select.displayLabel}" in the select` };
    },
  },
  'dropdown-submenu': {
    decide(view) {
      if (view.shows('Edit action: Replace…')) return done('Replace… is chosen.');
      const replace = view.find({ role: 'menuitem', text: 'Replace…' });
      if (replace) return [click(replace)];
      const find = view.find({ role: 'menuitem', text: /^Find$/ });
      if (find) return view.did('hover', find) ? waitOnce(view, `hovering "Find" opened no submenu: ${find.raw.trim()}`) : [hover(find)];
      const edit = view.need({ role: 'button', text: 'Edit' });
      // Another click would close it again.
      if (edit.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the Edit menu opened but the dump shows none of its items');
      return [click(edit)];
    },
    check: (root) => stateText(root, 'edit', 'Edit action: Replace…'),
  },
  details: {
    decide(view) {
      const answer = view.find({ text: /^Free parking/, indexed: false });
      if (answer) return done(answer.text);
      const summary = view.need({ text: 'Parking' });
      if (summary.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the Parking details are open but their text is not in the dump');
      return [click(summary)];
    },
    check(root, run) {
      const details = root.querySelectorAll('sl-details')[1] as HTMLElement & { open: boolean };
      const answered = Boolean(run.verdict.done?.includes('90 minutes'));
      return { ok: details.open && answered, shows: `the details ${details.open ? 'open' : 'closed'}, the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  tabs: {
    decide(view) {
      const tab = view.need({ role: 'tab', text: 'Advanced' });
      if (tab.attrs['aria-selected'] === 'true' && view.shows('Proxy and cache settings.')) return done('The Advanced tab is showing.');
      return [click(tab)];
    },
    check(root) {
      const panel = root.querySelector('sl-tab-panel[name=advanced]') as HTMLElement & { active: boolean };
      return { ok: panel.active, shows: `the Advanced panel ${panel.active ? 'shown' : 'hidden'}` };
    },
  },
  tree: {
    maxTurns: 8,
    decide(view) {
      if (view.shows('Tree: Sugar maple')) return done('Sugar maple is selected.');
      for (const label of ['Sugar maple', 'Maple', 'Deciduous']) {
        const item = view.find({ role: 'treeitem', text: label });
        if (!item) continue;
        if (label === 'Sugar maple') return [click(item)];
        if (item.attrs['aria-expanded'] === 'true') return waitOnce(view, `"${label}" is expanded but its children are not in the dump`);
        if (!view.did('click', item)) return [click(item)];
        if (!view.did('press_key', item)) return [press('ArrowRight', item)];
        return stuck(`"${label}" stays collapsed after a click and ArrowRight, and the dump shows no control to expand it`);
      }
      return stuck(view.need({ role: 'treeitem', text: 'Deciduous' }).raw);
    },
    check: (root) => stateText(root, 'tree', 'Tree: Sugar maple'),
  },
  range: {
    decide(view) {
      const range = view.need({ role: 'slider', name: 'Opacity' });
      const value = Number(range.attrs.value);
      if (value === 75) return done('The opacity is 75%.');
      if (/nothing changed/.test(view.results)) return stuck(`${view.results.trim().replace(/^1\. /, '')} (the value stays ${value})`);
      return [press(value < 75 ? 'ArrowRight' : 'ArrowLeft', range, Math.min(20, Math.abs(75 - value)))];
    },
    check: (root) => stateText(root, 'opacity', 'Opacity: 75%'),
  },
  switch: {
    decide(view) {
      const toggle = view.need({ role: 'switch', name: 'Sync across devices' });
      if (toggle.attrs['aria-checked'] === 'true' || 'checked' in toggle.attrs) return done('Sync is on.');
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'sync', 'Sync is on'),
  },
  dialog: {
    decide(view) {
      if (view.shows('File: notes.txt')) return done('The file is now notes.txt.');
      const name = view.find({ tag: 'input', name: 'File name' });
      if (!name && view.did('click')) return waitOnce(view, `the dialog opened ("${view.results.trim()}") but the dump shows no File name field`);
      if (!name) return [click(view.need({ role: 'button', text: 'Rename file' }))];
      if (name.attrs.value !== 'notes.txt') return [fill(name, 'notes.txt')];
      const rename = view.need({ role: 'button', text: 'Rename' });
      // A second click would land on the dialog while it closes.
      if (view.did('click', rename)) return waitOnce(view, `after a click on Rename (${view.results.trim()}) the dump still shows the dialog, not the page behind it`);
      return [click(rename)];
    },
    check: (root) => stateText(root, 'file', 'File: notes.txt'),
  },
  toast: {
    decide(view) {
      const when = view.find({ text: /about 2 minutes/, indexed: false }) ?? view.find({ text: /about 2 minutes/ });
      if (when) return done(when.text);
      if (view.did('click') && !view.did('wait') && /changed yet/.test(view.results)) return [waitFor('about 2 minutes')];
      if (view.did('click')) return waitOnce(view, 'after the click the dump shows no toast');
      return [click(view.need({ role: 'button', text: 'Export report' }))];
    },
    check(_root, run) {
      const said = run.verdict.done ?? '';
      return { ok: said.includes('emailed to you in about 2 minutes'), shows: `the answer "${said}"` };
    },
  },
});
