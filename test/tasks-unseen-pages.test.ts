// Whole visitor tasks on page structures the snapshot was not tuned on: a model that reads only the
// dump (test/support/task-model.ts) must be able to tell which control the task needs and reach it,
// and the visitor must see the task done on the page.
import { expect } from '@open-wc/testing';
import { idAfter, idFor, idNear, mountPage, runTask } from './support/task-model.js';

const clickOn = (selector: string) => ({ tool: 'click', args: { selector } });
const fill = (selector: string, value: string) => ({ tool: 'fill_input', args: { selector, value } });

describe('whole tasks on pages we had not tried', function () {
  this.timeout(60_000);

  it('an admin table of 200 rows, each with Edit and Delete: edits the invoice for Acme, not a neighbour', async () => {
    const names = Array.from({ length: 200 }, (_, index) => (index === 150 ? 'Acme Corp' : `Customer ${String(index).padStart(3, '0')}`));
    const root = await mountPage(`<h1>Invoices</h1><p id="editing">Nothing open</p>
      <table><thead><tr><th>Customer</th><th>Total</th><th>Actions</th></tr></thead><tbody>
      ${names.map((name, index) => `<tr><td>${name}</td><td>$${index * 7}</td><td><button data-row="${name}">Edit</button> <button>Delete</button></td></tr>`).join('')}
      </tbody></table>`);
    root.addEventListener('click', (event) => {
      const row = (event.target as HTMLElement).dataset.row;
      if (row) root.querySelector('#editing')!.textContent = `Editing invoice of ${row}`;
    });
    const run = await runTask('Edit the invoice for Acme', (dump, turn) => {
      if (turn > 0) return null;
      // The row may be past the cut of a capped dump; a model scrolls to find it.
      return [clickOn(idNear(dump, 'Acme Corp', 'Edit'))];
    });
    expect(root.querySelector('#editing')!.textContent).to.equal('Editing invoice of Acme Corp');
    expect(run.asked, 'editing asks nothing').to.deep.equal([]);
  });

  it('a virtualised list (only the rows in view exist): scrolls the list until the order appears, then opens it', async () => {
    const root = await mountPage(`<h1>Orders</h1><p id="opened">No order open</p>
      <div id="viewport" style="height:300px;overflow:auto;position:relative;border:1px solid"><div id="spacer" style="height:40000px;position:relative"></div></div>`);
    const viewport = root.querySelector<HTMLElement>('#viewport')!;
    const render = () => {
      const first = Math.floor(viewport.scrollTop / 40);
      root.querySelector('#spacer')!.innerHTML = Array.from({ length: 10 }, (_, offset) => first + offset)
        .map((index) => `<div style="position:absolute;top:${index * 40}px;height:40px"><button data-order="${index}">Order #${String(index).padStart(4, '0')}</button> placed by customer ${index}</div>`).join('');
    };
    render();
    viewport.addEventListener('scroll', render);
    viewport.addEventListener('click', (event) => {
      const order = (event.target as HTMLElement).dataset.order;
      if (order) root.querySelector('#opened')!.textContent = `Order ${order} open`;
    });
    await runTask('Open order 0042', (dump) => {
      if (!dump.includes('No order open')) return null;
      if (dump.includes('Order #0042')) return [clickOn(idFor(dump, 'Order #0042'))];
      return [{ tool: 'scroll_to', args: { direction: 'down', container: idFor(dump, 'scrollable=') } }];
    });
    expect(root.querySelector('#opened')!.textContent).to.equal('Order 42 open');
  });

  it('a "Load more" list fed by a slow fetch: loads until the product shows, then adds it to the cart', async () => {
    const products = ['Anvil', 'Bucket', 'Candle', 'Drum', 'Easel', 'Fan', 'Globe', 'Hammock', 'Iron', 'Jug', 'Kettle', 'Ladder', 'Mirror', 'Net', 'Oven', 'Pan', 'Quilt', 'Rug', 'Sofa', 'Table', 'Urn', 'Vase', 'Wok', 'Xylophone', 'Yoyo', 'Zephyr lamp'];
    const root = await mountPage(`<p id="cart">Cart: empty</p><ul id="list"></ul><button id="more">Load more</button>`);
    let shown = 0;
    const loadMore = () => {
      const batch = products.slice(shown, shown + 8);
      shown += batch.length;
      root.querySelector('#list')!.insertAdjacentHTML('beforeend', batch.map((name) => `<li><span>${name}</span> <button data-product="${name}">Add to cart</button></li>`).join(''));
      if (shown >= products.length) root.querySelector('#more')?.remove();
    };
    loadMore();
    root.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      if (target.id === 'more') setTimeout(loadMore, 150);
      if (target.dataset.product) root.querySelector('#cart')!.textContent = `Cart: ${target.dataset.product}`;
    });
    await runTask('Add the Zephyr lamp to my cart', (dump) => {
      if (dump.includes('Cart: Zephyr lamp')) return null;
      // Each name is followed by its own button: the dump gives no grouping, reading on does.
      if (dump.includes('Zephyr lamp')) return [clickOn(idAfter(dump, 'Zephyr lamp', 'Add to cart'))];
      return [clickOn(idFor(dump, 'Load more'))];
    });
    expect(root.querySelector('#cart')!.textContent).to.equal('Cart: Zephyr lamp');
  });

  // Read in order, each "☆" would sit under the item before it: an item that opens with a wordless
  // control prints as one row, as a table row does.
  it('a list whose items put their control before the name: stars the right restaurant', async () => {
    const places = ["Anna's Deli", "Bob's Pizza", 'Chez Carla', 'Dino Diner'];
    const root = await mountPage(`<h2>Nearby</h2><ul style="list-style:none">${places.map((name) => `<li><button aria-label="Add to favourites" data-place="${name}">☆</button> <strong>${name}</strong> <small>4.5 stars · 1 km</small></li>`).join('')}</ul><p id="favourites">No favourites</p>`);
    root.addEventListener('click', (event) => {
      const place = (event.target as HTMLElement).closest<HTMLElement>('[data-place]')?.dataset.place;
      if (place) root.querySelector('#favourites')!.textContent = `Favourites: ${place}`;
    });
    await runTask("Add Bob's Pizza to my favourites", (dump, turn) => (turn === 0 ? [clickOn(idNear(dump, "Bob's Pizza", 'Add to favourites'))] : null));
    expect(root.querySelector('#favourites')!.textContent).to.equal("Favourites: Bob's Pizza");
  });

  it('a table whose rows end in icon buttons named only by aria-label: deletes the right invoice, after asking', async () => {
    const root = await mountPage(`<table><thead><tr><th>Invoice</th><th>Customer</th><th></th></tr></thead><tbody>${['Acme', 'Globex', 'Initech'].map((name, index) => `<tr><td>#${index + 1}</td><td>${name}</td><td><button aria-label="Edit invoice">✎</button> <button aria-label="Delete invoice" data-customer="${name}">🗑</button></td></tr>`).join('')}</tbody></table>`);
    root.addEventListener('click', (event) => {
      const name = (event.target as HTMLElement).closest<HTMLElement>('[data-customer]')?.dataset.customer;
      if (name) [...root.querySelectorAll('tbody tr')].find((row) => row.textContent!.includes(name))!.remove();
    });
    const run = await runTask("Delete Globex's invoice", (dump, turn) => (turn === 0 ? [clickOn(idNear(dump, 'Globex', 'Delete invoice'))] : null));
    expect([...root.querySelectorAll<HTMLTableRowElement>('tbody tr')].map((row) => row.cells[1]!.textContent)).to.deep.equal(['Acme', 'Initech']);
    expect(run.asked, 'the visitor was asked first').to.have.length(1);
  });

  // A menu that opens on CSS :hover alone cannot be opened by script events (no script sets
  // :hover); the hover action tells the model so and a click on the trigger follows its link.
  for (const [kind, enter, leave, delay] of [
    ['opens on mouseenter', 'mouseenter', 'mouseleave', 0],
    ['opens on pointerenter after a hover-intent delay', 'pointerenter', 'pointerleave', 250],
  ] as const) {
    it(`a mega menu that ${kind}: hovers the menu, then picks the item`, async () => {
      const root = await mountPage(`<nav><ul style="display:flex;gap:20px;list-style:none">
        <li class="mega"><a href="#products">Products</a><div class="panel" hidden style="gap:30px"><section><h4>Computers</h4><a href="#laptops">Laptops</a> <a href="#desktops">Desktops</a></section><section><h4>Mobile</h4><a href="#phones">Phones</a></section></div></li>
        <li><a href="#support">Support</a></li></ul></nav><p id="chosen">Home</p>`);
      const mega = root.querySelector('.mega')!;
      const panel = root.querySelector<HTMLElement>('.panel')!;
      let timer: ReturnType<typeof setTimeout> | undefined;
      mega.addEventListener(enter, () => (timer = setTimeout(() => (panel.hidden = false), delay)));
      mega.addEventListener(leave, () => {
        clearTimeout(timer);
        panel.hidden = true;
      });
      root.addEventListener('click', (event) => {
        const link = (event.target as HTMLElement).closest('a');
        if (!link) return;
        event.preventDefault();
        root.querySelector('#chosen')!.textContent = link.textContent!;
      });
      await runTask('Show me the phones', (dump, turn) => {
        if (turn === 0) return [{ tool: 'hover', args: { selector: idFor(dump, 'Products') } }];
        return turn === 1 && dump.includes('Phones') ? [clickOn(idFor(dump, 'Phones'))] : null;
      });
      expect(root.querySelector('#chosen')!.textContent).to.equal('Phones');
    });
  }

  it('a nav whose submenu shows on CSS li:hover alone: hovers, learns the hidden links, goes to the one asked for', async () => {
    await mountPage(`<style>.css-nav .sub{display:none;position:absolute} .css-nav li:hover > .sub{display:block}</style>
      <nav class="css-nav"><ul style="display:flex;gap:20px;list-style:none"><li><a href="#products">Products</a><ul class="sub"><li><a href="#laptops">Laptops</a></li><li><a href="#phones">Phones</a></li></ul><a href="#secret" style="display:none">Hidden otherwise</a></li>
      <li><a href="#support">Support</a></li></ul></nav>`);
    const start = location.href;
    try {
      const run = await runTask('Show me the phones', (dump, turn, results) => {
        if (turn === 0) return [{ tool: 'hover', args: { selector: idFor(dump, 'Products') } }];
        // Only a fragment of this page: a test page that loads another is lost.
        const link = /"Phones" (#[\w-]+)/.exec(results)?.[1];
        return turn === 1 && link ? [{ tool: 'navigate', args: { url: link } }] : null;
      });
      expect(location.hash).to.equal('#phones');
      expect(run.replies.join('\n'), 'a link no :hover rule shows is not read').not.to.include('Hidden otherwise');
    } finally {
      history.replaceState(null, '', start);
    }
  });

  it('a cookie-consent wall over the page: dismisses it, then signs up', async () => {
    const root = await mountPage(`<main><h1>News</h1><label>Email <input id="email" type="email"></label> <button id="signup">Sign up</button><p id="thanks"></p></main>
      <div id="wall" style="position:fixed;inset:0;background:rgba(0,0,0,.7);z-index:100;display:grid;place-items:center">
        <div role="dialog" aria-label="Cookies" style="background:white;padding:20px"><p>We use cookies to improve the site.</p><button id="accept">Accept all</button> <button id="reject">Reject all</button></div></div>`);
    root.querySelector('#reject')!.addEventListener('click', () => root.querySelector('#wall')!.remove());
    root.querySelector('#signup')!.addEventListener('click', () => {
      root.querySelector('#thanks')!.textContent = `Thanks, ${root.querySelector<HTMLInputElement>('#email')!.value}`;
    });
    await runTask('Sign me up with ana@example.com, and refuse the cookies', (dump, turn) => {
      if (turn === 0) return [clickOn(idFor(dump, 'Reject all'))];
      if (turn === 1) return [fill(idFor(dump, 'Email'), 'ana@example.com'), clickOn(idFor(dump, 'Sign up'))];
      return null;
    });
    expect(root.querySelector('#wall'), 'the wall is gone').to.equal(null);
    expect(root.querySelector('#thanks')!.textContent).to.equal('Thanks, ana@example.com');
  });

  it('tabs whose inactive panels are hidden: opens the tab, then turns on the setting in it', async () => {
    const root = await mountPage(`<div role="tablist"><button role="tab" aria-selected="true" aria-controls="p1" id="t1">Profile</button><button role="tab" aria-selected="false" aria-controls="p2" id="t2">Security</button></div>
      <div role="tabpanel" id="p1" aria-labelledby="t1"><label>Name <input></label> <label><input type="checkbox" id="news"> Email me news</label></div>
      <div role="tabpanel" id="p2" aria-labelledby="t2" hidden><label><input type="checkbox" id="twofactor"> Two-factor sign-in</label></div>`);
    for (const tab of root.querySelectorAll<HTMLElement>('[role=tab]')) {
      tab.addEventListener('click', () => {
        for (const other of root.querySelectorAll<HTMLElement>('[role=tab]')) {
          other.setAttribute('aria-selected', String(other === tab));
          root.querySelector<HTMLElement>(`#${other.getAttribute('aria-controls')}`)!.hidden = other !== tab;
        }
      });
    }
    await runTask('Turn on two-factor sign-in', (dump, turn) => {
      if (turn === 0) return dump.includes('Two-factor') ? null : [clickOn(idFor(dump, 'Security'))];
      return turn === 1 ? [{ tool: 'check', args: { selector: idFor(dump, 'Two-factor') } }] : null;
    });
    expect(root.querySelector<HTMLInputElement>('#twofactor')!.checked).to.equal(true);
    expect(root.querySelector<HTMLInputElement>('#news')!.checked, 'the other tab is untouched').to.equal(false);
  });

  it('an accordion of <details> and a disclosure button: opens the section, then uses what was inside', async () => {
    const root = await mountPage(`<h2>Help</h2><h3><button aria-expanded="false" aria-controls="a1" id="d1">Shipping</button></h3><div id="a1" hidden>Ships in 3 days. <button id="track">Track a parcel</button></div>
      <details><summary>Returns</summary><p>30 day returns.</p><button id="return">Start a return</button></details><p id="done"></p>`);
    root.querySelector('#d1')!.addEventListener('click', (event) => {
      const button = event.currentTarget as HTMLElement;
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      root.querySelector<HTMLElement>('#a1')!.hidden = !open;
    });
    for (const id of ['track', 'return']) root.querySelector(`#${id}`)!.addEventListener('click', (event) => (root.querySelector('#done')!.textContent = (event.target as HTMLElement).textContent));
    await runTask('Track my parcel, then start a return', (dump, turn) => {
      if (turn === 0) return [clickOn(idFor(dump, 'Shipping')), clickOn(idFor(dump, 'Returns'))];
      if (turn === 1) return [clickOn(idFor(dump, 'Track a parcel'))];
      if (turn === 2) return [clickOn(idFor(dump, 'Start a return'))];
      return null;
    });
    expect(root.querySelector('#done')!.textContent).to.equal('Start a return');
  });

  it('a carousel whose off-screen slides are aria-hidden: moves to the slide, then follows its link', async () => {
    const slides = ['Summer sale', 'Winter coats', 'Spring shoes'];
    const root = await mountPage(`<div style="overflow:hidden;width:320px"><div id="track" style="display:flex;width:960px;transition:none">
      ${slides.map((title, index) => `<div class="slide" style="width:320px;flex:none" aria-hidden="${index !== 0}"><h3>${title}</h3><a href="#s${index}" ${index ? 'tabindex="-1"' : ''}>Shop ${title.split(' ')[1]}</a></div>`).join('')}
      </div></div><button aria-label="Next slide">›</button><p id="chosen"></p>`);
    let current = 0;
    root.querySelector('[aria-label="Next slide"]')!.addEventListener('click', () => {
      current = (current + 1) % slides.length;
      root.querySelector<HTMLElement>('#track')!.style.transform = `translateX(-${current * 320}px)`;
      root.querySelectorAll('.slide').forEach((slide, index) => {
        slide.setAttribute('aria-hidden', String(index !== current));
        slide.querySelector('a')!.tabIndex = index === current ? 0 : -1;
      });
    });
    root.addEventListener('click', (event) => {
      const link = (event.target as HTMLElement).closest('a');
      if (link) {
        event.preventDefault();
        root.querySelector('#chosen')!.textContent = `You picked ${link.textContent}`;
      }
    });
    await runTask('Show me the winter coats', (dump) => {
      if (dump.includes('You picked')) return null;
      if (dump.includes('Shop coats')) return [clickOn(idFor(dump, 'Shop coats'))];
      return [clickOn(idFor(dump, 'Next slide'))];
    });
    expect(root.querySelector('#chosen')!.textContent).to.equal('You picked Shop coats');
  });

  for (const [kind, markup, group] of [
    ['fieldsets with legends', `<fieldset><legend>Billing address</legend><label>Street <input name="b-street"></label><label>City <input name="b-city"></label></fieldset><fieldset><legend>Shipping address</legend><label>Street <input name="s-street"></label><label>City <input name="s-city"></label></fieldset>`, 'Shipping address'],
    ['sections titled by headings, labels by for=', `<section aria-labelledby="hb"><h2 id="hb">Billing</h2><label for="x1">Street</label><input id="x1" name="b-street"><label for="x2">City</label><input id="x2" name="b-city"></section><section aria-labelledby="hs"><h2 id="hs">Shipping</h2><label for="x3">Street</label><input id="x3" name="s-street"><label for="x4">City</label><input id="x4" name="s-city"></section>`, 'Shipping'],
  ] as const) {
    it(`a form whose labels repeat in ${kind}: fills the shipping street, not the billing one`, async () => {
      const root = await mountPage(`<form onsubmit="return false">${markup}<button>Save</button></form>`);
      await runTask('Ship it to 12 Harbour Road, Leith', (dump, turn) =>
        turn === 0 ? [fill(idNear(dump, group, 'Street'), '12 Harbour Road'), fill(idNear(dump, group, 'City'), 'Leith')] : null);
      const value = (name: string) => root.querySelector<HTMLInputElement>(`[name=${name}]`)!.value;
      expect([value('s-street'), value('s-city')]).to.deep.equal(['12 Harbour Road', 'Leith']);
      expect([value('b-street'), value('b-city')], 'billing untouched').to.deep.equal(['', '']);
    });
  }

  it('a <select multiple>: picks two toppings and keeps the others off', async () => {
    const root = await mountPage(`<label for="m">Toppings</label><select id="m" multiple size="5"><option>Cheese</option><option selected>Ham</option><option>Olives</option><option>Pineapple</option><option>Basil</option></select>`);
    await runTask('I want cheese and olives on my pizza, nothing else', (dump, turn) =>
      turn === 0 ? [{ tool: 'select_option', args: { selector: idFor(dump, 'Toppings'), option: ['Cheese', 'Olives'] } }] : null);
    const chosen = [...root.querySelector<HTMLSelectElement>('#m')!.selectedOptions].map((option) => option.text);
    expect(chosen).to.deep.equal(['Cheese', 'Olives']);
  });

  it('a search box whose suggestions arrive after a fetch as you type: types, then picks the suggestion', async () => {
    const cities = ['Paris', 'Parma', 'Paramaribo', 'Perth', 'Porto'];
    const root = await mountPage(`<label for="q">Destination</label><input id="q" role="combobox" aria-expanded="false" aria-controls="lb" aria-autocomplete="list" autocomplete="off"><ul id="lb" role="listbox" hidden></ul><p id="picked">No destination</p>`);
    const input = root.querySelector<HTMLInputElement>('#q')!;
    const list = root.querySelector<HTMLElement>('#lb')!;
    input.addEventListener('input', () => {
      const typed = input.value;
      setTimeout(() => {
        if (input.value !== typed) return;
        const matches = typed ? cities.filter((city) => city.toLowerCase().startsWith(typed.toLowerCase())) : [];
        list.innerHTML = matches.map((city) => `<li role="option">${city}</li>`).join('');
        list.hidden = matches.length === 0;
        input.setAttribute('aria-expanded', String(!list.hidden));
      }, 200);
    });
    list.addEventListener('click', (event) => {
      const option = (event.target as HTMLElement).closest('[role=option]');
      if (!option) return;
      input.value = option.textContent!;
      root.querySelector('#picked')!.textContent = `Going to ${option.textContent}`;
      list.hidden = true;
    });
    await runTask('Book a trip to Parma', (dump, turn) => {
      if (dump.includes('Going to')) return null;
      if (turn === 0) return [fill(idFor(dump, 'Destination'), 'Par')];
      if (/\[[a-z0-9]+\]<li role=option>Parma/.test(dump)) return [clickOn(idFor(dump, '>Parma'))];
      return [{ tool: 'wait', args: { seconds: 0.5 } }];
    });
    expect(root.querySelector('#picked')!.textContent).to.equal('Going to Parma');
    expect(input.value).to.equal('Parma');
  });

  for (const [kind, outcome, role] of [
    ['a toast that fades after a moment', 'Could not save: the title is too long', ''],
    ['a live status region', 'Your changes were saved', 'role="status"'],
  ] as const) {
    it(`the result of saving shown in ${kind}: the agent reports it to the visitor`, async () => {
      const root = await mountPage(`<label>Title <input id="title" value="Quarterly"></label> <button id="save">Save</button><div id="toasts" ${role} style="position:fixed;bottom:16px;left:16px"></div>`);
      root.querySelector('#save')!.addEventListener('click', () => {
        setTimeout(() => {
          const toast = Object.assign(document.createElement('div'), { textContent: outcome });
          root.querySelector('#toasts')!.append(toast);
          setTimeout(() => toast.remove(), 1200);
        }, 50);
      });
      const run = await runTask('Save the page', (dump, turn, results) => {
        if (turn === 0) return [clickOn(idFor(dump, 'Save'))];
        if (turn === 1) return [{ narrate: [dump, results].join('\n').includes(outcome) ? `The page says: ${outcome}.` : 'I pressed Save; the page showed no message.' }];
        return null;
      });
      expect(run.narrated.at(-1)).to.equal(`The page says: ${outcome}.`);
    });
  }

  it('date, time, range and colour inputs: sets each as the visitor asked, and the page hears it', async () => {
    const root = await mountPage(`<form id="f"><label>Date <input type="date" name="date"></label><label>Time <input type="time" name="time"></label><label>Guests <input type="range" name="guests" min="1" max="10" value="2"></label><label>Colour <input type="color" name="colour"></label></form><p id="heard"></p>`);
    const heard = new Set<string>();
    root.querySelector('#f')!.addEventListener('change', (event) => {
      heard.add((event.target as HTMLInputElement).name);
      root.querySelector('#heard')!.textContent = [...heard].sort().join(',');
    });
    await runTask('Book for 14 March 2026 at 9:30, 7 guests, green napkins', (dump, turn) =>
      turn === 0
        ? [fill(idFor(dump, 'Date'), '2026-03-14'), fill(idFor(dump, 'Time'), '09:30'), fill(idFor(dump, 'Guests'), '7'), fill(idFor(dump, 'Colour'), '#00ff00')]
        : null);
    const form = root.querySelector<HTMLFormElement>('#f')!;
    expect(Object.fromEntries(new FormData(form))).to.deep.equal({ date: '2026-03-14', time: '09:30', guests: '7', colour: '#00ff00' });
    expect(root.querySelector('#heard')!.textContent, 'each field fired change').to.equal('colour,date,guests,time');
  });

  it("a master–detail page whose detail pane is rebuilt on each pick: edits Bob's phone, not Alice's", async () => {
    const people: Record<string, string> = { Alice: '555-0001', Bob: '555-0002', Carol: '555-0003' };
    const root = await mountPage(`<div style="display:flex;gap:20px"><nav aria-label="Contacts"><ul>${Object.keys(people).map((name) => `<li><button data-person="${name}">${name}</button></li>`).join('')}</ul></nav><main id="detail"></main></div>`);
    const show = (name: string) => {
      root.querySelector('#detail')!.innerHTML = `<h2>${name}</h2><form><label>Phone <input name="phone" value="${people[name]}"></label> <button type="submit">Save</button></form>`;
      root.querySelector('#detail form')!.addEventListener('submit', (event) => {
        event.preventDefault();
        people[name] = (event.target as HTMLFormElement).phone.value;
        root.querySelector('#detail')!.insertAdjacentHTML('beforeend', `<p>Saved ${name}</p>`);
      });
    };
    show('Alice');
    root.addEventListener('click', (event) => {
      const person = (event.target as HTMLElement).dataset.person;
      if (person) setTimeout(() => show(person), 30);
    });
    await runTask("Change Bob's phone to 555-0100", (dump, turn) => {
      if (turn === 0) return [clickOn(idFor(dump, '>Bob'))];
      if (turn === 1) return dump.includes('<h2>Bob') ? [fill(idNear(dump, '<h2>Bob', 'Phone'), '555-0100'), clickOn(idNear(dump, '<h2>Bob', 'Save'))] : [{ tool: 'wait', args: { seconds: 0.3 } }];
      if (turn === 2 && !dump.includes('Saved Bob')) return [fill(idNear(dump, '<h2>Bob', 'Phone'), '555-0100'), clickOn(idNear(dump, '<h2>Bob', 'Save'))];
      return null;
    });
    expect(people).to.deep.equal({ Alice: '555-0001', Bob: '555-0100', Carol: '555-0003' });
  });

  it('a form in a same-origin frame inside another frame: fills it and sends it', async () => {
    const inner = `<form id="f"><label>Name <input name="who"></label> <button>Save</button></form><p id="out"></p><script>document.getElementById('f').addEventListener('submit',function(e){e.preventDefault();document.getElementById('out').textContent='Saved '+this.who.value})<\/script>`;
    const outer = `<h2>Widget host</h2><iframe id="inner" style="width:400px;height:150px" srcdoc="${inner.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`;
    const root = await mountPage(`<h1>Portal</h1><iframe id="outer" style="width:500px;height:260px" srcdoc="${outer.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`);
    const innerDocument = async () => {
      for (let tries = 0; tries < 200; tries += 1) {
        const frame = root.querySelector<HTMLIFrameElement>('#outer')!.contentDocument?.querySelector<HTMLIFrameElement>('#inner');
        if (frame?.contentDocument?.querySelector('#out')) return frame.contentDocument;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the frames did not load');
    };
    const document2 = await innerDocument();
    await runTask('Put my name, Zoë, in the widget and save it', (dump, turn) =>
      turn === 0 ? [fill(idFor(dump, 'Name'), 'Zoë'), clickOn(idFor(dump, 'Save'))] : null);
    expect(document2.querySelector('#out')!.textContent).to.equal('Saved Zoë');
  });

  it('a right-to-left Hebrew page: fills the name, picks the city and saves', async () => {
    const root = await mountPage(`<div dir="rtl" lang="he"><h1>פרטים אישיים</h1><form id="f"><label>שם מלא <input name="name"></label><label>עיר <select name="city"><option>תל אביב</option><option>חיפה</option><option>ירושלים</option></select></label><button>שמירה</button></form><p id="out"></p></div>`);
    root.querySelector('#f')!.addEventListener('submit', (event) => {
      event.preventDefault();
      const { name, city } = Object.fromEntries(new FormData(event.target as HTMLFormElement));
      root.querySelector('#out')!.textContent = `${name} / ${city}`;
    });
    await runTask('השם שלי דנה לוי ואני גרה בחיפה, שמרי', (dump, turn) =>
      turn === 0 ? [fill(idFor(dump, 'שם מלא'), 'דנה לוי'), { tool: 'select_option', args: { selector: idFor(dump, 'עיר'), option: 'חיפה' } }, clickOn(idFor(dump, 'שמירה'))] : null);
    expect(root.querySelector('#out')!.textContent).to.equal('דנה לוי / חיפה');
  });

  for (const [kind, grid] of [
    ['a role=grid of divs', `<div role="grid" aria-label="Stock"><div role="row"><div role="columnheader">Item</div><div role="columnheader">In stock</div><div role="columnheader">Change</div></div>${['Bolts', 'Nuts', 'Washers'].map((item, index) => `<div role="row"><div role="gridcell">${item}</div><div role="gridcell" id="q-${item}">${index + 3}</div><div role="gridcell"><button data-item="${item}">+</button></div></div>`).join('')}</div>`],
    ['a role=table with row groups and wrappers', `<div role="table" aria-label="Stock"><div role="rowgroup"><div role="row"><span role="columnheader">Change</span><span role="columnheader">Item</span><span role="columnheader">In stock</span></div></div><div role="rowgroup"><div class="virtual-wrapper">${['Bolts', 'Nuts', 'Washers'].map((item, index) => `<div role="row" style="display:flex;gap:8px"><span role="cell"><button data-item="${item}">+</button></span><span role="cell">${item}</span><span role="cell" id="q-${item}">${index + 3}</span></div>`).join('')}</div></div></div>`],
  ] as const) {
    it(`a 1990s layout table around ${kind}: adds one to the right row`, async () => {
      const root = await mountPage(`<table width="600" border="0" cellpadding="4" cellspacing="0"><tr><td bgcolor="#ccccff"><font size="4"><b>Bob's Hardware</b></font><br>Open Mon–Fri <a href="#hours">Hours</a></td><td>${grid}</td></tr></table>`);
      root.addEventListener('click', (event) => {
        const item = (event.target as HTMLElement).dataset.item;
        if (item) {
          const cell = root.querySelector(`#q-${item}`)!;
          cell.textContent = String(Number(cell.textContent) + 1);
        }
      });
      await runTask('We got one more box of nuts, add it', (dump, turn) => (turn === 0 ? [clickOn(idNear(dump, 'Nuts', '+'))] : null));
      expect(['Bolts', 'Nuts', 'Washers'].map((item) => root.querySelector(`#q-${item}`)!.textContent)).to.deep.equal(['3', '5', '5']);
    });
  }
});
