// The package's index.d.ts re-exports './browser/commands.mjs', whose declarations ship as
// commands.d.ts, not commands.d.mts, so TypeScript finds no `visualDiff`. This states it.
declare module '@web/test-runner-visual-regression' {
  export function visualDiff(element: Node, name: string): Promise<void>;
}
