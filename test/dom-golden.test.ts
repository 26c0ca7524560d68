// Golden dumps: whole fixture pages as the model reads them, compared line by line with
// test/fixtures/dom/<name>.golden.txt. Ids are random per page load, so they are renumbered
// [#1], [#2]… in order of first appearance before comparing.
//
// To (re)write a golden: delete the file and run this test. It fails and prints the dump; read it
// line by line as the model would, and save it only if it is right. `UPDATE_GOLDENS=1 npm test`
// rewrites every golden whose test runs: review the diff the same way before committing it. When it is not, write the
// golden as it should be and skip the test with the reason (see the it.skip cases below).
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { readFile, setViewport, writeFile } from '@web/test-runner-commands';
import { elementId, resolveElement, snapshotPage } from '../src/dom/index.js';
import { placeOf } from './support/dump-lines.js';

// The fixture pages load in an iframe of this size, so their viewport is the same in every engine
// whatever the size of the browser window (WebKit over WebDriver cannot set it).
const VIEWPORT = { width: 1024, height: 768 };

interface Page {
  frame: HTMLIFrameElement;
  doc: Document;
  win: Window;
}

async function loadPage(name: string): Promise<Page> {
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const frame = document.createElement('iframe');
  frame.style.cssText = `display: block; width: ${VIEWPORT.width}px; height: ${VIEWPORT.height}px; border: 0`;
  const loaded = oneEvent(frame, 'load');
  frame.src = new URL(`./fixtures/dom/${name}.html`, import.meta.url).href;
  container.append(frame);
  await loaded;
  const doc = frame.contentDocument!;
  await doc.fonts.ready;
  return { frame, doc, win: frame.contentWindow! };
}

/**
 * The dump of a page the model has already seen once: the first snapshot marks every element new
 * (`*`) or not depending on what this file snapshotted before, the second never does.
 */
function dumpOf(doc: Document): string {
  snapshotPage({ root: doc });
  return snapshotPage({ root: doc }).text;
}

/** Real ids (those that resolve) become [#1], [#2]… in order of first appearance; page text stays. */
function normalise(text: string): string {
  const numbers = new Map<string, number>();
  return text.replace(/\[([0-9a-z]{3,6})\]/g, (whole, token: string) => {
    if (!resolveElement(`[${token}]`)) return whole;
    if (!numbers.has(token)) numbers.set(token, numbers.size + 1);
    return `[#${numbers.get(token)}]`;
  });
}

async function expectGolden(name: string, text: string): Promise<void> {
  const path = `fixtures/dom/${name}.golden.txt`;
  const actual = normalise(text);
  // The file command answers "unknown command" for a file that does not exist.
  if ((window as { __UPDATE_GOLDENS__?: boolean }).__UPDATE_GOLDENS__) await writeFile({ path, content: `${actual}\n` });
  const golden = await readFile({ path }).catch(() => undefined);
  if (golden === undefined) {
    throw new Error(`No golden file test/${path}. If this dump is right for a model, save it there:\n${actual}\n`);
  }
  expect(actual, `dump of ${name}.html`).to.equal(golden.replace(/\n$/, ''));
}

// Assertions here compare elements to booleans, never elements themselves: a failure message that
// formats an element of the fixture frame (another realm) crashed Chromium's page ("browser
// disconnected") instead of reporting.

/** Each `[id]` in the dump resolves to an element inside the page (or one of its frames). */
function expectIdsResolve(text: string): void {
  for (const [, token] of text.matchAll(/\[([0-9a-z]{3,6})\]</g)) {
    expect(resolveElement(`[${token}]`)?.isConnected, `[${token}] resolves`).to.equal(true);
  }
}

function expectResolves(el: Element): void {
  expect(resolveElement(`[${elementId(el)}]`) === el, `[${elementId(el)}] resolves to its <${el.localName}>`).to.equal(true);
}

function lineOf(text: string, el: Element): string {
  const id = elementId(el);
  const line = text.split('\n').find((candidate) => candidate.includes(`[${id}]`));
  if (!line) throw new Error(`no line for [${id}] in:\n${text}`);
  return line.trim();
}

before(async () => {
  // Room for the 1024×768 frame in the top window; the frame's own viewport is what counts.
  try {
    await setViewport({ width: 1100, height: 900 });
  } catch {
    // WebKit over WebDriver cannot resize; the frame keeps its size anyway.
  }
});

