// Type tests for hosts written in TypeScript: checked by `npm run typecheck`, never run.
// Each `@ts-expect-error` must meet an error; if a mistake ever type-checks, the directive itself
// becomes the error ("Unused '@ts-expect-error' directive") and the typecheck fails.
import { ContextConsumer } from '@lit/context';
import type { LitElement } from 'lit';
import { webAgentContext, type WebAgentContext, type WebAgentElement } from '../../src/index.js';
import '../../src/define.js';

declare const agent: WebAgentElement;

export function typedHostCode(): void {
  // Event details are typed on the element…
  agent.addEventListener('navigate', (event) => {
    const path: string = event.detail.path;
    const url: string = event.detail.url;
    event.preventDefault();
    void [path, url];
  });
  agent.addEventListener('confirm-action', (event) => event.detail.decide(event.detail.action !== 'click'));
  agent.addEventListener('ask-user', (event) => event.detail.respond(event.detail.options?.[0] ?? event.detail.question));
  agent.addEventListener('custom-action', (event) => event.detail.respond({ ok: true, name: event.detail.name }));
  agent.addEventListener('done', (event) => {
    const status: 'done' | 'failed' | 'stopped' = event.detail.status;
    void status;
  });
  agent.addEventListener('ready', (event) => {
    const configured: boolean = event.detail.configured;
    void configured;
  });
  // `error` on the element is ours: a CustomEvent with the message and a code.
  agent.addEventListener('error', (event) => {
    const code: string = event.detail.code;
    void code;
  });

  // …on any ancestor the events bubble to, and on elements found by tag name.
  document.body.addEventListener('navigate', (event) => void event.detail.path);
  document.addEventListener('subtitle', (event) => void event.detail.text);
  document.querySelector('web-agent')?.addEventListener('step', (event) => void event.detail.result.ok);
  const created: WebAgentElement = document.createElement('web-agent');
  void created.run('Find my latest order');

  // A listener for some other event still takes a plain Event.
  agent.addEventListener('click', (event: Event) => void event.type);

  // Mistakes are caught:
  // @ts-expect-error navigate's detail has `url` and `path`, not `href`
  agent.addEventListener('navigate', (event) => event.detail.href);
  // @ts-expect-error the same check on an ancestor
  document.body.addEventListener('navigate', (event) => event.detail.route);
  // @ts-expect-error decide takes a boolean
  agent.addEventListener('confirm-action', (event) => event.detail.decide('yes'));
  // @ts-expect-error ready's detail says `configured`
  agent.addEventListener('ready', (event) => event.detail.ok);
  // @ts-expect-error the page's own error events stay ErrorEvents, without our detail
  window.addEventListener('error', (event) => event.detail.code);
  // @ts-expect-error run() takes the task as text
  void agent.run({ task: 'x' });
}

export function windowListeners(): void {
  window.addEventListener('done', (event) => void event.detail.summary);
  // @ts-expect-error done's detail has no `result`
  window.addEventListener('done', (event) => event.detail.result);
}

export function contextConsumers(element: LitElement): void {
  // The key is a string any code can use; the typed constant carries the snapshot's type.
  const key: 'web-agent' = webAgentContext;
  const consumer = new ContextConsumer(element, { context: webAgentContext, subscribe: true });
  const snapshot: WebAgentContext | undefined = consumer.value;
  if (snapshot?.pending?.kind === 'confirm') snapshot.decide(snapshot.pending.action !== 'click');
  if (snapshot?.pending?.kind === 'ask') snapshot.respond(snapshot.pending.options[0] ?? '');
  if (snapshot?.display.kind === 'narration') void snapshot.display.shown;
  snapshot?.run('Find my latest order');
  // @ts-expect-error decide takes a boolean
  snapshot?.decide('yes');
  // @ts-expect-error a pause has no options
  if (snapshot?.pending?.kind === 'pause') void snapshot.pending.options;
  void key;
}
