// Quill 2: the editor keeps a Delta model, rebuilt from DOM mutations (its own MutationObserver)
// and its keyboard module's keydown bindings; formatting applies to its own remembered selection.
// A CMS-style article with the Snow theme's toolbar, and an empty notes editor. The tests read
// the editors' own model (getText / getContents / getSemanticHTML), as a save would send it.
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { linkStyles, section } from './gallery-page.js';

export const title = 'Quill';

const ARTICLE = '<h1>Quarterly Report</h1><p>This quarter our revenue rose again.</p><p>Costs stayed flat.</p><ul><li>Q1 results</li><li>Q2 results</li></ul>';

export async function mount(root) {
  await linkStyles(new URL('./quill.css', import.meta.url));
  const editors = {};
  for (const [key, heading, content] of [['article', 'Article', ARTICLE], ['notes', 'Notes', '']]) {
    const holder = section(root, heading);
    const element = document.createElement('div');
    holder.append(element);
    const editor = new Quill(element, {
      theme: 'snow',
      modules: { toolbar: [['bold', 'italic'], [{ header: 1 }, { list: 'bullet' }]] },
    });
    if (content) editor.clipboard.dangerouslyPasteHTML(content, 'silent');
    editor.history.clear();
    // Quill's editing root has no name of its own; a site names it for screen readers as here.
    editor.root.setAttribute('aria-label', heading);
    editor.root.setAttribute('role', 'textbox');
    editor.root.setAttribute('aria-multiline', 'true');
    editors[key] = editor;
  }
  root.editors = editors;
  return {
    unmount() {
      root.replaceChildren();
      document.querySelectorAll('link[data-gallery]').forEach((link) => link.href.endsWith('quill.css') && link.remove());
    },
  };
}
