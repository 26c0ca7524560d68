import { accessibleName, describeElement, resolveElement, visibleText } from '../dom/index.js';
import { deepActiveElement } from './builtin/pointer-input.js';
import type { ActionDefinition } from './define-action.js';

/**
 * Words that mark an action as one a person would want to approve first. They are matched against
 * the action's name and, for actions that target an element, against that element's label, so that
 * `click` on a "Delete account" button asks just as a `delete_account` action would.
 */
export const defaultDestructivePatterns: RegExp[] = [
  /(?<![a-z])(delete|remove|destroy|erase|wipe|purge|discard)(?![a-z])/i,
  /(?<![a-z])(pay|payment|purchase|buy|checkout|check out|place order|order now|subscribe|donate)(?![a-z])/i,
  /(?<![a-z])(transfer|send money|withdraw|refund)(?![a-z])/i,
  /(?<![a-z])(unsubscribe|deactivate|terminate|revoke|close account|cancel (?:subscription|order|plan|account))(?![a-z])/i,
  // The same, in the languages the UI speaks: pages are in their visitors' language, so an
  // English-only list would let "Konto löschen" or "删除订单" through unasked.
  /(?<!\p{L})(löschen|entfernen|leeren|kaufen|jetzt kaufen|bezahlen|zahlungspflichtig bestellen|überweisen|erstatten|kündigen|abbestellen|deaktivieren|stornieren)(?!\p{L})/iu,
  /(?<!\p{L})(supprimer|effacer|retirer|détruire|vider|payer|acheter|commander|s'abonner|se désabonner|virement|rembourser|résilier|désactiver)(?!\p{L})/iu,
  /(?<!\p{L})(eliminar|borrar|suprimir|quitar|vaciar|pagar|comprar|suscribirse|darse de baja|transferir|reembolsar|desactivar|excluir|apagar|remover|finalizar compra|assinar|cancelar (?:suscripción|pedido|assinatura|conta|cuenta))(?!\p{L})/iu,
  /(削除|消去|購入|支払|決済|注文を確定|解約|退会|送金|返金|無効化|삭제|제거|결제|구매|구입|송금|환불|해지|탈퇴|비활성화|删除|刪除|移除|清空|支付|付款|购买|購買|结账|結帳|转账|轉帳|退款|注销|註銷|退订|退訂|下单|下單|取消订阅|取消訂閱)/u,
];

export interface ConfirmationCheck {
  action: ActionDefinition<any>;
  params: Record<string, unknown>;
  /** The label of the element the action targets, if any; by default the target's description. */
  targetLabel?: string;
  /**
   * The element the action acts on, when the caller has already resolved it with
   * {@link actionTarget} (undefined: none); left out, the gate resolves it from `params`.
   */
  target?: Element;
  patterns: RegExp[];
}

/** Returns the question to put to the user, or undefined when the action may run unasked. */
export function confirmationNeeded(check: ConfirmationCheck): string | undefined {
  const { action, params, targetLabel, patterns } = check;
  const custom = action.confirmationMessage;
  const message = typeof custom === 'function' ? custom(params) : custom;
  const target = 'target' in check ? check.target : actionTarget(action, params);
  const label = targetLabel ?? (target ? describeElement(target) : undefined);
  if (action.requireConfirmation) return message ?? describe(action.name, label);
  const setOff = target ? [controlOf(target), submitterFor(action, params, target)] : [];
  const shown = [...new Set(setOff.flatMap((control) => (control ? namesOf(control, label) : [])))];
  const words = `${action.name.replace(/_/g, ' ')} ${label ?? ''} ${shown.join(' ')}`;
  if (patterns.some((pattern) => matches(pattern, words))) return message ?? describe(action.name, label, shown);
  return undefined;
}

/**
 * The element the action will act on: its target parameter resolved, or, when an action that can
 * take a target is given none (press_key), whatever has focus. The model picks targets from page
 * text, so a page can steer it: Tab onto "Delete all" and press Enter, or click the `<span>` inside
 * the button by CSS selector. The gate therefore looks at the element itself, not only the label
 * the caller passed.
 */
export function actionTarget(action: ActionDefinition<any>, params: Record<string, unknown>): Element | undefined {
  if (!action.targetParameter) return undefined;
  const selector = params[action.targetParameter];
  if (typeof selector === 'string') return resolveElement(selector) ?? undefined;
  if (selector !== undefined) return undefined;
  const focused = deepActiveElement();
  return focused && focused !== focused.ownerDocument.body && focused !== focused.ownerDocument.documentElement ? focused : undefined;
}

// What a press on an element sets off: the element, or the control around it (a click on a
// button's icon or label text is a click on the button).
const CONTROLS = [
  'a[href]', 'button', 'input', 'select', 'textarea', 'summary', 'label', '[onclick]', '[contenteditable]',
  ...['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'switch', 'checkbox', 'radio'].map((role) => `[role="${role}"]`),
].join(', ');

/** The nearest control at or around `el`, across shadow roots; undefined when there is none. */
export function controlOf(el: Element): Element | undefined {
  for (let current: Element | null = el; current; ) {
    const found = current.closest(CONTROLS);
    if (found) return found;
    const root = current.getRootNode();
    current = root.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (root as ShadowRoot).host : null;
  }
  return undefined;
}

/**
 * What the visitor would say the action presses: the form's default button for Enter in its field,
 * else the control at or around the target. The confirmation names it.
 */
export function controlSetOff(action: ActionDefinition<any>, params: Record<string, unknown>, target: Element): Element {
  return submitterFor(action, params, target) ?? controlOf(target) ?? target;
}

/**
 * Enter in a single-line field submits its form as if its default button were pressed: a field
 * in a form whose button says "Delete account" is a delete, whatever the field is called.
 */
function submitterFor(action: ActionDefinition<any>, params: Record<string, unknown>, target: Element): Element | undefined {
  if (action.name !== 'press_key' || !/(^|\+)enter$/i.test(String(params.key ?? '').trim())) return undefined;
  if (!(target instanceof HTMLInputElement) || !target.form) return undefined;
  return target.form.querySelector('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]') ?? undefined;
}

/**
 * What the visitor reads on the control, where the label does not already say it: its name, and
 * its visible text when an ARIA name replaces it (`aria-label="Archive"` on a "Delete all" button).
 */
function namesOf(control: Element, label: string | undefined): string[] {
  const names = [accessibleName(control)];
  if (control.hasAttribute('aria-label') || control.hasAttribute('aria-labelledby')) names.push(visibleText(control));
  return [...new Set(names)].filter((name) => name && !label?.includes(name));
}

function matches(pattern: RegExp, text: string): boolean {
  // A host's pattern may carry the g or y flag; lastIndex must not leak between calls.
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** e.g. `Click button "Delete order"?` — the label already carries its own quotes. */
function describe(name: string, targetLabel?: string, shown: string[] = []): string {
  const verb = name.replace(/_/g, ' ');
  const what = shown.length > 0 ? `${targetLabel ?? ''} (it shows "${shown.join('", "')}")`.trim() : targetLabel;
  const sentence = what ? `${verb} ${what}?` : `Run ${verb}?`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
