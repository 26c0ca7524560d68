// A TrueType font built here, byte by byte, whose glyphs for printable ASCII draw nothing (each is
// empty, with an advance of 0.6em: laid out with width, painted blank), as a page could serve one
// to hide words. Only .notdef has an outline. For test/security-hidden-text.test.ts.
const GLYPHS = 96; // .notdef, then U+0020–U+007E

function table(size: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  fill(new DataView(bytes.buffer));
  return bytes;
}

function blankFont(): Uint8Array {
  // .notdef: a square (one contour of four on-curve points); every other glyph is empty.
  const glyf = table(36, (v) => {
    [1, 0, 0, 500, 700].forEach((n, i) => v.setInt16(i * 2, n));
    v.setUint16(10, 3); // end point of the contour
    v.setUint16(12, 0); // no instructions
    for (let i = 0; i < 4; i += 1) v.setUint8(14 + i, 1);
    [0, 500, 0, -500].forEach((n, i) => v.setInt16(18 + i * 2, n));
    [0, 0, 700, 0].forEach((n, i) => v.setInt16(26 + i * 2, n));
  });
  const loca = table((GLYPHS + 1) * 2, (v) => {
    for (let i = 1; i <= GLYPHS; i += 1) v.setUint16(i * 2, 18);
  });
  const head = table(54, (v) => {
    v.setUint32(0, 0x10000);
    v.setUint32(4, 0x10000);
    v.setUint32(12, 0x5f0f3cf5);
    v.setUint16(18, 1000);
    [0, 0, 500, 700].forEach((n, i) => v.setInt16(36 + i * 2, n));
    v.setUint16(46, 8);
    v.setInt16(48, 2);
  });
  const hhea = table(36, (v) => {
    v.setUint32(0, 0x10000);
    v.setInt16(4, 800);
    v.setInt16(6, -200);
    v.setUint16(10, 600);
    v.setInt16(16, 500);
    v.setInt16(18, 1);
    v.setUint16(34, GLYPHS);
  });
  const hmtx = table(GLYPHS * 4, (v) => {
    for (let i = 0; i < GLYPHS; i += 1) v.setUint16(i * 4, 600);
  });
  const maxp = table(32, (v) => {
    v.setUint32(0, 0x10000);
    v.setUint16(4, GLYPHS);
    v.setUint16(6, 4);
    v.setUint16(8, 1);
    v.setUint16(14, 2);
  });
  const os2 = table(96, (v) => {
    v.setUint16(0, 3);
    v.setInt16(2, 600);
    v.setUint16(4, 400);
    v.setUint16(6, 5);
    v.setUint32(42, 1); // Basic Latin
    v.setUint16(62, 0x40);
    v.setUint16(64, 0x20);
    v.setUint16(66, 0x7e);
    v.setInt16(68, 800);
    v.setInt16(70, -200);
    v.setUint16(74, 800);
    v.setUint16(76, 200);
    v.setUint32(78, 1);
    v.setInt16(86, 500);
    v.setInt16(88, 700);
    v.setUint16(92, 0x20);
  });
  const family = [...'BlankGlyphs'];
  const name = table(18 + family.length * 2, (v) => {
    v.setUint16(2, 1);
    v.setUint16(4, 18);
    [3, 1, 0x409, 1, family.length * 2, 0].forEach((n, i) => v.setUint16(6 + i * 2, n));
    family.forEach((char, i) => v.setUint16(18 + i * 2, char.charCodeAt(0)));
  });
  const post = table(32, (v) => {
    v.setUint32(0, 0x30000);
    v.setInt16(8, -100);
    v.setInt16(10, 50);
  });
  // cmap: format 4, U+0020–U+007E onto glyphs 1–95, and the closing U+FFFF segment.
  const cmap = table(12 + 32, (v) => {
    v.setUint16(2, 1);
    [3, 1].forEach((n, i) => v.setUint16(4 + i * 2, n));
    v.setUint32(8, 12);
    const f = 12;
    [4, 32, 0, 4, 4, 1, 0].forEach((n, i) => v.setUint16(f + i * 2, n));
    [0x7e, 0xffff].forEach((n, i) => v.setUint16(f + 14 + i * 2, n));
    [0x20, 0xffff].forEach((n, i) => v.setUint16(f + 20 + i * 2, n));
    [1 - 0x20, 1].forEach((n, i) => v.setInt16(f + 24 + i * 2, n));
  });
  const tables: Array<[string, Uint8Array]> = [
    ['OS/2', os2], ['cmap', cmap], ['glyf', glyf], ['head', head], ['hhea', hhea], ['hmtx', hmtx], ['loca', loca], ['maxp', maxp], ['name', name], ['post', post],
  ];
  const padded = (length: number) => (length + 3) & ~3;
  let offset = 12 + tables.length * 16;
  const total = tables.reduce((sum, [, bytes]) => sum + padded(bytes.length), offset);
  const font = new Uint8Array(total);
  const view = new DataView(font.buffer);
  view.setUint32(0, 0x10000);
  view.setUint16(4, tables.length);
  [128, 3, tables.length * 16 - 128].forEach((n, i) => view.setUint16(6 + i * 2, n));
  tables.forEach(([tag, bytes], index) => {
    const record = 12 + index * 16;
    [...tag].forEach((char, i) => view.setUint8(record + i, char.charCodeAt(0)));
    const words = new DataView(new Uint8Array(padded(bytes.length)).buffer);
    new Uint8Array(words.buffer).set(bytes);
    let sum = 0;
    for (let i = 0; i < words.byteLength; i += 4) sum = (sum + words.getUint32(i)) >>> 0;
    view.setUint32(record + 4, sum);
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, bytes.length);
    font.set(bytes, offset);
    offset += padded(bytes.length);
  });
  return font;
}