const DECOY = /DECOY/i;
// Every secret value the fixture pages hold (secrets.html), and the one typed into it by the test.
const SECRETS = ['Hunter2QuokkaPw', 'ZebraShownPw77', '4929', '8846', '11/29', '917', '583064', '271828', '1,337', '1337'];

interface Case {
  name: string;
  /** What a user did before the snapshot: typed values, scrolling. */
  prepare?: (page: Page) => void;
  /** Facts checked directly, whatever the golden says. */
  check: (text: string, page: Page) => void;
  /** Set when the current dump is wrong: the golden shows the right one, and the test is skipped. */
  bug?: string;
}

const $ = <T extends Element = HTMLInputElement>(page: Page, selector: string): T => page.doc.querySelector<T>(selector)!;

const cases: Case[] = [
  {
    name: 'checkout',
    prepare: (page) => {
      $(page, '[name=fullname]').value = 'Jane Q. Doe';
      $(page, '[name=terms]').checked = true;
      $<HTMLSelectElement>(page, '#country').value = 'Italy';
    },
    check: (text, page) => {
      expect(lineOf(text, $(page, '[name=fullname]'))).to.include('value="Jane Q. Doe"');
      expect(lineOf(text, $(page, '[name=terms]'))).to.match(/ checked required>$/);
      expect(lineOf(text, $(page, '#country'))).to.include('selected="Italy"');
      expect(lineOf(text, $(page, '#coupon'))).to.match(/ disabled>$/);
      expect(lineOf(text, $(page, '#zip'))).to.match(/ required invalid>$/);
      for (const label of ['Email address', 'Full name', 'Phone number', 'Company (optional)', 'Street and number', 'Postcode']) {
        expect(text).to.match(new RegExp(`^ +label: ${label.replace(/[()]/g, '\\$&')}$`, 'm'));
      }
    },
  },
  {
    name: 'table',
    check: (text, page) => {
      expect(text).to.include('| Order | Date | Total | Status | Actions |');
      for (const button of page.doc.querySelectorAll('tbody button')) {
        const row = text.split('\n').find((line) => line.includes(`[${elementId(button)}]`))!;
        expect(row).to.include(button.closest('tr')!.cells[0]!.textContent!);
        expectResolves(button);
      }
    },
  },
  {
    name: 'shadow',
    check: (text, page) => {
      const stepper = $(page, 'cart-line').shadowRoot!.querySelector('qty-stepper')!.shadowRoot!;
      const input = stepper.querySelector('input')!;
      const button = stepper.querySelector('button')!;
      expect(lineOf(text, input)).to.include('<input type=number name=qty value="2" min=1 max=9>');
      expect(lineOf(text, button)).to.include('<button>−');
      expectResolves(input);
      expectResolves(button);
      expect(text).to.include('<h2>Blue mug');
    },
  },
  {
    name: 'iframe',
    check: (text, page) => {
      const inner = $<HTMLIFrameElement>(page, 'iframe').contentDocument!;
      for (const control of inner.querySelectorAll('input, button')) {
        expectResolves(control);
        expect(text).to.include(`[${elementId(control)}]<`);
      }
      expect(lineOf(text, inner.querySelector('#city')!)).to.include('value="Paris"');
    },
  },
  {
    name: 'dialog',
    check: (text, page) => {
      const dialog = $<HTMLDialogElement>(page, 'dialog');
      expect(dialog.matches(':modal'), 'the dialog is modal').to.equal(true);
      for (const button of dialog.querySelectorAll('button')) expectResolves(button);
      expect(lineOf(text, dialog)).to.include('<dialog>');
      // The page behind is inert: nothing of it is offered to the model.
      expect(text).not.to.include('Account settings');
      expect(text.split('\n')[0]).to.match(/^… a modal dialog is open/);
      dialog.close();
      const after = dumpOf(page.doc);
      expect(after).to.include('<h1>Account settings');
      expect(after).not.to.include('modal dialog');
    },
  },
  {
    name: 'dropdown',
    check: (text, page) => {
      expect(lineOf(text, $(page, '#fruit'))).to.match(/role=combobox aria-expanded=true .*>Banana$/);
      const options = Array.from(page.doc.querySelectorAll('#fruit-list [role=option]'), (option) => lineOf(text, option));
      expect(options.map((line) => line.replace(/^\[\w+\]/, ''))).to.deep.equal([
        '<li role=option aria-selected=false>Apple',
        '<li role=option aria-selected=true>Banana',
        '<li role=option aria-selected=false>Cherry',
        '<li disabled role=option aria-selected=false>Durian (sold out)',
      ]);
      expect(lineOf(text, $(page, '#size'))).to.match(/aria-expanded=false .*>Medium$/);
      expect(text).not.to.include('Large');
    },
  },
  {
    name: 'inputs',
    prepare: (page) => {
      $(page, '#guests').value = '6';
    },
    check: (text, page) => {
      expect(lineOf(text, $(page, '#day'))).to.include('<input type=date name=day value="2025-07-14">');
      expect(lineOf(text, $(page, '#guests'))).to.include('value="6" min=1 max=12');
      expect(lineOf(text, $(page, '#budget'))).to.include('type=range name=budget value="35" min=10 max=100');
      expect(lineOf(text, $(page, '#napkin'))).to.include('value="#336699"');
    },
  },
  {
    name: 'editable',
    prepare: (page) => {
      $(page, '.editor p').append(' Ten out of ten.');
    },
    check: (text, page) => {
      // A rich-text region shows its document, a paragraph per line with an id to edit it alone,
      // with its live text; not one flattened value.
      expect(lineOf(text, $(page, '.editor'))).to.match(/<div contenteditable>$/);
      const [first, second] = page.doc.querySelectorAll('.editor p');
      expect(lineOf(text, first!)).to.match(/<p>The glaze is even deeper than in the photos\. Ten out of ten\.$/);
      expect(lineOf(text, second!)).to.match(/<p>It keeps tea hot; see the product page for sizes\.$/);
      // The link inside the editor is content being edited, not a separate target.
      expect(text).not.to.match(/\]<a[ >]/);
    },
  },
  {
    name: 'long',
    check: (text) => {
      expect(text.split('\n').at(-1)).to.match(/^… [\d.]+ screens below$/);
      expect(text).not.to.include('screens above');
      expect(placeOf(text, /^ {2}\[\w+\]<h2>3\. Maple$/)).to.equal('below');
      expect(text).to.match(/^ {2}\[\w+\]<a>Read more about the birch$/m);
    },
  },
  {
    name: 'long-scrolled',
    prepare: (page) => page.win.scrollTo(0, 1800),
    check: (text) => {
      expect(text.split('\n')[0]).to.match(/^… [\d.]+ screens above$/);
      expect(text.split('\n').at(-1)).to.match(/^… [\d.]+ screens below$/);
      expect(placeOf(text, /^ {2}\[\w+\]<h2>1\. Oak$/)).to.equal('above');
      expect(placeOf(text, /^ {2}\[\w+\]<h2>5\. Pine$/)).to.equal('on');
      expect(placeOf(text, /^ {2}\[\w+\]<h2>7\. Elm$/)).to.equal('below');
    },
  },
  {
    name: 'decoys',
    check: (text) => {
      expect(text).to.include('One email a month, no spam.');
      expect(text).to.include('<button type=submit>Subscribe');
      // A focusable link that aria-hidden wraps by mistake is still there for a sighted user.
      expect(text).to.match(/^ \[\w+\]<a>Archive$/m);
    },
  },
  {
    name: 'secrets',
    prepare: (page) => {
      $(page, '#otp').value = '271828';
    },
    check: (text, page) => {
      for (const id of ['pw', 'pw-shown', 'card', 'exp', 'cvc', 'otp']) expect(lineOf(text, $(page, `#${id}`))).to.include('value="•••"');
      expect(text).to.include('label: Card number');
    },
  },
];

describe('golden dumps', () => {
  for (const { name, prepare, check, bug } of cases) {
    const file = name.replace(/-.*/, '');
    it(`${name}: the facts a model needs are in the dump`, async () => {
      const page = await loadPage(file);
      prepare?.(page);
      const text = dumpOf(page.doc);
      expect(text).not.to.match(DECOY);
      for (const secret of SECRETS) expect(text, `secret ${secret}`).not.to.include(secret);
      expect(text.toLowerCase()).not.to.include('page-dom');
      expectIdsResolve(text);
      check(text, page);
    });
    // A golden whose test is skipped shows the dump as it should be; `bug` says what is wrong now.
    (bug ? it.skip : it)(`${name}: prints as ${name}.golden.txt${bug ? ` (skipped: ${bug})` : ''}`, async () => {
      const page = await loadPage(file);
      prepare?.(page);
      await expectGolden(name, dumpOf(page.doc));
    });
  }
});
