// What an action's report says of the popups it opens and closes: a menu that opens is named as
// one, whatever role its list takes, and a popup that closes is a popup closing, not the page
// being replaced. Hand-written pages, driven through the agent.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction } from './fixtures/apps/agent-driver.js';

describe('action reports of popups opening and closing', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  // PrimeVue's TieredMenu pops up a vertical role=menubar list, appended to the body as an overlay.
  it('a menu that opens as a role=menubar list is reported as a menu opening', async () => {
    const page = await fixture<HTMLElement>(html`<div><button aria-haspopup="true">Message actions</button><p>Folder: Inbox</p></div>`);
    const button = page.querySelector('button')!;
    button.addEventListener('click', () => {
      const menu = document.createElement('div');
      menu.innerHTML = '<ul role="menubar" aria-orientation="vertical"><li role="menuitem">Reply</li><li role="menuitem">Forward</li><li role="menuitem" aria-haspopup="menu">Move to</li></ul>';
      page.append(menu);
    });
    const step = await runAction(lane, 'click', { selector: idOf(button) });
    expect(step.ok, step.message).to.equal(true);
    expect(step.message).to.match(/menu \(3 items\) opened/);
  });

  it('a long list popup that closes on the pick is not reported as the page replaced', async () => {
    const cities = Array.from({ length: 40 }, (_, index) => `City ${index + 1}`);
    const page = await fixture<HTMLElement>(html`<div>
      <p>Destination: <span>none</span></p>
      <div class="popup"><ul role="listbox" aria-label="Cities">${cities.map((city) => html`<li role="option"><span>${city}</span></li>`)}</ul></div>
    </div>`);
    const popup = page.querySelector('.popup')!;
    const option = page.querySelectorAll('[role=option]')[2]!;
    option.addEventListener('click', () => {
      page.querySelector('span')!.textContent = option.textContent!;
      popup.remove();
    });
    const step = await runAction(lane, 'click', { selector: idOf(option) });
    expect(step.ok, step.message).to.equal(true);
    expect(step.message).to.include('closed');
    expect(step.message).not.to.match(/of the page was replaced/);
  });

  it('a page whose content is swapped out is still reported as replaced', async () => {
    const page = await fixture<HTMLElement>(html`<div><button>Next page</button><section>${Array.from({ length: 40 }, (_, index) => html`<p><span>Row ${index}</span></p>`)}</section></div>`);
    const button = page.querySelector('button')!;
    button.addEventListener('click', () => {
      page.querySelector('section')!.replaceWith(Object.assign(document.createElement('section'), { innerHTML: '<p>Page two</p>'.repeat(40) }));
    });
    const step = await runAction(lane, 'click', { selector: idOf(button) });
    expect(step.message).to.match(/\d+% of the page was replaced/);
  });
});
