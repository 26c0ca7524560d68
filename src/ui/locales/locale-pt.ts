import type { Strings } from '../i18n.js';

export const strings: Strings = {
  allow: 'Permitir',
  cancel: 'Cancelar',
  send: 'Enviar',
  stop: 'Parar',
  stopped: 'Parado.',
  thinking: 'Pensando…',
  done: '✓ Concluído',
  askPlaceholder: 'Digite sua resposta…',
  askOtherPlaceholder: 'Ou digite outra resposta…',
  launcherLabel: 'Perguntar a {agentName}',
  promptLabel: 'O que {agentName} deve fazer?',
  promptPlaceholder: 'ex.: Encontrar meu último pedido',
  offlinePrefix: 'Sem conexão:',
  errorPrefix: 'Erro:',
  pressSpaceToContinue: 'Pressione Espaço para continuar',
  continue: 'Continuar',
  feedbackYes: '👍 Sim',
  feedbackNo: '👎 Não',
  retrying: 'Serviço ocupado; tentando de novo em {seconds} s…',
};
