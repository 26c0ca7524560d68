// The little of ESTree the build plugins walk (what `this.parse` returns in a rolldown plugin).

export interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  [key: string]: any;
}

/** Calls `enter` on every node of the tree, parents before children. */
export function visit(node: unknown, enter: (node: SyntaxNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, enter);
    return;
  }
  if (typeof node !== 'object' || node === null || typeof (node as SyntaxNode).type !== 'string') return;
  enter(node as SyntaxNode);
  for (const [key, value] of Object.entries(node)) if (key !== 'parent' && typeof value === 'object') visit(value, enter);
}
