import type { Strings } from '../i18n.js';

export const strings: Strings = {
  allow: 'Permitir',
  cancel: 'Cancelar',
  send: 'Enviar',
  stop: 'Detener',
  stopped: 'Detenido.',
  thinking: 'Pensando…',
  done: '✓ Listo',
  askPlaceholder: 'Escribe tu respuesta…',
  askOtherPlaceholder: 'O escribe otra respuesta…',
  launcherLabel: 'Preguntar a {agentName}',
  promptLabel: '¿Qué quieres que haga {agentName}?',
  promptPlaceholder: 'p. ej., Buscar mi último pedido',
  offlinePrefix: 'Sin conexión:',
  errorPrefix: 'Error:',
  pressSpaceToContinue: 'Pulsa Espacio para continuar',
  continue: 'Continuar',
  feedbackYes: '👍 Sí',
  feedbackNo: '👎 No',
  retrying: 'Servicio ocupado; reintentando en {seconds} s…',
};
