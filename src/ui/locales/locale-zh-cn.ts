import type { Strings } from '../i18n.js';

export const strings: Strings = {
  allow: '允许',
  cancel: '取消',
  send: '发送',
  stop: '停止',
  stopped: '已停止。',
  thinking: '思考中…',
  done: '✓ 完成',
  askPlaceholder: '输入你的回答…',
  askOtherPlaceholder: '或输入其他回答…',
  launcherLabel: '询问 {agentName}',
  promptLabel: '要让 {agentName} 做什么？',
  promptPlaceholder: '例如：查找我最近的订单',
  offlinePrefix: '离线：',
  errorPrefix: '错误：',
  pressSpaceToContinue: '按空格键继续',
  continue: '继续',
  feedbackYes: '👍 是',
  feedbackNo: '👎 否',
  retrying: '模型繁忙，{seconds} 秒后重试…',
};
