// Fluent UI React v9 through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { pickOption, submenuPick, switchOn, toastAnswer } from './case-shapes.js';
import { click, done, stuck, waitOnce } from '../support/dump-policy.js';

galleryCases('fluent', {
  'combobox-async': pickOption({ role: 'combobox', name: 'Destination' }, 'the Destination combobox', 'Lisbon', { state: 'destination', shows: 'Destination: Lisbon', said: 'The destination is Lisbon.' }),
  dropdown: pickOption({ role: 'combobox', name: /Size/ }, 'the Size dropdown', 'Large', { state: 'size', shows: 'Size: Large', said: 'The size is Large.' }),
  submenu: submenuPick('Message actions', /Move to/, 'Archive', { state: 'folder', shows: 'Folder: Archive', said: 'The message is in Archive.' }),
  drawer: switchOn('Email notifications', { state: 'notifications', shows: 'Email notifications: on', said: 'Email notifications are on.' }, 'Settings'),
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
  toast: toastAnswer('Save draft', /Draft saved/, /version 7/),
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
