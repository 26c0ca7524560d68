import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { visit, type SyntaxNode } from './syntax-tree.ts';

/**
 * Lit's css`` and html`` templates reach the bundle as written, comments and indentation
 * included; the minifier leaves template contents alone. Compacting them here saves every visitor
 * the bytes. Only the static parts (the template's quasis, found in the syntax tree) are touched,
 * never the `${…}` expressions between them.
 * - css: comments go, whitespace runs become one space or none around punctuation and after colons.
 * - html: a whitespace run that holds a line break becomes that line break alone. That renders the
 *   same under `white-space` normal, nowrap and pre-line (the only ones the UI uses), inside a tag
 *   as between elements; only pre and pre-wrap keep spaces, and no template of ours is shown so.
 * Edited in place, so the source map still says which file every byte came from
 * (bench/size-modules.mjs counts bytes per module through it).
 */
export function minifyLitTemplates(): Plugin {
  return {
    name: 'web-agent-minify-lit-templates',
    transform(code, id) {
      if (!/\/src\/ui\/.*\.ts$/.test(id) || !/\b(css|html)`/.test(code)) return null;
      const edited = new MagicString(code);
      visit(this.parse(code, { lang: 'ts' }), (node) => {
        const tag = node.type === 'TaggedTemplateExpression' && node.tag.type === 'Identifier' ? (node.tag.name as string) : '';
        const compact = tag === 'css' ? compactCss : tag === 'html' ? compactHtml : undefined;
        if (!compact) return;
        for (const quasi of node.quasi.quasis as SyntaxNode[]) {
          if (quasi.end > quasi.start) edited.overwrite(quasi.start, quasi.end, compact(code.slice(quasi.start, quasi.end)));
        }
      });
      if (!edited.hasChanged()) return null;
      return { code: edited.toString(), map: edited.generateMap({ hires: 'boundary', source: id, includeContent: false }) };
    },
  };
}

function compactCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    // After a colon: declarations and media features; a selector never has a space after its pseudo-class colon.
    .replace(/:\s+/g, ':')
    // 0.5 is .5 (no digit or point before the zero: 10.5 stays).
    .replace(/(^|[^\d.\w])0\.(\d)/g, '$1.$2')
    .replace(/;}/g, '}');
}

function compactHtml(text: string): string {
  return text.replace(/[ \t]*\n\s*/g, '\n');
}
