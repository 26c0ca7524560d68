// The offline model's one decision: given the request (task, earlier turns and their results, the
// current page), what is the next agent_turn? Each task is a short script whose progress is read
// back from the tool results and the new page, so it carries on across full-page navigations the
// same way a real model does. Everything it reports comes from a tool result or the page dump.
import { readConversation } from './conversation.mjs';
import { readIntent } from './offline-intents.mjs';
import {
  describePage,
  feedbackMessages,
  findDeleteButton,
  findDestination,
  findField,
  findFilterField,
  findOrderLink,
  findSaveButton,
  hintFor,
  isCheckbox,
  isChecked,
  orderPagePath,
  pageName,
  resolvePath,
  samePath,
} from './offline-pages.mjs';
import { allText, clean, inChrome, isButton, isHeading, nameOf, pathOf, statusMessages, tableRows, valueOf } from './page-dump.mjs';
import { findHostAction, hostActions, planHostAction } from './offline-host-actions.mjs';
import { planTour } from './offline-tour.mjs';
import { planTypedByVisitor } from './offline-typed-by-visitor.mjs';
import { finish, lastOutcome, latestOutcome, next, say, tool } from './offline-turns.mjs';

const MAX_STEPS = 6;

/** @returns {{ memory: string, todos_remaining: string[], actions: object[] }} */
export function decideTurn(body) {
  const conversation = readConversation(body);
  const intent = readIntent(conversation.task);
  if (conversation.steps.length >= MAX_STEPS) {
    return finish(conversation, `I've taken ${conversation.steps.length} steps without finishing, so I'm stopping here rather than guess.`);
  }
  // An action the host added wins over a plain page visit when the request uses its words.
  if (intent.kind === 'help' || intent.kind === 'navigate') {
    const hostAction = findHostAction(conversation);
    if (hostAction) return planHostAction(conversation, hostAction);
  }
  switch (intent.kind) {
    case 'tour':
      return planTour(conversation);
    case 'delete-account':
      return planAccountDeletion(conversation);
    case 'typed-by-visitor':
      return planTypedByVisitor(conversation, intent, navigateTo);
    case 'navigate':
      return planNavigation(conversation, intent);
    case 'set-field':
      return planSetting(conversation, intent);
    case 'search':
      return planSearch(conversation, intent);
    case 'delete':
      return planDeletion(conversation, intent);
    default:
      return finish(conversation, helpText(conversation, intent.understood));
  }
}

function planNavigation(conversation, intent) {
  const arrived = lastOutcome(conversation, 'navigate');
  if (arrived) {
    if (arrived.result && !arrived.result.ok) return finish(conversation, `I couldn't open that page: ${arrived.result.message}`);
    return finish(conversation, arrivalText(conversation, intent));
  }
  const target = intent.orderId ? orderDestination(conversation, intent.orderId) : findDestination(conversation, intent.words);
  if (!target) {
    return finish(conversation, `I couldn't find a page about “${intent.words.join(' ')}” on this site. ${helpText(conversation, true)}`);
  }
  if (samePath(conversation.page.url, target.path)) {
    return finish(conversation, `You're already on ${target.name}. ${describePage(conversation)} ${hintFor(target.path)}`.trim());
  }
  return navigateTo(conversation, target, [`Describe the ${target.name} page`]);
}

function arrivalText(conversation, intent) {
  const path = pathOf(conversation.page.url);
  const here = pageName(conversation, path);
  const target = intent.orderId ? undefined : findDestination(conversation, intent.words);
  const why = target?.byDescription && samePath(target.path, path) ? `You asked about ${intent.words.join(' ')}: the site map lists them under ${here}. ` : '';
  return `${why}${describePage(conversation)} ${hintFor(path)}`.trim();
}

function planSetting(conversation, intent) {
  const { page } = conversation;
  const fill = lastOutcome(conversation, 'fill_input');
  const click = lastOutcome(conversation, 'click');
  if (fill || click) return reportSetting(conversation, intent, fill, click);

  const field = findField(page, intent.field);
  if (field) return changeField(conversation, intent, field);
  if (lastOutcome(conversation, 'navigate')) {
    return finish(conversation, `I opened ${pageName(conversation, pathOf(page.url))}, but I can't find a field for “${intent.field}” here, so nothing was changed.`);
  }
  const target = findDestination(conversation, [...intent.field.toLowerCase().split(/\s+/), 'settings', 'account', 'profile']);
  if (!target || samePath(page.url, target.path)) {
    return finish(conversation, `I can't find a field called “${intent.field}”, so nothing was changed. ${helpText(conversation, true)}`);
  }
  return navigateTo(conversation, target, [`Set ${intent.field} to “${intent.value}”`, 'Save', 'Report the result']);
}

