/**
 * Every built-in string the UI shows. `{agentName}` is replaced by {@link formatString}.
 * Hosts can override any of them through `localize(locale, overrides)`.
 */
export interface Strings {
  allow: string;
  cancel: string;
  send: string;
  stop: string;
  /** Closing line when the visitor stopped or declined. */
  stopped: string;
  thinking: string;
  done: string;
  askPlaceholder: string;
  /** Accessible name of the launcher button; `{agentName}` is substituted. */
  launcherLabel: string;
  /** Label of the prompt field; `{agentName}` is substituted. */
  promptLabel: string;
  promptPlaceholder: string;
  offlinePrefix: string;
  errorPrefix: string;
  pressSpaceToContinue: string;
}

// French puts a no-break space before ? and : so the mark never wraps onto its own line.
const nbsp = '\u00a0';

export const strings = {
  en: {
    allow: 'Allow',
    cancel: 'Cancel',
    send: 'Send',
    stop: 'Stop',
    stopped: 'Stopped.',
    thinking: 'Thinking…',
    done: '✓ Done',
    askPlaceholder: 'Type your answer…',
    launcherLabel: 'Ask {agentName}',
    promptLabel: 'What should {agentName} do?',
    promptPlaceholder: 'e.g. Find my latest order',
    offlinePrefix: 'Offline:',
    errorPrefix: 'Error:',
    pressSpaceToContinue: 'Press Space to continue',
  },
  'zh-TW': {
    allow: '允許',
    cancel: '取消',
    send: '送出',
    stop: '停止',
    stopped: '已停止。',
    thinking: '思考中…',
    done: '✓ 完成',
    askPlaceholder: '輸入你的回答…',
    launcherLabel: '詢問 {agentName}',
    promptLabel: '要請 {agentName} 做什麼？',
    promptPlaceholder: '例如：找出我最近的訂單',
    offlinePrefix: '離線：',
    errorPrefix: '錯誤：',
    pressSpaceToContinue: '按空白鍵繼續',
  },
  'zh-CN': {
    allow: '允许',
    cancel: '取消',
    send: '发送',
    stop: '停止',
    stopped: '已停止。',
    thinking: '思考中…',
    done: '✓ 完成',
    askPlaceholder: '输入你的回答…',
    launcherLabel: '询问 {agentName}',
    promptLabel: '要让 {agentName} 做什么？',
    promptPlaceholder: '例如：查找我最近的订单',
    offlinePrefix: '离线：',
    errorPrefix: '错误：',
    pressSpaceToContinue: '按空格键继续',
  },
  ja: {
    allow: '許可',
    cancel: 'キャンセル',
    send: '送信',
    stop: '停止',
    stopped: '停止しました。',
    thinking: '考え中…',
    done: '✓ 完了',
    askPlaceholder: '回答を入力…',
    launcherLabel: '{agentName}に質問',
    promptLabel: '{agentName}に何を頼みますか？',
    promptPlaceholder: '例：最新の注文を探す',
    offlinePrefix: 'オフライン：',
    errorPrefix: 'エラー：',
    pressSpaceToContinue: 'スペースキーで続行',
  },
  ko: {
    allow: '허용',
    cancel: '취소',
    send: '보내기',
    stop: '중지',
    stopped: '중지했습니다.',
    thinking: '생각 중…',
    done: '✓ 완료',
    askPlaceholder: '답변을 입력하세요…',
    launcherLabel: '{agentName}에게 묻기',
    // Phrased with 에게 so the sentence is correct whatever the name's final consonant.
    promptLabel: '{agentName}에게 무엇을 맡길까요?',
    promptPlaceholder: '예: 최근 주문 찾기',
    offlinePrefix: '오프라인:',
    errorPrefix: '오류:',
    pressSpaceToContinue: '계속하려면 스페이스 키를 누르세요',
  },
  es: {
    allow: 'Permitir',
    cancel: 'Cancelar',
    send: 'Enviar',
    stop: 'Detener',
    stopped: 'Detenido.',
    thinking: 'Pensando…',
    done: '✓ Listo',
    askPlaceholder: 'Escribe tu respuesta…',
    launcherLabel: 'Preguntar a {agentName}',
    promptLabel: '¿Qué quieres que haga {agentName}?',
    promptPlaceholder: 'p. ej., Buscar mi último pedido',
    offlinePrefix: 'Sin conexión:',
    errorPrefix: 'Error:',
    pressSpaceToContinue: 'Pulsa Espacio para continuar',
  },
  fr: {
    allow: 'Autoriser',
    cancel: 'Annuler',
    send: 'Envoyer',
    stop: 'Arrêter',
    stopped: 'Arrêté.',
    thinking: 'Réflexion…',
    done: '✓ Terminé',
    askPlaceholder: 'Saisissez votre réponse…',
    launcherLabel: 'Demander à {agentName}',
    promptLabel: `Que doit faire {agentName}${nbsp}?`,
    promptPlaceholder: `p. ex.${nbsp}: Retrouver ma dernière commande`,
    offlinePrefix: `Hors ligne${nbsp}:`,
    errorPrefix: `Erreur${nbsp}:`,
    pressSpaceToContinue: 'Appuyez sur Espace pour continuer',
  },
  de: {
    allow: 'Erlauben',
    cancel: 'Abbrechen',
    send: 'Senden',
    stop: 'Stoppen',
    stopped: 'Gestoppt.',
    thinking: 'Denke nach…',
    done: '✓ Fertig',
    askPlaceholder: 'Antwort eingeben…',
    launcherLabel: '{agentName} fragen',
    promptLabel: 'Was soll {agentName} tun?',
    promptPlaceholder: 'z. B. Meine letzte Bestellung finden',
    offlinePrefix: 'Offline:',
    errorPrefix: 'Fehler:',
    pressSpaceToContinue: 'Leertaste drücken, um fortzufahren',
  },
  pt: {
    allow: 'Permitir',
    cancel: 'Cancelar',
    send: 'Enviar',
    stop: 'Parar',
    stopped: 'Parado.',
    thinking: 'Pensando…',
    done: '✓ Concluído',
    askPlaceholder: 'Digite sua resposta…',
    launcherLabel: 'Perguntar a {agentName}',
    promptLabel: 'O que {agentName} deve fazer?',
    promptPlaceholder: 'ex.: Encontrar meu último pedido',
    offlinePrefix: 'Sem conexão:',
    errorPrefix: 'Erro:',
    pressSpaceToContinue: 'Pressione Espaço para continuar',
  },
} as const satisfies Record<string, Strings>;

export type Locale = keyof typeof strings;

const locales = Object.keys(strings) as Locale[];

/**
 * The built-in strings for `locale` (a BCP 47 tag such as `pt-BR`): exact match (case-insensitive),
 * then the language alone, then English; `overrides` win over all of them.
 */
export function localize(locale: string | undefined, overrides?: Partial<Strings>): Strings {
  return { ...strings[resolveLocale(locale)], ...overrides };
}

export function resolveLocale(locale: string | undefined): Locale {
  const tag = (locale ?? '').trim().replace(/_/g, '-').toLowerCase();
  const exact = locales.find((candidate) => candidate.toLowerCase() === tag);
  if (exact) return exact;
  const [language, ...subtags] = tag.split('-');
  // Chinese has no bare `zh` entry: the script or region decides between the two written forms.
  if (language === 'zh') {
    return subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag)) ? 'zh-TW' : 'zh-CN';
  }
  return locales.find((candidate) => candidate === language) ?? 'en';
}

/** Replaces `{name}` placeholders; unknown placeholders are left as written. */
export function formatString(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
