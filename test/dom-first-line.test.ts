// `::first-line` rules: where a rule's selector matches neither a text's block nor any ancestor of
// it, the walk reads the block's own style instead of the (costlier) pseudo-element style. The
// rules that do reach a block must still count: one on an ancestor styles the first line of the
// block it begins with, and a nested rule's selector (`& p`) is relative to its parent's, for
// `::first-letter` rules as well.
import { expect, fixture } from '@open-wc/testing';
import { snapshotPage } from '../src/dom/index.js';

const HIDDEN = 'HIDDENPAYLOAD';
// Firefox's `::first-line` computed style of a block leaves out an ancestor's rule (the first line it
// paints has it): the walk, reading that style, lets such a line through there. A known gap, older
// than the shortcut, which reads the pseudo style wherever an ancestor's rule matches.
const ANCESTOR_GAP = /Firefox\//.test(navigator.userAgent);

async function dumpOf(markup: string): Promise<string> {
  const host = await fixture<HTMLDivElement>(`<div style="background: #fff; color: #000">${markup}</div>`);
  await new Promise(requestAnimationFrame);
  const { text } = await snapshotPage({ maxLength: Infinity });
  host.remove();
  return text;
}

describe('::first-line rules and the blocks they reach', () => {
  (ANCESTOR_GAP ? it.skip : it)('leaves out a first line painted white by a rule on an ancestor of its block', async () => {
    const text = await dumpOf(`<style>.fl-outer::first-line { color: #fff }</style><div class="fl-outer"><p>${HIDDEN} words</p></div><p>Shown words</p>`);
    expect(text).to.include('Shown words');
    expect(text).not.to.include(HIDDEN);
  });

  it('leaves out a first line painted white by a nested rule (`& p`)', async () => {
    const text = await dumpOf(`<style>.fl-nest { & p::first-line { color: #fff } }</style><div class="fl-nest"><p>${HIDDEN} words</p></div><p>Shown words</p>`);
    expect(text).to.include('Shown words');
    expect(text).not.to.include(HIDDEN);
  });

  it('leaves out text whose first letter a nested rule (`& p`) paints white', async () => {
    const text = await dumpOf(`<style>.fl-letter { & p::first-letter { color: #fff } }</style><div class="fl-letter"><p>${HIDDEN} words</p></div><p>Shown words</p>`);
    expect(text).to.include('Shown words');
    expect(text).not.to.include(HIDDEN);
  });

  it('keeps text whose block no rule reaches, with a rule for other blocks on the page', async () => {
    const text = await dumpOf(`<style>.fl-other::first-line { color: #fff }</style><p class="fl-other">${HIDDEN} words</p><p>Shown <b>bold</b> words</p>`);
    expect(text).to.include('Shown');
    expect(text).to.include('bold');
    expect(text).not.to.include(HIDDEN);
  });
});

// `::first-letter` paints the first letter of the text a block starts with: punctuation and spaces
// before it (in elements of their own or not) leave it the first letter; any letter or digit before
// it, however deep inside the block, means the text's own first letter is not the block's.
describe('::first-letter and the text a block starts with', () => {
  it('leaves out text whose first letter is painted white behind punctuation in an element of its own', async () => {
    const text = await dumpOf(`<style>.fl-quote::first-letter { color: #fff }</style><p class="fl-quote"><b> “ </b><i>${HIDDEN}</i> words</p><p>Shown words</p>`);
    expect(text).to.include('Shown words');
    expect(text).not.to.include(HIDDEN);
  });

  it('keeps a later text of the block, its first letter in an element before it', async () => {
    const text = await dumpOf(`<style>.fl-later::first-letter { color: #fff }</style><p class="fl-later"><span><b>1.</b></span> LATERWORDS here</p>`);
    expect(text).to.include('LATERWORDS here');
  });

  // The first letter's answer is kept from one snapshot to the next while nothing painted changes:
  // a change between them (here its colour, which moves no box) must be seen, either way round.
  it('judges the first letter anew after the page changed between two snapshots', async () => {
    const host = await fixture<HTMLDivElement>(`<div style="background: #fff; color: #000"><style>.fl-turn::first-letter { color: var(--letter) }</style><p class="fl-turn" style="--letter: #000">${HIDDEN} words</p><p>Shown words</p></div>`);
    const block = host.querySelector('p')!;
    try {
      const dump = async () => {
        await new Promise(requestAnimationFrame);
        return snapshotPage({ maxLength: Infinity }).text;
      };
      expect(await dump()).to.include(HIDDEN);
      block.style.setProperty('--letter', '#fff');
      const hidden = await dump();
      expect(hidden).to.include('Shown words');
      expect(hidden).not.to.include(HIDDEN);
      block.style.setProperty('--letter', '#000');
      expect(await dump()).to.include(HIDDEN);
    } finally {
      host.remove();
    }
  });
});

// A page's own stylesheet that @imports one from another origin (web fonts, a CDN's theme): the
// imported sheet's rules are closed to the page, so reading them throws. Its rules are unknown,
// like a cross-origin <link>'s, and the snapshot goes on.
describe('::first-line rules in a sheet imported from another origin', () => {
  it('reads the page, judging the unknown rules as possibly there', async () => {
    const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const style = document.createElement('style');
    style.textContent = `@import url("${location.protocol}//${other}:${location.port}/test/fixtures/dom/golden-base.css");`;
    document.head.append(style);
    try {
      await new Promise<void>((resolve) => {
        style.addEventListener('load', () => resolve(), { once: true });
        style.addEventListener('error', () => resolve(), { once: true });
        setTimeout(resolve, 3_000);
      });
      const text = await dumpOf(`<p>Shown <b>bold</b> words</p>`);
      expect(text).to.include('Shown');
      expect(text).to.include('bold');
    } finally {
      style.remove();
    }
  });
});
