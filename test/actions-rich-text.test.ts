// A rich-text editor with a document model of its own (ProseMirror, through Tiptap): edits reach
// its model, not only its DOM, as its own output (getHTML) shows. The plain contenteditable
// instances of the same class are in actions-forms.test.ts; the gallery drives Tiptap and Quill
// from the dump alone.
import { expect, fixture, html } from '@open-wc/testing';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction, runTurns } from './fixtures/apps/agent-driver.js';

describe('rich-text editing in an editor with its own model (Tiptap)', () => {
  let lane: Lane;
  let editor: Editor;
  let page: HTMLElement;
  beforeEach(async () => {
    lane = await createLane();
    page = await fixture<HTMLElement>(html`<div><button type="button">Bold</button><div class="editor"></div></div>`);
    editor = new Editor({
      element: page.querySelector<HTMLElement>('.editor')!,
      extensions: [StarterKit],
      content: '<h2>Minutes</h2><p>We agreed the budget.</p><p>Next meeting in May.</p>',
      editorProps: { attributes: { 'aria-label': 'Minutes' } },
    });
    const bold = page.querySelector('button')!;
    bold.addEventListener('mousedown', (event) => event.preventDefault());
    bold.addEventListener('click', () => editor.chain().focus().toggleBold().run());
  });
  afterEach(() => editor.destroy());

  const block = (index: number) => editor.view.dom.children[index]!;

  it('fill_input on a heading and on a paragraph changes those blocks in the saved document', async () => {
    const steps = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(block(0)), value: 'Board minutes' } }],
      [{ tool: 'fill_input', args: { selector: idOf(block(1)), value: 'We agreed the budget. It passed.' } }],
    ]);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(editor.getHTML()).to.equal('<h2>Board minutes</h2><p>We agreed the budget. It passed.</p><p>Next meeting in May.</p>');
  });

  it('clear_input empties the document, and select_text with Bold bolds one word', async () => {
    const steps = await runTurns(lane, [
      [{ tool: 'select_text', args: { selector: idOf(block(1)), text: 'budget' } }],
      [{ tool: 'click', args: { selector: idOf(page.querySelector('button')!) } }],
    ]);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(editor.getHTML()).to.equal('<h2>Minutes</h2><p>We agreed the <strong>budget</strong>.</p><p>Next meeting in May.</p>');
    const cleared = await runAction(lane, 'clear_input', { selector: idOf(editor.view.dom) });
    expect(cleared.ok, cleared.message).to.equal(true);
    // ProseMirror keeps empty paragraphs in an emptied document: no words are left.
    expect(editor.getText().trim()).to.equal('');
  });
});
