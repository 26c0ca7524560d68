/** What a person would notice after an action: did the page move elsewhere, did a dialog open? */
export interface PageState {
  url: string;
  openDialogs: number;
}

export function readPageState(): PageState {
  return { url: location.href, openDialogs: document.querySelectorAll('dialog[open], [role=dialog]:not([hidden]), [aria-modal=true]').length };
}

/** Lets the page's own handlers and a framework's re-render run before we look at the result. */
export function settle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 50));
  });
}

export function describeChanges(before: PageState, after: PageState): { notes: string[]; urlChanged: boolean } {
  const notes: string[] = [];
  const urlChanged = before.url !== after.url;
  if (urlChanged) notes.push(`the page moved to ${shorten(after.url)}`);
  if (after.openDialogs > before.openDialogs) notes.push('a dialog opened');
  if (after.openDialogs < before.openDialogs) notes.push('a dialog closed');
  return { notes, urlChanged };
}

function shorten(url: string): string {
  const parsed = new URL(url);
  return parsed.origin === location.origin ? parsed.pathname + parsed.search + parsed.hash : url;
}
