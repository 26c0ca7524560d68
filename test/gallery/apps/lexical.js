// Lexical (Meta's editor): a CMS-style article editor with a toolbar, and an empty notes editor.
// Lexical handles `beforeinput` itself (it cancels the browser's edit and applies its own), keeps
// its own editor state and reconciles the DOM from it, and reads the selection on `selectionchange`;
// a DOM change made from outside is undone on its next reconcile. The tests read the editors' own
// output ($generateHtmlFromNodes), as a save would send it.
import { $createParagraphNode, $createTextNode, $getRoot, $getSelection, $isRangeSelection, createEditor, FORMAT_TEXT_COMMAND } from 'lexical';
import { $createHeadingNode, HeadingNode, QuoteNode, registerRichText } from '@lexical/rich-text';
import { $generateHtmlFromNodes } from '@lexical/html';
import { section } from './gallery-page.js';

export const title = 'Lexical';

const STYLE = `
  .lx-editor { border: 1px solid #bbb; border-radius: 4px; padding: 8px 12px; min-height: 60px; outline: none; }
  .lx-editor:focus { border-color: #3b82f6; }
  .lx-bold { font-weight: bold; }
  .lx-italic { font-style: italic; }
  .lx-toolbar { display: flex; gap: 4px; margin-bottom: 4px; }
  .lx-toolbar button { padding: 2px 8px; border: 1px solid #bbb; background: #f5f5f5; border-radius: 3px; cursor: pointer; }
  .lx-toolbar button[aria-pressed=true] { background: #dbeafe; }
`;

function article() {
  const heading = $createHeadingNode('h1').append($createTextNode('Quarterly Report'));
  const first = $createParagraphNode().append($createTextNode('This quarter our revenue rose again.'));
  const second = $createParagraphNode().append($createTextNode('Costs stayed flat.'));
  $getRoot().append(heading, first, second);
}

// As Lexical's playground toolbar does: a format command, and the pressed state read from the selection on every update.
function toolbar(editor) {
  const bar = document.createElement('div');
  bar.className = 'lx-toolbar';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Formatting');
  for (const [label, format] of [['Bold', 'bold'], ['Italic', 'italic']]) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format));
    editor.registerUpdateListener(({ editorState }) =>
      editorState.read(() => {
        const selection = $getSelection();
        button.setAttribute('aria-pressed', String($isRangeSelection(selection) && selection.hasFormat(format)));
      }),
    );
    bar.append(button);
  }
  return bar;
}

export async function mount(root) {
  const style = document.createElement('style');
  style.textContent = STYLE;
  root.append(style);
  const editors = {};
  const cleanups = [];
  for (const [key, heading, content] of [['article', 'Article', article], ['notes', 'Notes', null]]) {
    const holder = section(root, heading);
    const element = document.createElement('div');
    element.className = 'lx-editor';
    element.contentEditable = 'true';
    for (const [name, value] of Object.entries({ 'aria-label': heading, 'aria-multiline': 'true', role: 'textbox' })) element.setAttribute(name, value);
    const editor = createEditor({
      namespace: `gallery-${key}`,
      nodes: [HeadingNode, QuoteNode],
      theme: { text: { bold: 'lx-bold', italic: 'lx-italic' } },
      onError: (error) => console.error(error),
    });
    holder.append(toolbar(editor), element);
    editor.setRootElement(element);
    cleanups.push(registerRichText(editor), () => editor.setRootElement(null));
    editor.update(() => (content ? content() : $getRoot().append($createParagraphNode())), { discrete: true });
    editors[key] = { getHTML: () => editor.getEditorState().read(() => $generateHtmlFromNodes(editor, null)) };
  }
  root.editors = editors;
  return {
    unmount() {
      for (const cleanup of cleanups) cleanup();
      root.replaceChildren();
    },
  };
}
