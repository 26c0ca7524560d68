// Fluent UI React v9 through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, stuck, waitOnce } from '../support/dump-policy.js';

galleryCases('fluent', {
  'combobox-async': {
    decide(view) {
      if (view.shows('Destination: Lisbon')) return done('The destination is Lisbon.');
      return [choose(view.need({ role: 'combobox', name: 'Destination' }, 'the Destination combobox'), 'Lisbon')];
    },
    check: (root) => stateText(root, 'destination', 'Destination: Lisbon'),
  },
  dropdown: {
    decide(view) {
      if (view.shows('Size: Large')) return done('The size is Large.');
      return [choose(view.need({ role: 'combobox', name: /Size/ }, 'the Size dropdown'), 'Large')];
    },
    check: (root) => stateText(root, 'size', 'Size: Large'),
  },
  submenu: {
    decide(view) {
      if (view.shows('Folder: Archive')) return done('The message is in Archive.');
      const archive = view.find({ role: 'menuitem', name: 'Archive' });
      if (archive) return [click(archive)];
      const moveTo = view.find({ role: 'menuitem', name: /Move to/ });
      if (moveTo) {
        if (view.did('click', moveTo)) return waitOnce(view, 'Move to was clicked but the dump shows no Archive item');
        return [click(moveTo)];
      }
      const trigger = view.need({ role: 'button', name: 'Message actions' });
      if (view.did('click', trigger)) return waitOnce(view, 'the menu was opened but the dump shows no Move to item');
      return [click(trigger)];
    },
    check: (root) => stateText(root, 'folder', 'Folder: Archive'),
  },
  drawer: {
    decide(view) {
      const toggle = view.find({ role: 'switch', name: 'Email notifications' });
      if (toggle && ('checked' in toggle.attrs || toggle.attrs['aria-checked'] === 'true')) return done('Email notifications are on.');
      if (toggle) return [check(toggle)];
      const settings = view.need({ role: 'button', name: 'Settings' });
      if (view.did('click', settings)) return waitOnce(view, 'Settings was clicked but the dump shows no Email notifications switch');
      return [click(settings)];
    },
    check: (root) => stateText(root, 'notifications', 'Email notifications: on'),
  },
  tree: {
    decide(view) {
      if (view.shows('Opened: 2025/q3-report.pdf')) return done('q3-report.pdf from 2025 is open.');
      const items = view.findAll({ role: 'treeitem' });
      const year = items.find((line) => line.text === '2025');
      if (year && year.attrs['aria-expanded'] === 'true') {
        // The first q3-report.pdf after 2025 in dump order is the one inside it.
        const file = items.slice(items.indexOf(year)).find((line) => line.text === 'q3-report.pdf');
        if (file) return [click(file)];
        return stuck('2025 is expanded but the dump shows no q3-report.pdf under it');
      }
      if (year) return view.did('click', year) ? stuck('2025 was clicked but did not expand') : [click(year)];
      const reports = view.need({ role: 'treeitem', name: 'Reports' });
      if (view.did('click', reports)) return stuck('Reports was clicked but the dump shows no 2025 inside it');
      return [click(reports)];
    },
    check: (root) => stateText(root, 'opened', 'Opened: 2025/q3-report.pdf'),
  },
  toast: {
    decide(view) {
      const toast = view.find({ text: /Draft saved/ });
      if (toast) return done(`The notification says: ${toast.text}`);
      const save = view.need({ role: 'button', name: 'Save draft' });
      if (view.did('click', save)) return waitOnce(view, `Save draft was clicked (${view.results.trim()}) but the dump shows no notification`);
      return [click(save)];
    },
    check: (root, run) => ({ ok: /version 7/.test(run.verdict.done ?? ''), shows: `the answer "${run.verdict.done ?? '(none)'}"` }),
  },
  dialog: {
    decide(view) {
      if (view.shows('Project: deleted')) return done('The project is deleted.');
      const confirm = view.find({ role: 'button', name: 'Delete' });
      if (confirm) {
        if (view.did('click', confirm)) return waitOnce(view, 'Delete was clicked but the project is still there');
        return [click(confirm)];
      }
      // Right after the confirm, the page may still be under the backdrop fading out.
      if (view.did('click') && !view.find({ role: 'button', name: 'Delete project' })) return waitOnce(view, 'after Delete the dump shows neither the dialog nor the project');
      const open = view.need({ role: 'button', name: 'Delete project' });
      if (view.did('click', open)) return waitOnce(view, 'Delete project was clicked but the dump shows no dialog');
      return [click(open)];
    },
    check: (root) => stateText(root, 'project', 'Project: deleted'),
  },
});
