// Loaded only when a host sets a persona, a brand or a site map (src/agent/turn-request.ts).
import { personaName, renderBrand, renderPersona, type BrandPrompt, type PersonaConfig } from './persona.js';
import { renderSitemap, type SitemapConfig } from './sitemap.js';
import type { HostSections, SystemPromptInput } from './system-prompt.js';

export interface HostPromptConfig {
  agentName: string;
  siteName?: string;
  /** A paragraph used as written, or structured identity lines. */
  persona?: string | PersonaConfig;
  /** What the product is: its own `# About …` section after the persona. */
  brand?: BrandPrompt;
  sitemap?: SitemapConfig;
}

/** The system prompt's sections that come from the host's persona, brand and site map, rendered. */
export function hostSections({ agentName, siteName, persona, brand, sitemap }: HostPromptConfig): HostSections {
  return {
    name: personaName(persona, agentName),
    persona: renderPersona(persona, brand?.name || siteName),
    brand: renderBrand(brand, siteName),
    sitemap: sitemap && renderSitemap(sitemap),
  };
}

/** A system prompt input with the host's persona, brand and site map rendered into it. */
export function withHostSections({ persona, brand, sitemap, ...input }: SystemPromptInput & HostPromptConfig): SystemPromptInput {
  return { ...input, host: hostSections({ ...input, persona, brand, sitemap }) };
}
