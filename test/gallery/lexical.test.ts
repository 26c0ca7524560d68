// Lexical through the agent: each task is played by a policy that reads only the dump.
import { galleryCases } from './gallery-case.js';
import { richTextCases } from './rich-text-cases.js';

interface LexicalRoot extends HTMLElement {
  editors: Record<string, { getHTML(): string }>;
}

galleryCases('lexical', richTextCases((root, editor) => (root as LexicalRoot).editors[editor]!.getHTML()));
