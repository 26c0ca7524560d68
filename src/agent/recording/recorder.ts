import { isRedacted } from '../../dom/redaction.js';
import { REDACTION_MASK } from '../../dom/redaction-mask.js';
// Straight from their modules, not the layer's index: only this chunk (and replay's) needs them.
import { describeTarget, type TargetDescription, type TargetScope } from '../../dom/target-description.js';
import type { ItemOutcome } from '../turn-executor.js';
import type { RecordedAction, RunRecord } from './recording.js';

/** A run longer than this keeps its first steps only; a recording is a procedure, not a log. */
const MAX_STEPS = 500;

interface Resolved {
  element: Element;
  description: TargetDescription;
}

/**
 * Writes down what a run does as it does it: each element an action resolves is described the
 * moment it is resolved (a click may remove it a moment later), and each action that succeeded is
 * kept with those descriptions in place of the page's dump ids. Narrations are kept as shown.
 * Nothing is read back from the model's words.
 */
export class Recorder {
  #scope: () => TargetScope;
  #resolved = new Map<string, Resolved>();
  #turnText = '';
  /**
   * What the run typed into secret fields, kept in memory only (never in the session), so that a
   * narration repeating it ("Filling in Okafor…") is masked too, before and after.
   */
  #secrets: string[] = [];

  constructor(scope: () => TargetScope) {
    this.#scope = scope;
  }

  /** An action resolved `selector` to `element`: remember how to find it again. */
  resolved(selector: string, element: Element): void {
    if (!this.#resolved.has(selector)) this.#resolved.set(selector, { element, description: describeTarget(element, this.#scope()) });
  }

  /** An item of the run finished: keep it if it succeeded. */
  outcome(record: RunRecord, outcome: ItemOutcome): void {
    const resolved = this.#resolved;
    this.#resolved = new Map();
    // A new turn: what the last one showed is read while the next one would have been thought up.
    if (outcome.index === 0) this.#endTurn(record);
    if (!outcome.result.ok || record.steps.length >= MAX_STEPS) return;
    if (outcome.action === 'narrate') {
      const text = this.#mask(String(outcome.params?.text ?? '').trim());
      if (!text) return;
      record.steps.push({ narrate: text });
      this.#turnText += ` ${text}`;
      return;
    }
    const step: RecordedAction = { action: outcome.action };
    const targets: Record<string, TargetDescription> = {};
    const params = replaceTargets(outcome.params ?? {}, '', resolved, targets);
    const withheld = withholdSecrets(params, [...resolved.values()].map((entry) => entry.element));
    if (withheld.length) this.#keepSecrets(record, withheld.map((key) => outcome.params?.[key]));
    if (Object.keys(params).length) step.params = params;
    if (Object.keys(targets).length) step.targets = targets;
    if (withheld.length) step.withheld = withheld;
    const page = location.pathname;
    if (page !== lastPage(record)) step.page = page;
    record.steps.push(step);
  }

  #keepSecrets(record: RunRecord, values: unknown[]): void {
    for (const value of values.flat()) if (typeof value === 'string' && value.trim().length >= 3) this.#secrets.push(value.trim());
    for (const step of record.steps) if ('narrate' in step) step.narrate = this.#mask(step.narrate);
  }

  #mask(text: string): string {
    let masked = text;
    for (const secret of this.#secrets) masked = masked.split(secret).join(REDACTION_MASK);
    return masked;
  }

  #endTurn(record: RunRecord): void {
    const last = record.steps.at(-1);
    if (last && this.#turnText) last.hold = readingTime(this.#turnText);
    this.#turnText = '';
  }
}

/** The page the recorded steps were on last. */
function lastPage(record: RunRecord): string {
  for (let index = record.steps.length - 1; index >= 0; index -= 1) {
    const step = record.steps[index]!;
    if ('page' in step && step.page) return step.page;
  }
  return record.page;
}

/** Arguments that named an element become `targets` entries (by path); the rest is copied. */
function replaceTargets(value: Record<string, unknown>, prefix: string, resolved: Map<string, Resolved>, targets: Record<string, TargetDescription>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const path = prefix + key;
    if (typeof item === 'string' && resolved.has(item)) targets[path] = resolved.get(item)!.description;
    else if (Array.isArray(item) && item.length && item.every((entry) => typeof entry === 'string' && resolved.has(entry))) {
      item.forEach((entry, index) => (targets[`${path}.${index}`] = resolved.get(entry as string)!.description));
    } else out[key] = item;
  }
  return out;
}

/**
 * A secret never reaches a recording: when an action worked on a secret field or inside a
 * redacted region, its other arguments (what was typed or chosen there) are left out, whatever
 * they are, and their names listed. Judging them by what the field holds would itself tell
 * something about the secret (which arguments it contains), so none is kept.
 */
function withholdSecrets(params: Record<string, unknown>, elements: Element[]): string[] {
  if (!elements.some(isRedacted)) return [];
  const withheld = Object.keys(params);
  for (const key of withheld) delete params[key];
  return withheld;
}

/**
 * Time to finish reading once the bar has typed a turn's narration (the visitor reads along as it
 * types): about 150 ms a word, at least 1.2 s and at most 6 s — what a model's next turn would
 * have taken, roughly, without making a tour drag.
 */
function readingTime(text: string): number {
  const words = text.trim().split(/\s+/).length;
  return Math.min(6_000, Math.max(1_200, words * 150));
}
