// Quill through the agent: each task is played by a policy that reads only the dump.
import { galleryCases } from './gallery-case.js';
import { richTextCases } from './rich-text-cases.js';

interface QuillRoot extends HTMLElement {
  editors: Record<string, { getSemanticHTML(): string; getText(): string }>;
}

// getSemanticHTML of an empty editor is "<p></p>"; its text says what a save holds.
galleryCases('quill', richTextCases((root, editor) => (root as QuillRoot).editors[editor]!.getSemanticHTML()));
