import type { Strings } from '../i18n.js';

export const strings: Strings = {
  allow: '허용',
  cancel: '취소',
  send: '보내기',
  stop: '중지',
  stopped: '중지했습니다.',
  thinking: '생각 중…',
  done: '✓ 완료',
  askPlaceholder: '답변을 입력하세요…',
  askOtherPlaceholder: '또는 다른 답변을 입력하세요…',
  launcherLabel: '{agentName}에게 묻기',
  // Phrased with 에게 so the sentence is correct whatever the name's final consonant.
  promptLabel: '{agentName}에게 무엇을 맡길까요?',
  promptPlaceholder: '예: 최근 주문 찾기',
  offlinePrefix: '오프라인:',
  errorPrefix: '오류:',
  pressSpaceToContinue: '계속하려면 스페이스 키를 누르세요',
  continue: '계속',
  feedbackYes: '👍 예',
  feedbackNo: '👎 아니요',
  retrying: '모델이 바쁩니다. {seconds}초 후 다시 시도합니다…',
  history: '기록',
  historyEmpty: '이 대화에서 아직 요청한 내용이 없습니다.',
  you: '나',
  failed: '완료하지 못했습니다.',
};
