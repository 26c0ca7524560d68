// Tiptap 3 (ProseMirror): a CMS-style article editor with a toolbar, and an empty notes editor.
// ProseMirror keeps its own document model and reads the DOM back through `beforeinput`, a
// MutationObserver and the selection; a value set from outside that bypasses those is overwritten
// on the next render. The tests read the editors' own output (getHTML), as a save would send it.
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { section } from './gallery-page.js';

export const title = 'Tiptap';

const ARTICLE = '<h1>Quarterly Report</h1><p>This quarter our revenue rose again.</p><p>Costs stayed flat.</p><ul><li><p>Q1 results</p></li><li><p>Q2 results</p></li></ul>';
const STYLE = `
  .tt-editor .ProseMirror { border: 1px solid #bbb; border-radius: 4px; padding: 8px 12px; min-height: 60px; outline: none; }
  .tt-editor .ProseMirror:focus { border-color: #3b82f6; }
  .tt-toolbar { display: flex; gap: 4px; margin-bottom: 4px; }
  .tt-toolbar button { padding: 2px 8px; border: 1px solid #bbb; background: #f5f5f5; border-radius: 3px; cursor: pointer; }
  .tt-toolbar button[aria-pressed=true] { background: #dbeafe; }
`;

function toolbar(editor, buttons) {
  const bar = document.createElement('div');
  bar.className = 'tt-toolbar';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Formatting');
  for (const [label, mark, run] of buttons) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.setAttribute('aria-pressed', 'false');
    // Keeps the editor's selection, as Tiptap's own examples do by focusing it in the command chain.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => run(editor.chain().focus()).run());
    editor.on('transaction', () => button.setAttribute('aria-pressed', String(editor.isActive(mark))));
    bar.append(button);
  }
  return bar;
}

export async function mount(root) {
  const style = document.createElement('style');
  style.textContent = STYLE;
  root.append(style);
  const editors = {};
  for (const [key, heading, content] of [['article', 'Article', ARTICLE], ['notes', 'Notes', '']]) {
    const holder = section(root, heading);
    const element = document.createElement('div');
    element.className = 'tt-editor';
    const editor = new Editor({
      element,
      extensions: [StarterKit],
      content,
      editorProps: { attributes: { 'aria-label': heading, 'aria-multiline': 'true', role: 'textbox' } },
    });
    holder.append(
      toolbar(editor, [
        ['Bold', 'bold', (chain) => chain.toggleBold()],
        ['Italic', 'italic', (chain) => chain.toggleItalic()],
        ['Bullet list', 'bulletList', (chain) => chain.toggleBulletList()],
      ]),
      element,
    );
    editors[key] = editor;
  }
  root.editors = editors;
  return {
    unmount() {
      for (const editor of Object.values(editors)) editor.destroy();
      root.replaceChildren();
    },
  };
}
