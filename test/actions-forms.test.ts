// Forms without a framework: the events plain listeners see, validation that blocks a submit,
// secrets that must not be typed, fields that refuse or cut a value, and controls a user could
// not reach (covered, hidden, disabled). Driven through the real agent loop.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction, runTurns, toolReplies } from './fixtures/apps/agent-driver.js';

describe('form actions on a plain page', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('fill_input sends the events of a user typing, in order, and no more', async () => {
    const page = await fixture<HTMLElement>(html`<div><label>Title <input name="title" value="Draft" /></label><button>Other</button></div>`);
    const input = page.querySelector('input')!;
    const seen: string[] = [];
    for (const type of ['focus', 'keydown', 'keypress', 'beforeinput', 'input', 'keyup', 'change', 'blur']) {
      input.addEventListener(type, (event) => seen.push(event instanceof InputEvent ? `${type}:${event.inputType}` : event instanceof KeyboardEvent ? `${type}:${event.key}` : type));
    }
    await runTurns(lane, [[
      { tool: 'fill_input', args: { selector: idOf(input), value: 'Annual report' } },
      { tool: 'clear_input', args: { selector: idOf(input) } },
    ]]);
    expect(seen).to.deep.equal([
      'focus', 'keydown:t', 'keypress:t', 'beforeinput:insertText', 'input:insertText', 'keyup:t', 'change',
      'keydown:Backspace', 'beforeinput:deleteContentBackward', 'input:deleteContentBackward', 'keyup:Backspace', 'change',
    ]);
    expect(input.value).to.equal('');
  });

  it('fill_input on an editable region: the text changes and input listeners hear it', async () => {
    const page = await fixture<HTMLElement>(html`<div><div contenteditable="true" aria-label="Bio" style="min-height:40px"><p>Old text</p></div></div>`);
    const region = page.querySelector<HTMLElement>('[contenteditable]')!;
    let inputs = 0;
    region.addEventListener('input', () => inputs++);
    const step = await runAction(lane, 'fill_input', { selector: idOf(region), value: 'Loves graphs' });
    expect(region.innerText.trim()).to.equal('Loves graphs');
    expect(inputs).to.be.greaterThan(0);
    expect(step.message).to.include('"Loves graphs"');
  });

  it('fill_input on one block of a rich-text region edits that block alone; clear_input empties the region', async () => {
    const page = await fixture<HTMLElement>(html`<div><div contenteditable="true" aria-label="Article"><h1>Quarterly Report</h1><p>Revenue rose.</p><p>Costs stayed flat.</p></div></div>`);
    const region = page.querySelector<HTMLElement>('[contenteditable]')!;
    const [heading, paragraph] = region.children;
    const steps = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(heading!), value: 'Annual Report' } }],
      [{ tool: 'fill_input', args: { selector: idOf(paragraph!), value: 'Revenue rose. Margins improved.' } }],
    ]);
    expect([...region.children].map((block) => `${block.localName}: ${block.textContent}`)).to.deep.equal(['h1: Annual Report', 'p: Revenue rose. Margins improved.', 'p: Costs stayed flat.']);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    const cleared = await runAction(lane, 'clear_input', { selector: idOf(region) });
    expect(cleared.ok).to.equal(true);
    expect(region.innerText.trim()).to.equal('');
  });

  it('select_text selects words across inline elements, and the toolbar\'s Bold then applies to them alone', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <button type="button" @mousedown=${(event: Event) => event.preventDefault()} @click=${() => document.execCommand('bold')}>Bold</button>
      <div contenteditable="true" aria-label="Article"><p>This quarter our re<i>ven</i>ue rose.</p></div>
    </div>`);
    const paragraph = page.querySelector('p')!;
    const steps = await runTurns(lane, [
      [{ tool: 'select_text', args: { selector: idOf(paragraph), text: 'revenue' } }],
      [{ tool: 'click', args: { selector: idOf(page.querySelector('button')!) } }],
    ]);
    expect(steps[0]!.message).to.include('Selected "revenue"');
    expect([...paragraph.querySelectorAll('b, strong')].map((bold) => bold.textContent).join('')).to.equal('revenue');
    expect(paragraph.textContent).to.equal('This quarter our revenue rose.');
    const missing = await runAction(lane, 'select_text', { selector: idOf(paragraph), text: 'profit' });
    expect(missing.ok).to.equal(false);
    expect(missing.message).to.include('does not show "profit"');
  });

  it('a submit blocked by validation: click and Enter both say which field and why, and nothing is sent', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <form>
          <label>Email <input type="email" name="email" required /></label>
          <label>Name <input name="name" /></label>
          <button>Continue</button>
        </form>
        <p id="status">Not sent</p>
      </div>
    `);
    const form = page.querySelector('form')!;
    const status = () => page.querySelector('#status')!.textContent;
    const sent: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(form.email.value);
      page.querySelector('#status')!.textContent = `Sent to ${form.email.value}`;
    });
    const email = form.querySelector<HTMLInputElement>('[name=email]')!;
    const send = form.querySelector('button')!;
    const steps = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(email), value: 'ada' } }, { tool: 'click', args: { selector: idOf(send) } }],
      [{ tool: 'press_key', args: { key: 'Enter', selector: idOf(email) } }],
      [{ tool: 'fill_input', args: { selector: idOf(email), value: 'ada@example.com' } }, { tool: 'press_key', args: { key: 'Enter' } }],
    ]);
    expect(steps[0]!.message).to.include('it reports "').and.to.include('"ada"');
    for (const blocked of [steps[1]!, steps[2]!]) {
      expect(blocked.ok).to.equal(false);
      expect(blocked.reason).to.equal('invalid');
      expect(blocked.message).to.include('the form was not submitted: input[type=email] "Email": "');
    }
    expect(steps[4]!.ok).to.equal(true);
    expect(steps[4]!.message).to.include('the form was submitted');
    expect(status()).to.equal('Sent to ada@example.com');
    // The blocked attempts sent nothing; only the valid one did.
    expect(sent).to.deep.equal(['ada@example.com']);
  });

  it('a page\'s own validation message is reported when it appears', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <label>Username <input aria-describedby="user-error" /></label>
        <p id="user-error" hidden>Usernames are lower-case letters only.</p>
      </div>
    `);
    const input = page.querySelector('input')!;
    const error = page.querySelector<HTMLElement>('#user-error')!;
    input.addEventListener('input', () => {
      const bad = /[^a-z]/.test(input.value);
      input.setAttribute('aria-invalid', String(bad));
      error.hidden = !bad;
    });
    const step = await runAction(lane, 'fill_input', { selector: idOf(input), value: 'Ada_99' });
    expect(step.message).to.include('it reports "Usernames are lower-case letters only."');
    expect(step.message.split('lower-case').length).to.equal(2);
  });

  it('refuses to type secrets, says to ask the user, never echoes them, and may clear them', async () => {
    const page = await fixture<HTMLElement>(html`
      <form>
        <label>Password <input type="password" value="hunter2" /></label>
        <label>Card number <input autocomplete="cc-number" /></label>
        <label>Code <input autocomplete="one-time-code" /></label>
      </form>
    `);
    const [password, card, code] = page.querySelectorAll('input');
    const steps = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(password!), value: 's3cret!pass' } }],
      [{ tool: 'fill_input', args: { selector: idOf(card!), value: '4111111111111111' } }],
      [{ tool: 'press_key', args: { key: '4', selector: idOf(code!) } }],
      [{ tool: 'clear_input', args: { selector: idOf(password!) } }],
    ]);
    for (const refused of steps.slice(0, 3)) {
      expect(refused.ok).to.equal(false);
      expect(refused.reason).to.equal('not-allowed');
      expect(refused.message).to.include('Ask the user to type it');
    }
    expect(card!.value).to.equal('');
    expect(code!.value).to.equal('');
    expect(steps[3]!.ok).to.equal(true);
    expect(password!.value).to.equal('');
    const replies = (await toolReplies(lane)).join('\n');
    expect(replies).not.to.include('hunter2').and.not.to.include('s3cret').and.not.to.include('4111');
  });

  it('a value the field cuts (maxlength) or drops (wrong date format) is a rejection that says what it holds', async () => {
    const page = await fixture<HTMLElement>(html`<div><label>Zip <input maxlength="5" /></label><label>Day <input type="date" /></label></div>`);
    const [zip, day] = page.querySelectorAll('input');
    const steps = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(zip!), value: '123456789' } }],
      [{ tool: 'fill_input', args: { selector: idOf(day!), value: '14/07/2025' } }],
      [{ tool: 'fill_input', args: { selector: idOf(day!), value: '2025-07-14' } }],
    ]);
    expect(steps[0]!.reason).to.equal('rejected');
    expect(steps[0]!.message).to.include('at most 5 characters').and.to.include('"12345"');
    expect(zip!.value).to.equal('12345');
    expect(steps[1]!.reason).to.equal('rejected');
    expect(steps[1]!.message).to.include('YYYY-MM-DD');
    expect(steps[2]!.ok).to.equal(true);
    expect(day!.value).to.equal('2025-07-14');
  });

  it('a covered button is not clicked: the result names what covers it, which the model can close', async () => {
    const page = await fixture<HTMLElement>(html`
      <div style="position:relative">
        <button id="pay-later" style="width:160px;height:40px">Save draft</button>
        <div id="banner" style="position:fixed;inset:0;background:rgba(0,0,0,.4)">
          <p>We use cookies to improve this site.</p>
          <button id="accept">Accept cookies</button>
        </div>
      </div>
    `);
    const save = page.querySelector<HTMLButtonElement>('#pay-later')!;
    const banner = page.querySelector<HTMLElement>('#banner')!;
    page.querySelector('#accept')!.addEventListener('click', () => banner.remove());
    let saved = 0;
    save.addEventListener('click', () => saved++);
    const steps = await runTurns(lane, [
      [{ tool: 'click', args: { selector: idOf(save) } }],
      [{ tool: 'click', args: { selector: idOf(page.querySelector('#accept')!) } }, { tool: 'click', args: { selector: idOf(save) } }],
    ]);
    expect(steps[0]!.ok).to.equal(false);
    expect(steps[0]!.reason).to.equal('covered');
    expect(steps[0]!.message).to.include(`covered by ${idOf(banner)}`).and.to.include('We use cookies');
    expect(steps[2]!.ok).to.equal(true);
    expect(saved).to.equal(1);
  });

  it('hidden and disabled targets fail with their reason and nothing happens', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <button id="hidden" style="display:none">Secret menu</button>
        <button id="disabled" disabled>Continue</button>
        <label>Locked <input readonly value="fixed" /></label>
      </div>
    `);
    let clicks = 0;
    page.addEventListener('click', () => clicks++);
    const steps = await runTurns(lane, [
      [{ tool: 'click', args: { selector: idOf(page.querySelector('#hidden')!) } }],
      [{ tool: 'click', args: { selector: idOf(page.querySelector('#disabled')!) } }],
      [{ tool: 'fill_input', args: { selector: idOf(page.querySelector('input')!), value: 'changed' } }],
    ]);
    expect(steps.map((step) => step.reason)).to.deep.equal(['hidden', 'disabled', 'not-editable']);
    expect(clicks).to.equal(0);
    expect(page.querySelector('input')!.value).to.equal('fixed');
  });

  it('click reports a checkbox it toggled and a click that changed nothing', async () => {
    const page = await fixture<HTMLElement>(html`<div><label><input type="checkbox" /> Gift wrap</label><button>Inert</button></div>`);
    const steps = await runTurns(lane, [[
      { tool: 'click', args: { selector: idOf(page.querySelector('label')!) } },
      { tool: 'click', args: { selector: idOf(page.querySelector('button')!) } },
    ]]);
    expect(page.querySelector('input')!.checked).to.equal(true);
    expect(steps[0]!.message).to.include('it is now checked');
    expect(steps[1]!.message).to.include('nothing on the page changed');
  });

  it('works inside an open shadow root and a same-origin frame', async () => {
    const page = await fixture<HTMLElement>(html`<div><div id="host"></div><iframe style="width:400px;height:120px"></iframe></div>`);
    const shadow = page.querySelector('#host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<label>Coupon <input></label><button>Apply</button><p></p>';
    shadow.querySelector('button')!.addEventListener('click', () => (shadow.querySelector('p')!.textContent = `Applied ${shadow.querySelector('input')!.value}`));
    const frame = page.querySelector('iframe')!;
    frame.contentDocument!.body.innerHTML = '<form><label>City <input name="city" required></label><button>Go</button></form><p>Not sent</p>';
    const frameDocument = frame.contentDocument!;
    frameDocument.querySelector('form')!.addEventListener('submit', (event) => {
      event.preventDefault();
      frameDocument.querySelector('p')!.textContent = `Going to ${frameDocument.querySelector('input')!.value}`;
    });
    const steps = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(shadow.querySelector('input')!), value: 'SAVE10' } }, { tool: 'click', args: { selector: idOf(shadow.querySelector('button')!) } }],
      [{ tool: 'click', args: { selector: idOf(frameDocument.querySelector('button')!) } }],
      [{ tool: 'fill_input', args: { selector: idOf(frameDocument.querySelector('input')!), value: 'Porto' } }, { tool: 'press_key', args: { key: 'Enter' } }],
    ]);
    expect(shadow.querySelector('p')!.textContent).to.equal('Applied SAVE10');
    expect(steps[2]!.reason).to.equal('invalid');
    expect(steps[2]!.message).to.include('"City"');
    expect(frameDocument.querySelector('p')!.textContent).to.equal('Going to Porto');
    expect(steps[4]!.message).to.include('the form was submitted');
  });

  it('check on a styled checkbox whose real input is hidden clicks the label a user sees', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <label><input type="checkbox" style="display:none" /><span style="display:inline-block;width:30px;height:16px;border:1px solid"></span> Dark mode</label>
        <label><input type="checkbox" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)" /> Compact rows</label>
      </div>
    `);
    const [dark, compact] = page.querySelectorAll('input');
    const changes: string[] = [];
    page.addEventListener('change', (event) => changes.push((event.target as HTMLInputElement).nextSibling?.textContent?.trim() || 'compact'));
    const steps = await runTurns(lane, [[
      { tool: 'check', args: { selector: idOf(dark!) } },
      { tool: 'check', args: { selector: idOf(compact!) } },
    ]]);
    expect([dark!.checked, compact!.checked]).to.deep.equal([true, true]);
    expect(changes).to.have.length(2);
    expect(steps.map((step) => step.message)).to.deep.equal(['input[type=checkbox] "Dark mode" is now checked.', 'input[type=checkbox] "Compact rows" is now checked.']);
  });
});