function changeField(conversation, intent, field) {
  const label = nameOf(field) || intent.field;
  const save = findSaveButton(conversation.page, field);
  const saveStep = save ? [tool('click', { selector: `[${save.id}]` })] : [];
  const memory = `Task: set ${label} to “${intent.value}”. Filled it in${save ? ' and pressed save' : ''}.`;
  const todos = ['Check that the change was saved'];

  if (field.tag === 'select') {
    return finish(conversation, `“${label}” is a drop-down list, and the offline demo model only knows how to type into text fields and click. A real model can choose “${intent.value}” for you.`);
  }
  if (isCheckbox(field)) {
    const wantOn = /^(on|yes|true|checked|subscribed|enabled?)$/i.test(intent.value);
    const isOn = isChecked(field);
    if (isOn === wantOn) return finish(conversation, `“${label}” is already ${wantOn ? 'on' : 'off'}, so there is nothing to change.`);
    const actions = [say(`I'll turn “${label}” ${wantOn ? 'on' : 'off'} and save.`), tool('click', { selector: `[${field.id}]` }), ...saveStep];
    return next(conversation, memory, todos, actions);
  }
  if (valueOf(field) === intent.value) {
    return finish(conversation, `“${label}” is already “${intent.value}”, so there is nothing to change.`);
  }
  const actions = [say(`I'll put “${intent.value}” in “${label}”${save ? ` and press “${nameOf(save)}”` : ''}.`), tool('fill_input', { selector: `[${field.id}]`, value: intent.value }), ...saveStep];
  return next(conversation, memory, todos, actions);
}

function reportSetting(conversation, intent, fill, click) {
  const failedStep = [fill, click].find((outcome) => outcome?.result && !outcome.result.ok);
  if (failedStep) return finish(conversation, `That didn't work: ${failedStep.result.message} Nothing was saved.`);
  const notRun = [fill, click].find((outcome) => outcome && !outcome.result);
  if (notRun) return finish(conversation, `The ${notRun.action.tool.replace('_', ' ')} step never ran, so I can't say the change was saved.`);
  const field = findField(conversation.page, intent.field);
  const label = field ? nameOf(field) : intent.field;
  const { success, problems } = feedbackMessages(conversation.page, field);
  const done = field && isCheckbox(field) ? `I turned “${label}” ${intent.value}.` : `I set “${label}” to “${intent.value}”.`;
  if (success.length) return finish(conversation, `${done} The page confirms: “${success.join(' ')}”`);
  if (problems.length) return finish(conversation, `I entered it, but the page reports a problem: “${problems.join(' ')}”`);
  const shown = field ? valueOf(field) : undefined;
  const state = shown !== undefined ? ` The field now shows “${shown}”,` : '';
  return finish(conversation, `I filled in “${label}” and pressed save.${state} but I don't see a confirmation message, so I can't promise it was stored.`);
}

function planSearch(conversation, intent) {
  const { page } = conversation;
  const filled = lastOutcome(conversation, 'fill_input');
  if (filled) {
    if (filled.result && !filled.result.ok) return finish(conversation, `I couldn't type into the filter: ${filled.result.message}`);
    return finish(conversation, reportRows(conversation, intent.query));
  }
  const filter = findFilterField(page);
  if (filter) {
    const actions = [say(`Filtering for “${intent.query}”…`), tool('fill_input', { selector: `[${filter.id}]`, value: intent.query })];
    return next(conversation, `Task: find “${intent.query}”. Typed it into ${nameOf(filter) || 'the filter'}.`, ['Report the matching rows'], actions);
  }
  if (lastOutcome(conversation, 'navigate')) {
    return finish(conversation, `I opened ${pageName(conversation, pathOf(page.url))}, but there is no filter or search field here.`);
  }
  const target = findDestination(conversation, ['orders']);
  if (!target || samePath(page.url, target.path)) return finish(conversation, `There is no filter or search field on this page. ${helpText(conversation, true)}`);
  return navigateTo(conversation, target, [`Filter for “${intent.query}”`, 'Report the matching rows']);
}