/** The blank font as a data: URL, for an @font-face a page writes itself. */
export const BLANK_FONT_URL = `data:font/ttf;base64,${btoa(String.fromCharCode(...blankFont()))}`;

/** Waits until `family` is loaded for the text in the page (the hiding works only once it is). */
export async function fontLoaded(family: string): Promise<void> {
  await document.fonts.load(`16px ${family}`, 'A');
}

/**
 * A ligature icon font, as Material Icons and Material Symbols are: each letter a–z maps to an
 * empty glyph, and the word "delete" is substituted (OpenType `liga`) by one glyph that draws a
 * square. The letters alone draw nothing; the word draws its icon. Built with fontTools
 * (FontBuilder, one `sub d e l e t e by icon_delete` rule); 988 bytes.
 */
export const LIGATURE_ICON_FONT_URL = 'data:font/ttf;base64,AAEAAAALAIAAAwAwR1NVQrEutDoAAAOEAAAAWE9TLzJBF0IqAAABOAAAAGBjbWFwAM0APAAAAgwAAAA8Z2x5ZhHOEcwAAAKEAAAANGhlYWQxXnYWAAAAvAAAADZoaGVhBqcCEgAAAPQAAAAkaG10eEWIAAAAAAGYAAAAdGxvY2EAtgDQAAACSAAAADxtYXhwAB8ABgAAARgAAAAgbmFtZX6pkekAAAK4AAAAY3Bvc3TqbUFLAAADHAAAAGgAAQAAAAEAAIWPlbhfDzz1AAED6AAAAADnMRk9AAAAAOcxGT0AMgAAA7YCvAAAAAMAAgAAAAAAAAABAAADIP84AAAD6AAA/tQDhAABAAAAAAAAAAAAAAAAAAAAHQABAAAAHQAEAAEAAAAAAAIAAAAAAAAAAAAAAAAAAAAAAAMCZgGQAAUABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAD8/Pz8AAAAgAHoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIAAGAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAJYAAACWAAAAlgAAAPoAAAAAAACAAAAAwAAABQAAwABAAAAFAAEACgAAAAGAAQAAQACACAAev//AAAAIABh////4f+hAAEAAAAAAAAAAAANAA0ADQANAA0ADQANAA0ADQANAA0ADQANAA0ADQANAA0ADQANAA0ADQANAA0ADQANAA0ADQANABoAAQAyAAADtgK8AAMAADMRIREyA4QCvP1EAAABADIAAAO2ArwAAwAAMxEhETIDhAK8/UQAAAAABAA2AAEAAAAAAAEACAAAAAEAAAAAAAIABwAIAAMAAQQJAAEAEAAPAAMAAQQJAAIADgAfTGlnSWNvbnNSZWd1bGFyAEwAaQBnAEkAYwBvAG4AcwBSAGUAZwB1AGwAYQByAAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB0AAAADAEQARQBGAEcASABJAEoASwBMAE0ATgBPAFAAUQBSAFMAVABVAFYAVwBYAFkAWgBbAFwAXQECC2ljb25fZGVsZXRlAAEAAAAKAB4ALAABREZMVAAIAAQAAAAA//8AAQAAAAFsaWdhAAgAAAABAAAAAQAEAAQAAAABAAgAAQAaAAEACAABAAQAHAAGAAYADQAGABUABgABAAEABQ==';
