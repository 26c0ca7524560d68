// The agent's own listeners leave the page as the model sees it. The effect guard listens on every
// node a click or a submit passes (to judge a link or form the page re-points during the event);
// the snapshot takes a node that got a click listener as a sign the page made it clickable. When
// the guard's listeners went through the page's addEventListener, every ancestor of a clicked
// button (the form, main) read as clickable from the next dump on, and the form's container line
// was gone: a model that looks for the form around a field found none (the eval's register task).
import { expect, fixture, html } from '@open-wc/testing';
import { clickOn, domOf, driveFromDump } from './support/dump-driver.js';

/** The element lines of a dump (id, tag and attributes up to the first value), without values. */
const elementsOf = (dump: string) =>
  domOf(dump)
    .split('\n')
    .filter((line) => /\[[a-z0-9]+\]</.test(line))
    .map((line) => line.replace(/ value="[^"]*"| invalid| checked/g, '').trim());

describe("the agent's own listeners", function () {
  this.timeout(30_000);

  it('a submit the page handles and a link it routes leave every container and clickable as they were', async () => {
    const page = await fixture<HTMLElement>(html`
      <main>
        <nav><a href="/guide" id="guide">Guide</a></nav>
        <form aria-label="Registration" novalidate>
          <label>Full name <input name="name" /></label>
          <section class="row"><label>Company <input name="company" /></label></section>
          <button type="submit">Register</button>
        </form>
        <p id="said"></p>
      </main>`);
    page.querySelector('#guide')!.addEventListener('click', (event) => {
      event.preventDefault();
      page.querySelector('#said')!.textContent = 'Guide opened';
    });
    page.querySelector('form')!.addEventListener('submit', (event) => {
      event.preventDefault();
      page.querySelector('#said')!.textContent = 'Please fix the fields marked below.';
    });
    const { dumps, steps } = await driveFromDump([clickOn('Guide'), clickOn('Register'), () => undefined]);
    expect(steps.map((step) => step.ok), 'both clicks ran').to.deep.equal([true, true]);
    expect(dumps[2], 'the page handled both').to.include('Please fix the fields marked below.');
    expect(dumps[0], 'the form is a container the model sees').to.match(/\[[a-z0-9]+\]<form/);
    expect(elementsOf(dumps[1]!), 'after the link').to.deep.equal(elementsOf(dumps[0]!));
    expect(elementsOf(dumps[2]!), 'after the submit').to.deep.equal(elementsOf(dumps[0]!));
  });
});
