// A code editor on contenteditable writes its document as one div per line (CodeMirror, Monaco's
// view), not as paragraphs: its lines are its blocks. The dump shows each line with an id, and
// fill_input on a line replaces that line alone. A hand-written editor, driven through the agent.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId, snapshotPage } from '../src/dom/index.js';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction } from './fixtures/apps/agent-driver.js';

describe('a code editor whose lines are divs', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('shows each line with an id, and fill_input on one line keeps the others', async () => {
    const page = await fixture<HTMLElement>(html`
      <div contenteditable="true" role="textbox" aria-multiline="true" aria-label="Script" style="font-family: monospace"><div>let a = 1;</div><div>let b = 2;</div><div>print(a + b);</div></div>`);
    const lines = [...page.children] as HTMLElement[];
    const { text } = snapshotPage({ maxLength: Infinity });
    for (const line of lines) expect(text).to.include(`[${elementId(line)}]<div>${line.textContent}`);
    const step = await runAction(lane, 'fill_input', { selector: idOf(lines[1]!), value: 'let b = 5;' });
    expect(step.ok, step.message).to.equal(true);
    expect([...page.children].map((line) => line.textContent)).to.deep.equal(['let a = 1;', 'let b = 5;', 'print(a + b);']);
  });
});