function reportRows(conversation, query) {
  const needle = query.toLowerCase();
  const rows = tableRows(conversation.page).filter((row) => !inChrome(row.node));
  const matches = rows.filter((row) => row.text.toLowerCase().includes(needle));
  const count = [...statusMessages(conversation.page), ...pageLines(conversation.page)].find((line) => /\b(showing|match(?:es|ing)?|results?)\b/i.test(line));
  const note = count ? ` The page says: “${count}”` : '';
  if (!matches.length) return `Nothing matches “${query}”.${note}`;
  if (matches.length === 1) return `I found one match for “${query}”:\n${matches[0].text}`;
  const shown = matches.slice(0, 5).map((row) => row.text).join('\n');
  const more = matches.length > 5 ? `\n…and ${matches.length - 5} more.` : '';
  return `I found ${matches.length} matches for “${query}”:\n${shown}${more}`;
}

function planDeletion(conversation, intent) {
  const { page } = conversation;
  // The answer may be several turns back: asking, then opening the order, then deleting it.
  const asked = latestOutcome(conversation, 'ask_user');
  const answer = asked?.result ? /answered:\s*(.*)$/i.exec(asked.result.message)?.[1] ?? '' : undefined;
  const orderId = intent.orderId ?? (intent.thisOrder ? orderOnPage(page) : undefined) ?? /\d{3,6}/.exec(answer ?? '')?.[0];
  if (!orderId) {
    if (asked) return finish(conversation, 'I need an order number to delete an order, so I stopped here. Nothing was deleted.');
    if (!conversation.tools.has('ask_user')) return finish(conversation, 'Which order should I delete? Please ask again with its number, e.g. “delete order 1042”.');
    return next(conversation, 'Task: delete an order; asked the user which one.', ['Delete the order the user names'], [tool('ask_user', { question: 'Which order should I delete? Please give its number, e.g. 1042.' })]);
  }

  const click = lastOutcome(conversation, 'click');
  if (click) {
    if (!click.result) return finish(conversation, `The Delete step never ran, so order ${orderId} was not deleted.`);
    if (!click.result.ok) {
      const cancelled = /declin|cancel|denied|reject|not approved/i.test(`${click.result.reason} ${click.result.message}`);
      return finish(conversation, cancelled ? `OK, cancelled: order ${orderId} was not deleted.` : `I couldn't press Delete: ${click.result.message} Order ${orderId} was not deleted.`);
    }
    const { success, problems } = feedbackMessages(page);
    const said = [...success, ...problems].join(' ');
    if (said) return finish(conversation, `I pressed Delete. The page now says: “${said}”`);
    return finish(conversation, `I pressed Delete, but I don't see a confirmation on the page, so I can't tell whether order ${orderId} is gone.`);
  }

  const onOrderPage = orderOnPage(page) === orderId;
  const deleteButton = onOrderPage ? findDeleteButton(page) : undefined;
  if (deleteButton) {
    const actions = [say(`Order ${orderId} is open. I'll press “${nameOf(deleteButton)}” now.`), tool('click', { selector: `[${deleteButton.id}]` })];
    return next(conversation, `Task: delete order ${orderId}. On its page; pressed ${nameOf(deleteButton)}.`, ['Report whether the order was deleted'], actions);
  }
  if (onOrderPage || lastOutcome(conversation, 'navigate')) {
    const { success, problems } = feedbackMessages(page);
    const gone = success.find((line) => /\b(deleted|removed)\b/i.test(line));
    if (gone) return finish(conversation, `Order ${orderId} is already deleted; the page says “${gone}”`);
    const said = [headingText(page), ...success, ...problems].filter(Boolean).join(' — ');
    return finish(conversation, `I opened order ${orderId}, but there is no Delete button there${said ? `; the page says “${said}”` : ''}. Nothing was deleted.`);
  }
  return navigateTo(conversation, orderDestination(conversation, orderId), ['Press Delete order', 'Report the outcome']);
}

