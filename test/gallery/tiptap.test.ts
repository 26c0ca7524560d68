// Tiptap (ProseMirror) through the agent: each task is played by a policy that reads only the dump.
import { galleryCases } from './gallery-case.js';
import { richTextCases } from './rich-text-cases.js';

interface TiptapRoot extends HTMLElement {
  editors: Record<string, { getHTML(): string }>;
}

galleryCases('tiptap', richTextCases((root, editor) => (root as TiptapRoot).editors[editor]!.getHTML()));
