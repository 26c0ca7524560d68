export interface SitemapEntry {
  path: string;
  description: string;
  aliases?: string[];
}

export interface SitemapNode extends SitemapEntry {
  children?: SitemapNode[];
}

export type SitemapConfig = SitemapEntry[] | SitemapNode;

/** Flat lists and trees render to the same indented list the model reads as "what is where". */
export function renderSitemap(sitemap: SitemapConfig): string {
  const lines: string[] = ['# Sitemap (where things are)'];
  const walk = (node: SitemapNode, depth: number) => {
    const aliases = node.aliases?.length ? ` (also: ${node.aliases.join(', ')})` : '';
    lines.push(`${'  '.repeat(depth)}- ${node.path} — ${node.description}${aliases}`);
    for (const child of node.children ?? []) walk(child, depth + 1);
  };
  for (const node of Array.isArray(sitemap) ? sitemap : [sitemap]) walk(node, 0);
  return lines.join('\n');
}
