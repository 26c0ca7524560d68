import { byCodeUnits, oneLine } from './untrusted.js';

/** Who the agent is. A plain string is used as written; the object is rendered into the same kind of lines. */
export interface PersonaConfig {
  /** The name the agent goes by; replaces `agentName` in the opening identity line. */
  name?: string;
  /** Who the agent is, in a sentence or two ("the support desk of Acme Bank"). */
  identity?: string;
  /** How it sounds ("warm and brief", "formal"). */
  voice?: string;
  /** `we`: speaks for the company; `I`: speaks for itself. */
  speakAs?: 'we' | 'I';
  /** Extra rules about behaviour, one per item. */
  rules?: string[];
}

/** What the site or product is, so the agent can talk about it correctly. Every field is optional. */
export interface BrandPrompt {
  name?: string;
  tagline?: string;
  description?: string;
  audience?: string;
  voice?: string;
  /** Facts the agent may state as true. */
  facts?: string[];
  /** Glossary: term → meaning. Rendered sorted by term, so key order never changes the prompt. */
  terms?: Record<string, string>;
  /** Things never to say or promise. */
  avoid?: string[];
}

/** The name the opening line uses: the persona's own name when it has one. */
export function personaName(persona: string | PersonaConfig | undefined, agentName: string): string {
  const name = typeof persona === 'object' && persona.name ? oneLine(persona.name) : '';
  return name || agentName;
}

/**
 * The persona section: identity lines addressed to the agent ("You are …", "Speak as …").
 * Empty when there is nothing to say.
 */
export function renderPersona(persona: string | PersonaConfig | undefined, companyName: string | undefined): string {
  if (persona === undefined) return '';
  if (typeof persona === 'string') return persona.trim();
  const lines: string[] = [];
  const identity = oneLine(persona.identity ?? '');
  // "the support desk of Acme" reads as "You are the support desk of Acme."; a full sentence
  // the host wrote in the second or first person stays as written.
  if (identity) lines.push(endSentence(/^(you|i)\b/i.test(identity) ? identity : `You are ${identity}`));
  if (persona.voice?.trim()) lines.push(endSentence(`Your voice: ${oneLine(persona.voice)}`));
  const company = companyName ? oneLine(companyName) : '';
  if (persona.speakAs === 'we') {
    lines.push(
      `Speak as "we" when you talk about ${company || 'the company'} and what it offers, as one of its team; say "I" only for what you are doing in the page right now.`,
    );
  } else if (persona.speakAs === 'I') {
    lines.push(`Speak as "I". When you mean ${company ? `${company} as a company` : 'the company behind the site'}, call it by its name rather than "we".`);
  }
  const rules = items(persona.rules);
  if (rules.length) lines.push('Rules you keep:', ...rules.map((rule) => `- ${rule}`));
  return lines.length ? `# Who you are\n${lines.join('\n')}` : '';
}

/**
 * The brand section, `# About <name>`: what the product is, who it is for, its facts and terms,
 * and what never to say. Empty when every field is empty.
 */
export function renderBrand(brand: BrandPrompt | undefined, siteName: string | undefined): string {
  if (!brand) return '';
  const body: string[] = [];
  const name = oneLine(brand.name ?? '');
  const tagline = oneLine(brand.tagline ?? '');
  if (tagline) body.push(name ? `${name}: ${tagline}` : tagline);
  const description = (brand.description ?? '').trim();
  if (description) body.push(description);
  if (brand.audience?.trim()) body.push(`Who it is for: ${oneLine(brand.audience)}`);
  if (brand.voice?.trim()) body.push(`How to sound: ${oneLine(brand.voice)}`);
  const facts = items(brand.facts);
  if (facts.length) body.push('Facts you can state as true:', ...facts.map((fact) => `- ${fact}`));
  const terms = Object.entries(brand.terms ?? {})
    .map(([term, meaning]) => [oneLine(term), oneLine(String(meaning))] as const)
    .filter(([term]) => term)
    .sort(([a], [b]) => byCodeUnits(a, b));
  if (terms.length) body.push('Terms, and what they mean here:', ...terms.map(([term, meaning]) => `- ${term}: ${meaning}`));
  const avoid = items(brand.avoid);
  if (avoid.length) body.push('Never say or promise:', ...avoid.map((thing) => `- ${thing}`));
  if (!body.length) return '';
  body.push('For anything about the product that is neither here nor on the page, say you do not know rather than guess.');
  const title = name || oneLine(siteName ?? '') || 'this website';
  return `# About ${title}\n${body.join('\n')}`;
}

function items(list: string[] | undefined): string[] {
  return (list ?? []).map((item) => oneLine(String(item))).filter(Boolean);
}

function endSentence(text: string): string {
  return /[.!?。！？]$/.test(text) ? text : `${text}.`;
}
