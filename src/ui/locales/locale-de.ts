import type { Strings } from '../i18n.js';

export const strings: Strings = {
  allow: 'Erlauben',
  cancel: 'Abbrechen',
  send: 'Senden',
  stop: 'Stoppen',
  stopped: 'Gestoppt.',
  thinking: 'Denke nach…',
  done: '✓ Fertig',
  askPlaceholder: 'Antwort eingeben…',
  askOtherPlaceholder: 'Oder eine andere Antwort eingeben…',
  launcherLabel: '{agentName} fragen',
  promptLabel: 'Was soll {agentName} tun?',
  promptPlaceholder: 'z. B. Meine letzte Bestellung finden',
  offlinePrefix: 'Offline:',
  errorPrefix: 'Fehler:',
  pressSpaceToContinue: 'Leertaste drücken, um fortzufahren',
  continue: 'Weiter',
  feedbackYes: '👍 Ja',
  feedbackNo: '👎 Nein',
  retrying: 'Dienst ausgelastet – neuer Versuch in {seconds} s…',
};
