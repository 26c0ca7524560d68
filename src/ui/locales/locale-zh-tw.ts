import type { Strings } from '../i18n.js';

export const strings: Strings = {
  allow: '允許',
  cancel: '取消',
  send: '送出',
  stop: '停止',
  stopped: '已停止。',
  thinking: '思考中…',
  done: '✓ 完成',
  askPlaceholder: '輸入你的回答…',
  askOtherPlaceholder: '或輸入其他回答…',
  launcherLabel: '詢問 {agentName}',
  promptLabel: '要請 {agentName} 做什麼？',
  promptPlaceholder: '例如：找出我最近的訂單',
  offlinePrefix: '離線：',
  errorPrefix: '錯誤：',
  pressSpaceToContinue: '按空白鍵繼續',
  continue: '繼續',
  feedbackYes: '👍 是',
  feedbackNo: '👎 否',
  retrying: '模型忙碌中，{seconds} 秒後重試…',
};
