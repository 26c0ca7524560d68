// The built-in UI in the visitor's language: every pack complete, and questions the agent puts to
// the visitor asked from those strings rather than in the agent's English.
import { expect, fixture, html } from '@open-wc/testing';
import { defaultDestructivePatterns, judgeAction } from '../src/actions/index.js';
import { elementId } from '../src/dom/index.js';
import { english, loadLocale, type Strings } from '../src/ui/i18n.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';
import { createLane, type Lane } from './support/model-lane.js';
import { nextEvent, realClick, shadow, subtitleText, waitFor } from './support/agent-fixture.js';

const LOCALES = ['zh-TW', 'zh-CN', 'ja', 'ko', 'es', 'fr', 'de', 'pt'];
/** Strings that read the same as in English because the word is the same. */
const SAME_AS_ENGLISH = new Set(['es.feedbackNo']);

describe('language packs', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every string is there, translated, with the same placeholders`, async () => {
      const strings = await loadLocale(locale);
      for (const key of Object.keys(english) as (keyof Strings)[]) {
        expect(strings[key], `${locale}.${key}`).to.be.a('string').and.not.equal('');
        if (!SAME_AS_ENGLISH.has(`${locale}.${key}`)) expect(strings[key], `${locale}.${key} is still English`).to.not.equal(english[key]);
        const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(strings[key]!), `${locale}.${key} placeholders`).to.deep.equal(placeholders(english[key]!));
      }
    });
  }
});

describe('risky controls in every language the UI speaks', () => {
  const click = { name: 'click', description: 'Clicks.', parameters: { type: 'object', properties: {} } } as const;
  const gate = { patterns: defaultDestructivePatterns, policy: 'consequential', allowedOrigins: new Set([location.origin]) } as const;
  // The gate reads names off the element itself, so each label is a real button.
  const asks = (label: string) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    document.body.append(button);
    try {
      return judgeAction({ action: click as never, params: {}, target: button, gate }).verdict === 'ask';
    } finally {
      button.remove();
    }
  };
  const risky = ['Konto löschen', 'Jetzt kaufen', 'Supprimer le compte', 'Payer maintenant', 'Eliminar pedido', 'Excluir conta', 'Finalizar compra', '注文を削除', '購入する', '주문 삭제', '결제하기', '删除订单', '立即支付', '刪除訂單', '取消訂閱'];
  const safe = ['Speichern', 'Enregistrer', 'Guardar cambios', 'Salvar', '保存', '저장', '保存设置', 'Weiter', 'Suivant'];
  for (const label of risky) it(`asks before "${label}"`, () => expect(asks(label)).to.equal(true));
  it('lets everyday controls through unasked', () => {
    expect(safe.filter(asks)).to.deep.equal([]);
  });
});

describe('questions in the page language', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  async function mount(locale: string, json: Record<string, unknown> = {}): Promise<WebAgentElement> {
    const agent = await fixture<WebAgentElement>(html`<web-agent endpoint=${lane.baseURL} model="test-model" agent-name="Ava" locale=${locale}
      ><script type="application/json">${JSON.stringify({ sessionStorageKey: `test.lang.${lane.id}`, ...json })}</script></web-agent
    >`);
    await waitFor(() => agent.strings.send !== english.send || locale === 'en', 'the language pack');
    return agent;
  }

  it('asks to confirm a risky click in German, naming the button as the page does', async () => {
    const page = await fixture(html`<div><button type="button">Konto löschen</button></div>`);
    const button = page.querySelector('button')!;
    await lane.script({ turn: { memory: 'x', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(button)}]` } }] } });
    const agent = await mount('de');
    const asked = nextEvent(agent, 'confirm-action');
    void agent.run('Lösch mein Konto');
    const event = await asked;
    // Hosts still get the agent's own description, and know it is not theirs.
    expect(event.detail.custom).to.equal(false);
    expect(event.detail.targetName).to.equal('Konto löschen');
    await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the question in the bar');
    expect(subtitleText(agent)).to.equal('„Konto löschen“ anklicken?');
    expect(shadow(agent, '[part~="button-primary"]')!.textContent!.trim()).to.equal('Erlauben');
    expect(shadow(agent, '[part~="live"]')!.textContent!.trim()).to.equal('„Konto löschen“ anklicken?');
    agent.stop();
  });

  it('asks before a key press that would submit a risky form, naming its button', async () => {
    const page = await fixture(html`<form onsubmit="return false"><label>Grund <input /></label> <button>Konto löschen</button></form>`);
    const field = page.querySelector('input')!;
    await lane.script({ turn: { memory: 'x', todos_remaining: [], actions: [{ tool: 'press_key', args: { key: 'Enter', selector: `[${elementId(field)}]` } }] } });
    const agent = await mount('de');
    void agent.run('Konto mit Enter löschen');
    await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the question in the bar');
    expect(subtitleText(agent)).to.equal('„Konto löschen“ betätigen?');
    agent.stop();
  });

  it('asks about a risky custom action by its name, and shows a host message as written', async () => {
    await lane.script(
      { turn: { memory: 'x', todos_remaining: ['y'], actions: [{ tool: 'purge_cache', args: {} }] } },
      { turn: { memory: 'y', todos_remaining: [], actions: [{ tool: 'refund_order', args: { id: '1042' } }] } },
    );
    const agent = await mount('ja');
    agent.registerAction({ name: 'purge_cache', description: 'Empties the cache.', parameters: { type: 'object', properties: {} }, handler: () => 'purged' });
    agent.registerAction({
      name: 'refund_order',
      description: 'Refunds an order.',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      confirmationMessage: (params: { id: string }) => `注文 ${params.id} を返金しますか？`,
      handler: () => 'refunded',
    });
    void agent.run('キャッシュを消して返金して');
    await waitFor(() => subtitleText(agent) === 'Ava に「purge cache」の実行を許可しますか？', 'the generic question', 15_000);
    // Real clicks: a script-made one no longer approves (issue 13, point 4).
    await realClick(shadow(agent, '[part~="button-primary"]')!);
    await waitFor(() => subtitleText(agent) === '注文 1042 を返金しますか？', "the host's own question", 15_000);
    const done = nextEvent(agent, 'done');
    await realClick(shadow(agent, '[part~="button-primary"]')!);
    await done;
  });
});
