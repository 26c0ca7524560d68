// Rich-text editors with a document model of their own: edits reach the model, not only its DOM,
// as the editor's own output (its HTML export) shows. Two editors built differently play the same
// tests: Tiptap (ProseMirror: reads the DOM back through a MutationObserver and the selection) and
// Lexical (cancels `beforeinput` and applies every edit itself, reconciling the DOM from its state).
// The plain contenteditable instances of the same class are in actions-forms.test.ts; the gallery
// drives Tiptap, Lexical and Quill from the dump alone.
import { expect, fixture, html } from '@open-wc/testing';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor, FORMAT_TEXT_COMMAND } from 'lexical';
import { $createHeadingNode, HeadingNode, registerRichText } from '@lexical/rich-text';
import { $generateHtmlFromNodes } from '@lexical/html';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction, runTurns } from './fixtures/apps/agent-driver.js';

interface EditorUnderTest {
  /** The editing host. */
  dom: HTMLElement;
  /** The document as the editor saves it, without its own markup's attributes. */
  saved(): string;
  /** What the document says in words. */
  text(): string;
  destroy(): void;
}

const MINUTES = ['Minutes', 'We agreed the budget.', 'Next meeting in May.'] as const;

function tiptap(holder: HTMLElement, bold: HTMLButtonElement): EditorUnderTest {
  const editor = new Editor({
    element: holder,
    extensions: [StarterKit],
    content: `<h2>${MINUTES[0]}</h2><p>${MINUTES[1]}</p><p>${MINUTES[2]}</p>`,
    editorProps: { attributes: { 'aria-label': 'Minutes' } },
  });
  bold.addEventListener('click', () => editor.chain().focus().toggleBold().run());
  return { dom: editor.view.dom as HTMLElement, saved: () => editor.getHTML(), text: () => editor.getText(), destroy: () => editor.destroy() };
}

function lexical(holder: HTMLElement, bold: HTMLButtonElement): EditorUnderTest {
  const dom = document.createElement('div');
  dom.contentEditable = 'true';
  dom.setAttribute('aria-label', 'Minutes');
  holder.append(dom);
  const editor = createEditor({ namespace: 'minutes', nodes: [HeadingNode], onError: (error) => console.error(error) });
  editor.setRootElement(dom);
  const unregister = registerRichText(editor);
  editor.update(() => {
    const [heading, ...paragraphs] = MINUTES;
    $getRoot().append($createHeadingNode('h2').append($createTextNode(heading)), ...paragraphs.map((text) => $createParagraphNode().append($createTextNode(text))));
  }, { discrete: true });
  bold.addEventListener('click', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'));
  // Lexical exports a bold run as <b><strong>, every run in a white-space span: kept to the elements that say what the text is.
  const saved = () =>
    editor
      .getEditorState()
      .read(() => $generateHtmlFromNodes(editor, null))
      .replace(/<\/?(span|b)\b[^>]*>/g, '')
      .replace(/ (dir|style|class)="[^"]*"/g, '');
  return {
    dom,
    saved,
    text: () => editor.getEditorState().read(() => $getRoot().getTextContent()),
    destroy: () => {
      unregister();
      editor.setRootElement(null);
    },
  };
}

for (const [name, make] of [['Tiptap', tiptap], ['Lexical', lexical]] as const) {
  describe(`rich-text editing in an editor with its own model (${name})`, () => {
    let lane: Lane;
    let editor: EditorUnderTest;
    let page: HTMLElement;
    beforeEach(async () => {
      lane = await createLane();
      page = await fixture<HTMLElement>(html`<div><button type="button">Bold</button><div class="editor"></div></div>`);
      const bold = page.querySelector('button')!;
      bold.addEventListener('mousedown', (event) => event.preventDefault());
      editor = make(page.querySelector<HTMLElement>('.editor')!, bold);
    });
    afterEach(() => editor.destroy());

    const block = (index: number) => editor.dom.children[index]!;

    it('fill_input on a heading and on a paragraph changes those blocks in the saved document', async () => {
      const steps = await runTurns(lane, [
        [{ tool: 'fill_input', args: { selector: idOf(block(0)), value: 'Board minutes' } }],
        [{ tool: 'fill_input', args: { selector: idOf(block(1)), value: 'We agreed the budget. It passed.' } }],
      ]);
      expect(steps.map((step) => step.ok), JSON.stringify(steps)).to.deep.equal([true, true]);
      expect(editor.saved()).to.equal('<h2>Board minutes</h2><p>We agreed the budget. It passed.</p><p>Next meeting in May.</p>');
    });

    it('select_text with Bold bolds one word, clear_input empties the document, fill_input types into the empty one', async () => {
      const steps = await runTurns(lane, [
        [{ tool: 'select_text', args: { selector: idOf(block(1)), text: 'budget' } }],
        [{ tool: 'click', args: { selector: idOf(page.querySelector('button')!) } }],
      ]);
      expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
      expect(editor.saved()).to.equal('<h2>Minutes</h2><p>We agreed the <strong>budget</strong>.</p><p>Next meeting in May.</p>');
      const cleared = await runAction(lane, 'clear_input', { selector: idOf(editor.dom) });
      expect(cleared.ok, cleared.message).to.equal(true);
      // Editors keep an empty paragraph in an emptied document: no words are left.
      expect(editor.text().trim()).to.equal('');
      // Typed into the emptied editor (one paragraph: WebKit's innerText of it ends in two line breaks).
      const typed = await runAction(lane, 'fill_input', { selector: idOf(editor.dom), value: 'Call the printer.' });
      expect(typed.ok, typed.message).to.equal(true);
      expect(editor.saved()).to.equal('<p>Call the printer.</p>');
    });

    it('press_key Control+a selects the whole document for the editor at once: in the same batch, Bold then bolds all of it, Backspace deletes all of it', async () => {
      const steps = await runTurns(lane, [
        [
          { tool: 'press_key', args: { selector: idOf(editor.dom), key: 'Control+a' } },
          { tool: 'click', args: { selector: idOf(page.querySelector('button')!) } },
        ],
      ]);
      expect(steps.map((step) => step.ok), JSON.stringify(steps)).to.deep.equal([true, true]);
      expect(editor.saved()).to.equal('<h2><strong>Minutes</strong></h2><p><strong>We agreed the budget.</strong></p><p><strong>Next meeting in May.</strong></p>');
      const deleted = await runTurns(lane, [
        [
          { tool: 'press_key', args: { selector: idOf(editor.dom), key: 'Control+a' } },
          { tool: 'press_key', args: { key: 'Backspace' } },
        ],
      ]);
      expect(deleted.map((step) => step.ok), JSON.stringify(deleted)).to.deep.equal([true, true]);
      expect(editor.text().trim()).to.equal('');
    });
  });
}
