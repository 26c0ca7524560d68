// The rich-text editors' cases, played the same way on every editor: a policy that reads only the
// dump, and a check that reads the editor's own model as its save would send it (HTML from the
// editor's API, not from the page), so a change the editor threw away or never took in fails.
import type { CaseBody, Seen } from './gallery-case.js';
import { click, done, fill, stuck, type Move } from '../support/dump-policy.js';
import type { PageView } from '../support/dump-policy.js';
import type { DumpLine } from '../support/dump-lines.js';

/** What the editor's API exports (Tiptap's getHTML, Quill's getSemanticHTML). */
export type SavedHtml = (root: HTMLElement, editor: 'article' | 'notes') => string;

function saved(read: SavedHtml, root: HTMLElement, editor: 'article' | 'notes'): Document {
  return new DOMParser().parseFromString(read(root, editor), 'text/html');
}

const words = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

function editorLine(view: PageView, name: string): DumpLine {
  return view.need({ role: 'textbox', name }, `the ${name} editor`);
}

export function richTextCases(read: SavedHtml): Record<string, CaseBody> {
  return {
    heading: {
      decide(view): Move {
        const article = editorLine(view, 'Article');
        if (view.find({ within: article, tag: 'h1', text: 'Annual Report', indexed: false })) return done('The title is Annual Report.');
        return [fill(view.need({ within: article, tag: 'h1', text: 'Quarterly Report' }, 'the title inside the editor'), 'Annual Report')];
      },
      check(root): Seen {
        const html = saved(read, root, 'article');
        const title = words(html.querySelector('h1'));
        const first = words(html.querySelector('p'));
        return { ok: title === 'Annual Report' && first === 'This quarter our revenue rose again.', shows: `the saved title "${title}", first paragraph "${first}"` };
      },
    },
    append: {
      decide(view): Move {
        const article = editorLine(view, 'Article');
        const paragraph = view.need({ within: article, text: /^This quarter/, indexed: false }, 'the first paragraph');
        if (/Margins improved\.$/.test(paragraph.text)) return done('The sentence is added.');
        if (!paragraph.ref) return stuck(`the first paragraph has no id: ${paragraph.raw.trim()}`);
        return [fill(paragraph, `${paragraph.text} Margins improved.`)];
      },
      check(root): Seen {
        const html = saved(read, root, 'article');
        const paragraphs = [...html.querySelectorAll('p')].map(words);
        const ok = paragraphs[0] === 'This quarter our revenue rose again. Margins improved.' && paragraphs[1] === 'Costs stayed flat.' && words(html.querySelector('h1')) === 'Quarterly Report';
        return { ok, shows: `the saved paragraphs ${JSON.stringify(paragraphs.slice(0, 2))}` };
      },
    },
    empty: {
      decide(view): Move {
        const notes = editorLine(view, 'Notes');
        const text = [notes.text, notes.attrs.value ?? '', notes.inner ?? '', ...view.findAll({ within: notes, indexed: false }).map((line) => line.text)].join(' ');
        if (text.includes('Call the printer on Friday.')) return done('The note is written.');
        return [fill(notes, 'Call the printer on Friday.')];
      },
      check(root): Seen {
        const text = words(saved(read, root, 'notes').body);
        return { ok: text === 'Call the printer on Friday.', shows: `the saved notes "${text}"` };
      },
    },
    bold: {
      decide(view): Move {
        const article = editorLine(view, 'Article');
        // The toolbar before the editor; its Bold shows pressed while the selection is bold.
        const bold = view.before(article, { role: 'button', name: /^bold$/i }) ?? view.need({ role: 'button', name: /^bold$/i });
        if (view.did('click', bold) && bold.attrs['aria-pressed'] === 'true') return done('revenue is bold.');
        if (view.did('click', bold)) return stuck(`after select_text and Bold, the Bold button is not pressed: ${bold.raw.trim()}`);
        if (view.did('select_text')) return [click(bold)];
        const paragraph = view.need({ within: article, text: /revenue/ }, 'the paragraph with "revenue"');
        return [{ tool: 'select_text', args: { selector: paragraph.ref!, text: 'revenue' } }];
      },
      check(root): Seen {
        const html = saved(read, root, 'article');
        // A bold run, however the editor marks it up (Lexical wraps its <strong> in a <b> for other apps' pastes).
        const bold = [...html.querySelectorAll('strong, b')].filter((element) => !element.parentElement?.closest('strong, b')).map(words);
        const first = words(html.querySelector('p'));
        return { ok: bold.length === 1 && bold[0] === 'revenue' && first === 'This quarter our revenue rose again.', shows: `bold words ${JSON.stringify(bold)} in "${first}"` };
      },
    },
    clear: {
      decide(view): Move {
        const article = editorLine(view, 'Article');
        const inside = view.findAll({ within: article, indexed: false }).filter((line) => line.text.trim());
        if (!inside.length && !article.text.trim() && view.turn > 1) return done('The article is empty.');
        return [{ tool: 'clear_input', args: { selector: article.ref! } }];
      },
      check(root): Seen {
        const text = words(saved(read, root, 'article').body);
        return { ok: text === '', shows: `the saved article "${text}"` };
      },
    },
  };
}
