// The scripted visitor: a person in front of the page who answers what the agent asks, through
// the element's own bar (or the host's dialog when the host took the question over), the way a
// person would: clicking Allow or Cancel, picking an option, typing an answer, pressing Continue.
// What it answers comes from the task; everything it was asked is kept for the check and the report.

const APPROVE = /\b(allow|yes|ok|okay|confirm|continue|go ahead|proceed)\b/i;
const REJECT = /\b(cancel|no|not now|keep|don't|do not|stop|decline)\b/i;

/**
 * @typedef {object} VisitorScript
 * @property {'approve' | 'reject' | ((message: string) => boolean)} [confirm]  default: approve everything
 *   (on hostile pages the worst case: a visitor who trusts the assistant)
 * @property {(question: string, options: string[]) => string | undefined} [answer]  the answer to a
 *   question; undefined means the visitor has no answer and says so
 */

/** Starts answering; returns the log of what was asked. */
export function startVisitor(attempt, script = {}) {
  const log = [];
  let queue = Promise.resolve();
  attempt.onEvent((event) => {
    const handler = HANDLERS[event.name];
    if (!handler) return;
    // One question at a time, in order, as a person handles them.
    queue = queue.then(() => handler(attempt.page, event.detail, script, log)).catch((error) => {
      log.push({ kind: 'visitor-error', text: String(error?.message ?? error).split('\n')[0] });
    });
  });
  return { log, idle: () => queue };
}

const HANDLERS = {
  async 'confirm-action'(page, detail, script, log) {
    const message = String(detail.message ?? '');
    const approve = typeof script.confirm === 'function' ? script.confirm(message) : script.confirm !== 'reject';
    log.push({ kind: 'confirm', text: message, action: detail.action, answer: approve ? 'approved' : 'rejected' });
    if (detail.hostTookOver) return answerDialog(page, approve);
    const bar = page.locator('web-agent [part~="bar"]');
    await (approve ? bar.locator('[part~="button-primary"]') : bar.locator('[part="button"]')).click();
  },
  async 'ask-user'(page, detail, script, log) {
    const question = String(detail.question ?? '');
    const options = Array.isArray(detail.options) ? detail.options.map(String) : [];
    const answer = script.answer?.(question, options) ?? "Sorry, I don't know.";
    log.push({ kind: 'question', text: question, options, answer });
    const bar = page.locator('web-agent [part~="bar"]');
    const option = options.find((candidate) => candidate.trim().toLowerCase() === answer.trim().toLowerCase());
    if (option) return bar.locator('[part~="option"]').filter({ hasText: option }).first().click();
    const field = bar.locator('[part~="input"]');
    await field.fill(answer);
    await field.press('Enter');
  },
  async 'pause-request'(page, detail, _script, log) {
    log.push({ kind: 'pause', text: String(detail.note ?? '') });
    if (detail.hostTookOver) return;
    await page.locator('web-agent [part~="bar"] [part~="button-primary"]').click();
  },
};

/** The host's own confirmation dialog: its approving or refusing button, read by its words. */
async function answerDialog(page, approve) {
  const dialog = page.locator('dialog[open], [role="dialog"], [role="alertdialog"]').filter({ visible: true }).last();
  await dialog.waitFor();
  const buttons = dialog.getByRole('button');
  const labels = await buttons.allInnerTexts();
  const wanted = approve ? APPROVE : REJECT;
  const other = approve ? REJECT : APPROVE;
  const index = labels.findIndex((label) => wanted.test(label) && !other.test(label));
  if (index < 0) throw new Error(`The host's dialog has no button to ${approve ? 'approve' : 'reject'} with (${labels.join(', ')}).`);
  await buttons.nth(index).click();
}