function planAccountDeletion(conversation) {
  const { page } = conversation;
  const click = lastOutcome(conversation, 'click');
  if (click) {
    if (!click.result) return finish(conversation, 'The Delete step never ran, so your account was not deleted.');
    if (!click.result.ok) return finish(conversation, `I couldn't press it: ${click.result.message} Your account was not deleted.`);
    const { success, problems } = feedbackMessages(page);
    const said = [...success, ...problems].join(' ');
    return finish(conversation, said ? `I pressed it. The page now says: “${said}”` : "I pressed it, but the page shows no confirmation, so I can't tell whether the account is gone.");
  }
  const button = page.nodes.find((node) => isButton(node) && node.id && !inChrome(node) && /\b(delete|close|remove)\b/i.test(nameOf(node)) && /\baccount\b/i.test(nameOf(node)));
  if (button) {
    const actions = [say(`This is the “${nameOf(button)}” button. It can't be undone, so you will be asked first.`), tool('click', { selector: `[${button.id}]` })];
    return next(conversation, 'Task: delete the account. Pressed the button; the user is asked first.', ['Report whether the account was deleted'], actions);
  }
  if (lastOutcome(conversation, 'navigate')) {
    return finish(conversation, `I opened ${pageName(conversation, pathOf(page.url))}, but there is no button to delete the account here. Nothing was deleted.`);
  }
  const target = findDestination(conversation, ['account', 'settings', 'profile']);
  if (!target || samePath(page.url, target.path)) return finish(conversation, "I can't find where to delete the account on this site. Nothing was deleted.");
  return navigateTo(conversation, target, ['Press the delete account button', 'Report the outcome']);
}

function orderDestination(conversation, orderId) {
  const link = findOrderLink(conversation, orderId);
  const path = link ? resolvePath(link.attrs.href, conversation.page.url) : orderPagePath(conversation, orderId);
  return { path, name: `order ${orderId}` };
}

/** The order a detail page is about: its ?id= or a number in its main heading. */
function orderOnPage(page) {
  const fromUrl = /[?&]id=(\d{3,6})\b/.exec(page.url)?.[1] ?? /\/orders?\/(\d{3,6})\b/.exec(page.url)?.[1];
  if (fromUrl) return fromUrl;
  return /\b(\d{3,6})\b/.exec(headingText(page))?.[1];
}

function headingText(page) {
  const heading = page.nodes.find((node) => node.tag === 'h1' && !inChrome(node)) ?? page.nodes.find((node) => isHeading(node) && !inChrome(node));
  return heading ? clean(allText(heading)) : '';
}

function pageLines(page) {
  return page.nodes.filter((node) => !inChrome(node)).map((node) => clean(node.text)).filter(Boolean);
}

function navigateTo(conversation, target, todos) {
  if (!conversation.tools.has('navigate')) {
    return finish(conversation, `That is on ${target.name} (${target.path}), but I have no navigate tool here. Please open it yourself and ask again.`);
  }
  const actions = [say(`Opening ${target.name}…`), tool('navigate', { url: target.path })];
  return next(conversation, `Task: “${conversation.task}”. Opening ${target.path}.`, todos, actions);
}

function helpText(conversation, understood) {
  const opening = understood
    ? `I'm ${conversation.agentName} on the offline demo model, which follows a few scripted tasks.`
    : `Sorry, I didn't understand that. I'm ${conversation.agentName} on the offline demo model, which only follows a few scripted tasks.`;
  return [
    `${opening} Try:`,
    '• “go to orders”, “open settings” or “show me where invoices are”',
    '• “change my name to Ada Lovelace” or “set email to ada@example.com”',
    '• “find order 1042” or “search orders for Grace”',
    '• “delete order 1042” or “delete my account”',
    '• “give me a tour of this page”',
    '• “let me type my email myself” (I wait while you type, then save it)',
    ...hostActionLines(conversation),
    'For anything else, restart the demo with OPENAI_API_KEY (or OPENAI_BASE_URL) set to use a real model.',
  ].join('\n');
}

/** The host's own actions, so the help says what this particular page adds. */
function hostActionLines(conversation) {
  return hostActions(conversation).map(({ name, description }) => `• this page's own action “${name.replace(/_/g, ' ')}”: ${description}`);
}
