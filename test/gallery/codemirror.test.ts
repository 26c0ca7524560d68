// CodeMirror through the agent: each task is played by a policy that reads only the dump; the
// checks read the editor's own document (what its save would send), so an edit CodeMirror never
// took into its state fails.
import { galleryCases, type Seen } from './gallery-case.js';
import { done, fill, stuck, type PageView } from '../support/dump-policy.js';

const CONFIG = ['const config = {', '  port: 8080,', "  host: 'db.internal',", '  retries: 3,', '};', 'export default config;'];

/** The editor's document, as its update listener last saw it. */
function saved(root: HTMLElement, name: 'config' | 'notes'): string {
  return root.querySelector(`[data-state=${name}]`)?.textContent ?? '(no editor)';
}

/**
 * The saved document against `wanted`, line by line; a line's indentation aside (the dump shows
 * lines without it, so an edited line may lose it: a formatter puts it back, a diff shows it).
 */
function documentIs(root: HTMLElement, name: 'config' | 'notes', wanted: string[]): Seen {
  const text = saved(root, name);
  const lines = text.split('\n').map((line) => line.trim());
  return { ok: lines.join('\n') === wanted.map((line) => line.trim()).join('\n'), shows: `the saved document ${JSON.stringify(text)}` };
}

/** A line of the config editor by its words. */
function codeLine(view: PageView, text: RegExp) {
  const editor = view.need({ role: 'textbox', name: 'config.js' }, 'the config.js editor');
  return view.find({ within: editor, text, indexed: false });
}

galleryCases('codemirror', {
  'replace-line': {
    decide(view) {
      if (codeLine(view, /port: 3000,/)) return done('The port is 3000.');
      const line = codeLine(view, /port: 8080,/);
      if (!line) return stuck('no port line in the editor');
      if (!line.ref) return stuck(`the port line has no id: ${line.raw.trim()}`);
      return [fill(line, 'port: 3000,')];
    },
    check: (root) => documentIs(root, 'config', CONFIG.map((line) => line.replace('8080', '3000'))),
  },
  'read-line': {
    decide(view) {
      const line = codeLine(view, /host:/);
      if (!line) return stuck('no host line in the editor');
      return done(`The config uses the host ${/'([^']+)'/.exec(line.text)?.[1] ?? line.text}.`);
    },
    check: (root, run) => ({ ok: /db\.internal/.test(run.verdict.done ?? '') && saved(root, 'config') === CONFIG.join('\n'), shows: `the answer "${run.verdict.done ?? '(none)'}"` }),
  },
  'append-line': {
    decide(view) {
      if (codeLine(view, /retries: 3, \/\/ per request/)) return done('The comment is added.');
      const line = codeLine(view, /retries: 3,/);
      if (!line?.ref) return stuck(`no retries line with an id: ${line?.raw.trim() ?? '(none)'}`);
      return [fill(line, 'retries: 3, // per request')];
    },
    check: (root) => documentIs(root, 'config', CONFIG.map((line) => line.replace('retries: 3,', 'retries: 3, // per request'))),
  },
  empty: {
    decide(view) {
      const notes = view.need({ name: 'Notes', role: 'textbox' }, 'the Notes editor');
      const inside = [notes.text, notes.attrs.value ?? '', ...view.findAll({ within: notes, indexed: false }).map((line) => line.text)].join(' ');
      if (inside.includes('TODO: rotate the keys')) return done('The note is written.');
      return [fill(notes, 'TODO: rotate the keys')];
    },
    check: (root) => documentIs(root, 'notes', ['TODO: rotate the keys']),
  },
  clear: {
    decide(view) {
      const notesDone = view.turn > 1 && !codeLine(view, /./);
      if (notesDone) return done('The editor is empty.');
      const editor = view.need({ role: 'textbox', name: 'config.js' }, 'the config.js editor');
      return [{ tool: 'clear_input', args: { selector: editor.ref! } }];
    },
    check: (root) => documentIs(root, 'config', ['']),
  },
});
