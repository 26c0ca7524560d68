// CodeMirror 6: a code editor drawn on a contenteditable region (one .cm-line div per line, line
// numbers in a gutter beside it), its document in its own state and changed only through
// transactions, which it derives from the DOM edits and input events it observes. Set up as its
// docs' basic example is. The page keeps each editor's document (as a save would send it) in a
// hidden element, for the checks only.
import { basicSetup, EditorView } from 'codemirror';
import { section } from './gallery-page.js';

export const title = 'CodeMirror';

const CONFIG = `const config = {
  port: 8080,
  host: 'db.internal',
  retries: 3,
};
export default config;`;

function editorIn(holder, name, doc) {
  const saved = holder.querySelector(`[data-state=${name}]`);
  const view = new EditorView({
    doc,
    extensions: [
      basicSetup,
      EditorView.contentAttributes.of({ 'aria-label': name === 'config' ? 'config.js' : 'Notes' }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) saved.textContent = update.state.doc.toString();
      }),
    ],
    parent: holder.querySelector(`#${name}-editor`),
  });
  saved.textContent = doc;
  return view;
}

export async function mount(root) {
  root.style.cssText = 'padding: 16px; max-width: 560px; font: 14px/1.4 system-ui, sans-serif';
  const config = section(root, 'config.js', '<div id="config-editor"></div><pre data-state="config" hidden></pre>');
  const notes = section(root, 'Notes', '<div id="notes-editor"></div><pre data-state="notes" hidden></pre>');
  const views = [editorIn(config, 'config', CONFIG), editorIn(notes, 'notes', '')];
  return {
    unmount() {
      for (const view of views) view.destroy();
      root.replaceChildren();
    },
  };
}
