import { loadedFontFamilies, newCanvasContext, pixelsOf, replaceText, testText } from './platform.js';

/**
 * Characters a page's own fonts draw nothing for. A web font may give letters empty glyphs: the
 * text is laid out with its width and paints nothing, whatever its colour. Judged by drawing, not
 * by the font's name: each character met in text set in a font the page loaded is drawn once on a
 * canvas, in that same font (which falls back character by character as the page does), and
 * counts as drawn if any pixel of it shows. The browser's own fonts draw what they hold, and are
 * not asked. What is known is kept for the document's life, per font and character.
 */

const FONT_PX = 20;
const CELL = 32;
const COLUMNS = 9;
const ROWS = 4;
// A pixel this opaque is ink a person sees; the faint edge of a glyph shrunk to nothing is not.
const INK_ALPHA = 96;
const UNKNOWN = 0;
const DRAWN = 1;
const BLANK = 2;

interface DocumentFonts {
  /** The loaded faces the tables below were drawn with: a face added or swapped redraws. */
  faces: string;
  families: Set<string>;
  /** Per computed `font-family` value: whether it names one of those. */
  loaded: Map<string, boolean>;
  /** Per font (style, weight, family list): one entry per UTF-16 code unit. */
  tables: Map<string, Uint8Array>;
  /** Per font: whether a word whose letters alone draw nothing draws as a whole (a ligature). */
  words: Map<string, Map<string, boolean>>;
  context: CanvasRenderingContext2D | null | undefined;
}

const known = new WeakMap<Document, DocumentFonts>();

export class FontInk {
  /** Per snapshot: each document's fonts, looked at once. */
  readonly #fonts = new Map<Document, DocumentFonts>();

  /** `text`, drawn by `el` in its computed `style`, without the characters its font draws nothing for. */
  drawnPart(text: string, el: Element, style: CSSStyleDeclaration): string {
    const doc = el.ownerDocument;
    const fonts = this.#fontsOf(doc);
    if (!fonts.families.size) return text;
    const family = style.fontFamily;
    let loaded = fonts.loaded.get(family);
    if (loaded === undefined) {
      loaded = family.split(',').some((name) => fonts.families.has(unquote(name)));
      fonts.loaded.set(family, loaded);
    }
    if (!loaded) return text;
    const font = `${style.fontStyle} ${style.fontWeight} ${FONT_PX}px ${family}`;
    let table = fonts.tables.get(font);
    if (!table) fonts.tables.set(font, (table = new Uint8Array(65536)));
    const unknown: string[] = [];
    let blank = false;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code <= 32 || (code >= 0xd800 && code <= 0xdfff)) continue;
      const state = table[code];
      if (state === UNKNOWN) unknown.push(text[index]!);
      else if (state === BLANK) blank = true;
    }
    if (unknown.length) blank = measure(doc, fonts, font, table, [...new Set(unknown)]) || blank;
    if (!blank) return text;
    // Letter by letter is not how every font draws: an icon font (Material Icons, Material Symbols)
    // gives each letter an empty glyph and draws a whole word as one icon by a ligature. A word all
    // of whose letters are blank alone is drawn whole, once per font, and kept if that shows ink.
    let words = fonts.words.get(font);
    if (!words) fonts.words.set(font, (words = new Map()));
    return replaceText(text, /\S+/g, (word: string) => {
      let drawn = '';
      for (let index = 0; index < word.length; index += 1) if (table[word.charCodeAt(index)] !== BLANK) drawn += word[index];
      if (drawn || word.length < 2) return drawn;
      let inked = words.get(word);
      if (inked === undefined) words.set(word, (inked = drawsInk(doc, fonts, font, word)));
      return inked ? word : '';
    });
  }

  #fontsOf(doc: Document): DocumentFonts {
    let fonts = this.#fonts.get(doc);
    if (fonts) return fonts;
    let families: string[] = [];
    try {
      families = loadedFontFamilies(doc);
    } catch {
      // No font list to read: the page's text is taken as drawn.
    }
    const faces = families.join(',');
    fonts = known.get(doc);
    if (fonts?.faces !== faces) {
      fonts = { faces, families: new Set(families.map(unquote)), loaded: new Map(), tables: new Map(), words: new Map(), context: fonts?.context };
      known.set(doc, fonts);
    }
    this.#fonts.set(doc, fonts);
    return fonts;
  }
}

function unquote(name: string): string {
  return name.trim().replace(/^["']|["']$/g, '').toLowerCase();
}

/**
 * The document's canvas, cleared over `rows` rows of cells and set to draw `font` in black, or
 * null where no canvas can be had (nothing is then judged blank). A canvas of the text's own
 * document: only there are its fonts loaded.
 */
function canvasFor(doc: Document, fonts: DocumentFonts, font: string, rows: number): CanvasRenderingContext2D | null {
  if (fonts.context === undefined) fonts.context = newCanvasContext(doc);
  const context = fonts.context;
  if (!context) return null;
  context.clearRect(0, 0, COLUMNS * CELL, rows * CELL);
  context.font = font;
  context.fillStyle = '#000';
  context.textBaseline = 'middle';
  return context;
}

/** Draws `chars` in `font`, a cell each, marking them drawn or blank in `table`; true if any is blank. */
function measure(doc: Document, fonts: DocumentFonts, font: string, table: Uint8Array, chars: string[]): boolean {
  let blank = false;
  for (let start = 0; start < chars.length; start += COLUMNS * ROWS) {
    const batch = chars.slice(start, start + COLUMNS * ROWS);
    const context = canvasFor(doc, fonts, font, ROWS);
    if (!context) {
      for (const char of batch) table[char.charCodeAt(0)] = DRAWN;
      continue;
    }
    batch.forEach((char, index) => {
      // White space and what draws nothing by design (a space of any width) is no hidden letter.
      if (testText(/\s/, char)) table[char.charCodeAt(0)] = DRAWN;
      else context.fillText(char, (index % COLUMNS) * CELL + 6, Math.floor(index / COLUMNS) * CELL + CELL / 2);
    });
    const pixels = pixelsOf(context, COLUMNS * CELL, ROWS * CELL);
    batch.forEach((char, index) => {
      const code = char.charCodeAt(0);
      if (table[code] === DRAWN) return;
      const left = (index % COLUMNS) * CELL;
      const top = Math.floor(index / COLUMNS) * CELL;
      let ink = false;
      for (let y = top; y < top + CELL && !ink; y += 1) {
        for (let x = left; x < left + CELL; x += 1) {
          if (pixels[(y * COLUMNS * CELL + x) * 4 + 3]! >= INK_ALPHA) {
            ink = true;
            break;
          }
        }
      }
      table[code] = ink ? DRAWN : BLANK;
      blank ||= !ink;
    });
  }
  return blank;
}

/** Whether `word`, drawn whole in `font`, sets any pixel (a ligature's glyph does). */
function drawsInk(doc: Document, fonts: DocumentFonts, font: string, word: string): boolean {
  const context = canvasFor(doc, fonts, font, 1);
  if (!context) return true;
  context.fillText(word, 6, CELL / 2);
  const pixels = pixelsOf(context, COLUMNS * CELL, CELL);
  for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! >= INK_ALPHA) return true;
  return false;
}
