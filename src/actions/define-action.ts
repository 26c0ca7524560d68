import type * as z from 'zod/mini';
import type { ActionResult } from './action-result.js';

/** JSON Schema object, as hosts write it for custom actions (seed API). */
export type JsonSchema = Record<string, unknown>;

export interface AskUserRequest {
  question: string;
  options?: string[];
  allowFreeText?: boolean;
}

/** Something the overlay layer draws over the page; the host hears it as `overlay-update`. */
export interface OverlayItem {
  /** `border` outlines the element; `highlight` dims the page around it (a spotlight). */
  kind: 'border' | 'highlight';
  target: Element;
  /** A short caption next to the box. */
  label?: string;
}

/** What an action may do beyond the page: everything reaching the user or the host goes through here. */
export interface ActionContext {
  signal: AbortSignal;
  /** The element for a dump id (`[a1b]` or `a1b`) or, as a fallback, a CSS selector; a failure result when gone. */
  resolveTarget(selector: string): Element | ActionResult;
  /** Asks the host (navigate event) and falls back to a full-page navigation that resumes the session. */
  navigate(url: URL): Promise<ActionResult>;
  /** Waits for the user's answer through the host or the built-in UI. */
  askUser(request: AskUserRequest): Promise<string>;
  /** Replaces what the overlay shows (an empty list clears it). */
  overlay(items: OverlayItem[]): void;
  /** Shows `note` (or the configured default) and waits until the visitor continues; false when the run was stopped. */
  pause(note?: string): Promise<boolean>;
  /**
   * What the snapshot leaves out besides hidden and redacted text (the host's `domFilter`, the
   * agent's own UI): an action that reads the page for the model must leave it out too.
   */
  pageView?: PageView;
}

export interface PageView {
  /** Returns true to leave an element and its subtree out. */
  filter?: (el: Element) => boolean;
  exclude?: Element[];
}

export interface ActionDefinition<Params = Record<string, unknown>> {
  name: string;
  /** Written for the model: when to use it and what it does. */
  description: string;
  /** A zod schema (built-ins) or a JSON Schema object (host actions declared as data). */
  parameters: z.ZodMiniType<Params> | JsonSchema;
  handler?: (params: Params, context: ActionContext) => Promise<ActionResult | unknown> | ActionResult | unknown;
  requireConfirmation?: boolean;
  confirmationMessage?: string | ((params: Params) => string);
  /** Extra guidance shown with the tool: preconditions, what to check after, pitfalls. */
  instructions?: string;
  /** Parameter holding the target element's id, so confirmation and overlays can see the target. */
  targetParameter?: string;
  /**
   * Parameter holding the id of an element the action only shows the visitor (scrolls to): no
   * confirmation is judged on it, but the UI keeps it in sight as it does a target.
   */
  subjectParameter?: string;
  /**
   * Where the browser offers WebMCP, also publish this action as a tool the browser's agent can
   * call (through the same confirmation); `readOnlyHint` tells that agent it changes nothing.
   */
  webmcp?: boolean | { readOnlyHint?: boolean };
}

/** Identity function that keeps the parameter type flowing into the handler. */
export function defineAction<Params>(definition: ActionDefinition<Params>): ActionDefinition<Params> {
  return definition;
}
