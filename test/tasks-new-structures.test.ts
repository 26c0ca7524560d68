// Whole visitor tasks on page structures of everyday apps (boards, calendars, wizards, sortable and
// paged tables, threads, filters, stacked modals, sticky headers): a model that reads only the dump
// (test/support/task-model.ts) must find the control the task needs, and the page must show it done.
import { expect } from '@open-wc/testing';
import { idAfter, idFor, idNear, mountPage, runTask } from './support/task-model.js';

const clickOn = (selector: string) => ({ tool: 'click', args: { selector } });
const fill = (selector: string, value: string) => ({ tool: 'fill_input', args: { selector, value } });
const say = (text: string) => ({ narrate: text });

describe('whole tasks on everyday app structures', function () {
  this.timeout(60_000);

  it('a kanban board: moves a card to Done by its menu, not by dragging', async () => {
    const cards: Record<string, string> = { 'Fix login bug': 'To do', 'Write release notes': 'To do', 'Update logo': 'Doing' };
    const root = await mountPage('<div id="board" style="display:flex;gap:16px"></div>');
    const render = () => {
      root.querySelector('#board')!.innerHTML = ['To do', 'Doing', 'Done'].map((column) => `<section style="width:200px"><h2>${column}</h2>${Object.entries(cards).filter(([, at]) => at === column)
        .map(([title]) => `<div class="card" draggable="true" style="border:1px solid;padding:4px;margin:4px"><p>${title}</p><button aria-label="Card actions" aria-haspopup="menu" data-card="${title}">⋯</button></div>`).join('')}</section>`).join('')
        + '<div id="menu" role="menu" hidden style="position:fixed;top:10px;right:10px;background:white;border:1px solid">'
        + ['To do', 'Doing', 'Done'].map((column) => `<button role="menuitem" data-to="${column}">Move to ${column}</button>`).join('') + '</div>';
    };
    render();
    let open = '';
    root.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      if (target.dataset.card) {
        open = target.dataset.card;
        root.querySelector<HTMLElement>('#menu')!.hidden = false;
      } else if (target.dataset.to && open) {
        cards[open] = target.dataset.to;
        render();
      }
    });
    await runTask('Move "Fix login bug" to Done', (dump, turn) => {
      // Each card's name is followed by its own menu button.
      if (turn === 0) return [clickOn(idAfter(dump, 'Fix login bug', 'Card actions'))];
      if (turn === 1) return [clickOn(idFor(dump, 'Move to Done'))];
      return null;
    });
    expect(cards).to.deep.equal({ 'Fix login bug': 'Done', 'Write release notes': 'To do', 'Update logo': 'Doing' });
  });

  it('a calendar month grid: picks the 14th', async () => {
    const days = Array.from({ length: 35 }, (_, index) => index - 2);
    const root = await mountPage(`<h2>March 2026</h2><table role="grid"><thead><tr>${['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((day) => `<th>${day}</th>`).join('')}</tr></thead><tbody>
      ${Array.from({ length: 5 }, (_, week) => `<tr>${days.slice(week * 7, week * 7 + 7).map((day) => (day < 1 || day > 31 ? '<td></td>' : `<td><button data-day="${day}">${day}</button></td>`)).join('')}</tr>`).join('')}
      </tbody></table><p id="picked">No date</p>`);
    root.addEventListener('click', (event) => {
      const day = (event.target as HTMLElement).dataset.day;
      if (day) root.querySelector('#picked')!.textContent = `Picked March ${day}`;
    });
    await runTask('Pick the 14th', (dump, turn) => {
      if (turn > 0) return null;
      const id = /(\[[a-z0-9]+\])<button>14(?!\d)/.exec(dump)?.[1];
      if (!id) throw new Error(`No 14 in:\n${dump}`);
      return [clickOn(id)];
    });
    expect(root.querySelector('#picked')!.textContent).to.equal('Picked March 14');
  });

  it('a wizard with Back/Next whose first step validates: fixes the error, then finishes', async () => {
    const root = await mountPage('<form id="wizard" novalidate onsubmit="return false"></form><p id="result"></p>');
    const data: Record<string, string> = { name: '', plan: 'Basic' };
    let step = 0;
    const render = (error = '') => {
      const body = step === 0
        ? `<h2>Step 1 of 2: Your details</h2><label>Full name <input name="name" value="${data.name}"></label>${error ? `<p role="alert">${error}</p>` : ''}<button type="button" id="next">Next</button>`
        : `<h2>Step 2 of 2: Plan</h2><label>Plan <select name="plan">${['Basic', 'Pro'].map((plan) => `<option ${plan === data.plan ? 'selected' : ''}>${plan}</option>`).join('')}</select></label><button type="button" id="back">Back</button> <button type="button" id="finish">Finish</button>`;
      root.querySelector('#wizard')!.innerHTML = body;
    };
    render();
    root.addEventListener('input', (event) => (data[(event.target as HTMLInputElement).name] = (event.target as HTMLInputElement).value));
    root.addEventListener('change', (event) => (data[(event.target as HTMLInputElement).name] = (event.target as HTMLInputElement).value));
    root.addEventListener('click', (event) => {
      const id = (event.target as HTMLElement).id;
      if (id === 'next') {
        if (!data.name.trim()) return render('Please enter your name');
        step = 1;
        render();
      } else if (id === 'back') {
        step = 0;
        render();
      } else if (id === 'finish') root.querySelector('#result')!.textContent = `Signed up ${data.name} on ${data.plan}`;
    });
    await runTask('Sign me up for the Pro plan', (dump, turn) => {
      if (dump.includes('Signed up')) return null;
      if (dump.includes('Please enter your name')) return [fill(idFor(dump, 'Full name'), 'Ada Lovelace'), clickOn(idFor(dump, 'Next'))];
      if (dump.includes('Step 1 of 2')) return [clickOn(idFor(dump, 'Next'))];
      if (dump.includes('Step 2 of 2')) return [{ tool: 'select_option', args: { selector: idFor(dump, 'label: Plan'), option: 'Pro' } }, clickOn(idFor(dump, 'Finish'))];
      return turn > 6 ? null : [];
    });
    expect(root.querySelector('#result')!.textContent).to.equal('Signed up Ada Lovelace on Pro');
  });

  it('a table sorted by its header buttons: sorts by price, highest first, and names the top item', async () => {
    const items = [['Kettle', 40], ['Toaster', 25], ['Blender', 90], ['Mixer', 60]] as const;
    const root = await mountPage('<table id="t"></table>');
    let sort: 'none' | 'ascending' | 'descending' = 'none';
    const render = () => {
      const rows = [...items].sort((a, b) => (sort === 'none' ? 0 : sort === 'ascending' ? a[1] - b[1] : b[1] - a[1]));
      root.querySelector('#t')!.innerHTML = `<thead><tr><th>Item</th><th aria-sort="${sort}"><button id="price">Price</button></th></tr></thead><tbody>${rows.map(([name, price]) => `<tr><td>${name}</td><td>$${price}</td></tr>`).join('')}</tbody>`;
    };
    render();
    root.addEventListener('click', (event) => {
      if ((event.target as HTMLElement).id !== 'price') return;
      sort = sort === 'ascending' ? 'descending' : 'ascending';
      render();
    });
    let told = false;
    const run = await runTask('Sort by price, most expensive first, and tell me which is top', (dump, turn) => {
      if (told || turn > 5) return null;
      const prices = [...dump.matchAll(/\| (\w+) \| \$(\d+) \|/g)].map((match) => [match[1]!, Number(match[2])] as const);
      if (prices.length === 4 && prices.every((row, index) => index === 0 || prices[index - 1]![1] >= row[1])) {
        told = true;
        return [say(`Sorted: ${prices[0]![0]} is the most expensive.`)];
      }
      return [clickOn(idFor(dump, 'Price'))];
    });
    expect(sort).to.equal('descending');
    expect(run.narrated.at(-1)).to.equal('Sorted: Blender is the most expensive.');
  });
  it('pagination: goes to page 3 and opens the item found there', async () => {
    const root = await mountPage('<h1>Catalogue</h1><ul id="items"></ul><nav aria-label="Pagination" id="pages"></nav><p id="opened">Nothing open</p>');
    let page = 1;
    const render = () => {
      root.querySelector('#items')!.innerHTML = Array.from({ length: 10 }, (_, index) => (page - 1) * 10 + index + 1).map((n) => `<li><a href="#item-${n}" data-item="${n}">Item ${n}</a></li>`).join('');
      root.querySelector('#pages')!.innerHTML = [1, 2, 3, 4].map((n) => `<a href="#page-${n}" data-page="${n}" ${n === page ? 'aria-current="page"' : ''}>${n}</a>`).join(' ') + ' <a href="#next" data-page="next">Next</a>';
    };
    render();
    root.addEventListener('click', (event) => {
      const link = (event.target as HTMLElement).closest('a');
      if (!link) return;
      event.preventDefault();
      if (link.dataset.page) {
        page = link.dataset.page === 'next' ? page + 1 : Number(link.dataset.page);
        render();
      } else root.querySelector('#opened')!.textContent = `Opened ${link.textContent}`;
    });
    await runTask('Go to page 3 and open item 25', (dump) => {
      if (dump.includes('Opened Item 25')) return null;
      if (dump.includes('Item 25')) return [clickOn(idFor(dump, 'Item 25'))];
      const pageThree = /(\[[a-z0-9]+\])<a[^>]*>3(?!\d)/.exec(dump)?.[1];
      if (!pageThree) throw new Error(`No page 3 link in:\n${dump}`);
      return [clickOn(pageThree)];
    });
    expect(root.querySelector('#opened')!.textContent).to.equal('Opened Item 25');
  });

  it('a chat thread: replies to the named message, not to its neighbour', async () => {
    const messages = [['Ann', 'Morning all'], ['Bob', 'Lunch at noon?'], ['Cy', 'Deploy is done']];
    const root = await mountPage(`<div role="log" aria-label="Team chat">${messages.map(([who, text], index) => `<div class="msg" style="display:flex;gap:8px"><b>${who}</b><p>${text}</p><button aria-label="Reply" data-msg="${index}">↩</button></div>`).join('')}</div><p id="replying">Not replying</p>`);
    root.addEventListener('click', (event) => {
      const msg = (event.target as HTMLElement).closest<HTMLElement>('[data-msg]')?.dataset.msg;
      if (msg) root.querySelector('#replying')!.textContent = `Replying to ${messages[Number(msg)]![0]}`;
    });
    await runTask("Reply to Bob's lunch message", (dump, turn) => (turn === 0 ? [clickOn(idAfter(dump, 'Lunch at noon?', 'Reply'))] : null));
    expect(root.querySelector('#replying')!.textContent).to.equal('Replying to Bob');
  });

  it('a filters sidebar whose options carry counts: ticks Red (12)', async () => {
    const colours = [['Red', 12], ['Green', 3], ['Blue', 7]] as const;
    const root = await mountPage(`<aside aria-label="Filters"><h3>Colour</h3>${colours.map(([name, count]) => `<label><input type="checkbox" name="colour" value="${name}"> ${name} <span class="count">(${count})</span></label><br>`).join('')}</aside>`);
    await runTask('Only show red ones', (dump, turn) => (turn === 0 ? [{ tool: 'check', args: { selector: idFor(dump, 'Red'), checked: true } }] : null));
    expect([...root.querySelectorAll<HTMLInputElement>('input:checked')].map((box) => box.value)).to.deep.equal(['Red']);
  });

  it('two forms that both have Email and Submit: fills and sends the contact one', async () => {
    const root = await mountPage(`<section><h2>Newsletter</h2><form id="news"><label>Email <input name="email"></label> <button>Submit</button></form></section>
      <section><h2>Contact us</h2><form id="contact"><label>Email <input name="email"></label><label>Message <textarea name="message"></textarea></label> <button>Submit</button></form></section><p id="sent"></p>`);
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      root.querySelector('#sent')!.textContent = `${form.id}: ${new FormData(form).get('email')}`;
    });
    await runTask('Ask support about my order; my email is ada@example.com', (dump, turn) =>
      // The heading is followed by its form: reading on from it, as a model reads a page.
      turn === 0 ? [fill(idAfter(dump, 'Contact us', 'Email'), 'ada@example.com'), fill(idAfter(dump, 'Contact us', 'Message'), 'Where is my order?'), clickOn(idAfter(dump, 'Contact us', 'Submit'))] : null);
    expect(root.querySelector('#sent')!.textContent).to.equal('contact: ada@example.com');
  });

  it('a settings page of switches whose labels sit in a separate column: turns on the right one', async () => {
    const settings = ['Email notifications', 'SMS alerts', 'Weekly digest'];
    const root = await mountPage(`<h1>Settings</h1><div style="display:grid;grid-template-columns:200px 60px;gap:8px">${settings.map((name, index) => `<div id="s${index}">${name}</div><div><button role="switch" aria-checked="false" aria-labelledby="s${index}" data-setting="${name}" style="width:40px;height:20px"></button></div>`).join('')}</div>`);
    root.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest<HTMLElement>('[role=switch]');
      if (button) button.setAttribute('aria-checked', String(button.getAttribute('aria-checked') !== 'true'));
    });
    await runTask('Turn on SMS alerts', (dump, turn) => (turn === 0 ? [clickOn(idFor(dump, 'SMS alerts'))] : null));
    expect([...root.querySelectorAll('[role=switch]')].map((button) => button.getAttribute('aria-checked'))).to.deep.equal(['false', 'true', 'false']);
  });

  it('a comparison table of check-mark icons: tells which plans include SSO', async () => {
    const yes = '<svg role="img" aria-label="Included" width="16" height="16"><path d="M2 8l4 4 8-8" stroke="green" fill="none"/></svg>';
    const no = '<svg role="img" aria-label="Not included" width="16" height="16"><path d="M3 3l10 10M13 3L3 13" stroke="red"/></svg>';
    await mountPage(`<table><thead><tr><th>Feature</th><th>Free</th><th>Team</th><th>Enterprise</th></tr></thead><tbody>
      <tr><td>Projects</td><td>${yes}</td><td>${yes}</td><td>${yes}</td></tr><tr><td>SSO</td><td>${no}</td><td>${no}</td><td>${yes}</td></tr></tbody></table>`);
    const run = await runTask('Which plans include SSO?', (dump, turn) => {
      if (turn > 0) return null;
      const row = dump.split('\n').find((line) => line.includes('| SSO |'));
      if (!row) throw new Error(`No SSO row in:\n${dump}`);
      const plans = ['Free', 'Team', 'Enterprise'].filter((_, index) => !row.split('|').slice(2)[index]!.includes('Not included') && row.split('|').slice(2)[index]!.includes('Included'));
      return [say(`SSO comes with: ${plans.join(', ')}`)];
    });
    expect(run.narrated.at(-1)).to.equal('SSO comes with: Enterprise');
  });

  it('card titles cut by text-overflow: ellipsis, the full name in title: opens the right card', async () => {
    const names = ['Ultralight Carbon Trekking Poles (Pair)', 'Ultralight Carbon Tent Stakes (Set of 8)'];
    const root = await mountPage(`<div style="display:flex;gap:8px">${names.map((name, index) => `<article style="width:140px"><h3 title="${name}" style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${name}</h3><button data-card="${index}">View</button></article>`).join('')}</div><p id="viewing"></p>`);
    root.addEventListener('click', (event) => {
      const card = (event.target as HTMLElement).dataset.card;
      if (card) root.querySelector('#viewing')!.textContent = `Viewing ${names[Number(card)]}`;
    });
    await runTask('Show me the tent stakes', (dump, turn) => (turn === 0 ? [clickOn(idAfter(dump, 'Tent Stakes', 'View'))] : null));
    expect(root.querySelector('#viewing')!.textContent).to.equal(`Viewing ${names[1]}`);
  });

  it('a modal opened over another modal: confirms in the top one', async () => {
    const root = await mountPage(`<button id="open">Edit profile</button><p id="state">Profile unchanged</p>
      <dialog id="edit"><h2>Edit profile</h2><button id="del">Delete photo</button> <button id="close1">Close</button></dialog>
      <dialog id="sure"><h2>Are you sure?</h2><p>The photo will be removed.</p><button id="yes">Yes, remove</button> <button id="close2">Cancel</button></dialog>`);
    const edit = root.querySelector<HTMLDialogElement>('#edit')!;
    const sure = root.querySelector<HTMLDialogElement>('#sure')!;
    edit.showModal();
    root.addEventListener('click', (event) => {
      const id = (event.target as HTMLElement).id;
      if (id === 'del') sure.showModal();
      if (id === 'yes') {
        sure.close();
        root.querySelector('#state')!.textContent = 'Photo removed';
      }
    });
    try {
      await runTask('Remove my profile photo', (dump) => {
        if (dump.includes('Photo removed')) return null;
        if (dump.includes('Are you sure?')) return [clickOn(idFor(dump, 'Yes, remove'))];
        return [clickOn(idFor(dump, 'Delete photo'))];
      });
      expect(root.querySelector('#state')!.textContent).to.equal('Photo removed');
    } finally {
      sure.close();
      edit.close();
    }
  });

  it('a sticky header that covers the target after scrolling: the click still lands on it', async () => {
    const root = await mountPage(`<header style="position:sticky;top:0;height:120px;background:#eee;z-index:5">Shop header</header>
      ${Array.from({ length: 30 }, (_, index) => `<p style="height:60px;margin:0">Row ${index} <button data-row="${index}">Buy ${index}</button></p>`).join('')}<p id="bought">Nothing bought</p>`);
    root.querySelector('[data-row="12"]')!.scrollIntoView({ block: 'start' });
    root.addEventListener('click', (event) => {
      const row = (event.target as HTMLElement).dataset.row;
      if (row) root.querySelector('#bought')!.textContent = `Bought ${row}`;
    });
    await runTask('Buy number 12', (dump, turn) => (turn === 0 ? [clickOn(idFor(dump, 'Buy 12'))] : null));
    expect(root.querySelector('#bought')!.textContent).to.equal('Bought 12');
  });

  it('breadcrumbs: goes up to the category', async () => {
    const root = await mountPage(`<nav aria-label="Breadcrumb"><ol style="display:flex;list-style:none;gap:4px"><li><a href="#home">Home</a> ›</li><li><a href="#electronics">Electronics</a> ›</li><li><a href="#phones">Phones</a> ›</li><li aria-current="page">Pixel 9</li></ol></nav><h1>Pixel 9</h1><a href="#electronics-ad">Electronics deals</a><p id="went"></p>`);
    root.addEventListener('click', (event) => {
      const link = (event.target as HTMLElement).closest('a');
      if (!link) return;
      event.preventDefault();
      root.querySelector('#went')!.textContent = link.getAttribute('href')!;
    });
    await runTask('Take me back to the Electronics category', (dump, turn) => (turn === 0 ? [clickOn(idNear(dump, 'Home', 'Electronics'))] : null));
    expect(root.querySelector('#went')!.textContent).to.equal('#electronics');
  });
});
