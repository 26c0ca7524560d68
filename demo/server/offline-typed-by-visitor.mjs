// "Let me type my email myself": the showcase of `pause`. The field is spotlighted with a sentence,
// a pause holds the task while the visitor types (Space or Continue goes on), and then the agent
// reads what the page now shows in the field, saves it and reports what the page says.
import { feedbackMessages, findDestination, findField, findSaveButton, pageName } from './offline-pages.mjs';
import { nameOf, pathOf, valueOf } from './page-dump.mjs';
import { finish, lastOutcome, next, say, tool } from './offline-turns.mjs';

/** `openPage(conversation, target, todos)` opens another page when the field is not on this one. */
export function planTypedByVisitor(conversation, intent, openPage) {
  const { page } = conversation;
  const field = findField(page, intent.field);
  const label = field ? nameOf(field) : intent.field;
  const saved = lastOutcome(conversation, 'click');
  if (saved) {
    if (!saved.result?.ok) return finish(conversation, `I couldn't save it: ${saved.result?.message ?? 'the step never ran.'}`);
    const { success, problems } = feedbackMessages(page, field);
    if (success.length) return finish(conversation, `Saved what you typed. The page confirms: “${success.join(' ')}”`);
    if (problems.length) return finish(conversation, `I pressed save, but the page reports a problem: “${problems.join(' ')}”`);
    return finish(conversation, "I pressed save, but the page shows no confirmation, so I can't promise it was stored.");
  }
  const paused = lastOutcome(conversation, 'pause');
  if (paused) {
    if (!paused.result?.ok) return finish(conversation, 'We stopped before you continued, so nothing was saved.');
    const value = field && valueOf(field);
    if (!value) return finish(conversation, `“${label}” is still empty, so there was nothing to save.`);
    const save = findSaveButton(page, field);
    if (!save) return finish(conversation, `“${label}” now says “${value}”. There is no save button here, so it is up to you what happens next.`);
    const actions = [say(`“${label}” now says “${value}”. I'll save it.`), tool('click', { selector: `[${save.id}]` })];
    return next(conversation, `Task: the visitor typed ${label} (“${value}”). Pressed save.`, ['Report whether it was saved'], actions);
  }
  if (field) {
    const actions = [
      say(`This is the “${label}” field: type it in yourself, then press Continue.`),
      tool('highlight', { selector: `[${field.id}]`, label: 'Type here' }),
      tool('pause', { note: `Type in “${label}”, then press Continue (or Space).` }),
    ];
    return next(conversation, `Task: the visitor types ${label} themselves; waiting for them.`, ['Save what they typed', 'Report the result'], actions);
  }
  if (lastOutcome(conversation, 'navigate')) {
    return finish(conversation, `I opened ${pageName(conversation, pathOf(page.url))}, but there is no field for “${intent.field}” here.`);
  }
  const target = findDestination(conversation, [...intent.field.toLowerCase().split(/\s+/), 'settings', 'account', 'profile']);
  if (!target) return finish(conversation, `I can't find a field called “${intent.field}” on this site.`);
  return openPage(conversation, target, [`Let the visitor type ${intent.field}`, 'Save it', 'Report the result']);
}
