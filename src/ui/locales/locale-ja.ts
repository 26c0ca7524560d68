import type { Strings } from '../i18n.js';

export const strings: Strings = {
  allow: '許可',
  cancel: 'キャンセル',
  send: '送信',
  stop: '停止',
  stopped: '停止しました。',
  thinking: '考え中…',
  done: '✓ 完了',
  askPlaceholder: '回答を入力…',
  askOtherPlaceholder: 'または別の回答を入力…',
  launcherLabel: '{agentName}に質問',
  promptLabel: '{agentName}に何を頼みますか？',
  promptPlaceholder: '例：最新の注文を探す',
  offlinePrefix: 'オフライン：',
  errorPrefix: 'エラー：',
  pressSpaceToContinue: 'スペースキーで続行',
  continue: '続行',
  feedbackYes: '👍 はい',
  feedbackNo: '👎 いいえ',
  retrying: '混み合っています。{seconds} 秒後に再試行します…',
};
