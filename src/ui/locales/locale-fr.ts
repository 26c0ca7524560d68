import type { Strings } from '../i18n.js';

// French puts a no-break space before ? and : so the mark never wraps onto its own line.
const nbsp = '\u00a0';

export const strings: Strings = {
  allow: 'Autoriser',
  cancel: 'Annuler',
  send: 'Envoyer',
  stop: 'Arrêter',
  stopped: 'Arrêté.',
  thinking: 'Réflexion…',
  done: '✓ Terminé',
  notDone: '✗ Pas possible',
  askPlaceholder: 'Saisissez votre réponse…',
  askOtherPlaceholder: 'Ou saisissez une autre réponse…',
  launcherLabel: 'Demander à {agentName}',
  promptLabel: `Que doit faire {agentName}${nbsp}?`,
  promptPlaceholder: `p. ex.${nbsp}: Retrouver ma dernière commande`,
  errorUnavailable: '{agentName} est injoignable pour le moment. Réessayez dans un instant.',
  errorProblem: `Un problème est survenu. La conversation est conservée${nbsp}; vous pouvez redemander.`,
  pressSpaceToContinue: 'Appuyez sur Espace pour continuer',
  more: 'Suite',
  continue: 'Continuer',
  feedbackYes: '👍 Oui',
  feedbackNo: '👎 Non',
  retrying: 'Service occupé ; nouvel essai dans {seconds} s…',
  history: 'Historique',
  historyEmpty: 'Rien n’a encore été demandé dans cette conversation.',
  you: 'Vous',
  failed: 'Impossible de terminer.',
  confirmClick: `Cliquer sur «${nbsp}{target}${nbsp}»${nbsp}?`,
  confirmChange: `Modifier «${nbsp}{target}${nbsp}»${nbsp}?`,
  confirmPress: `Appuyer sur «${nbsp}{target}${nbsp}»${nbsp}?`,
  confirmAction: `Autoriser {agentName} à exécuter «${nbsp}{action}${nbsp}»${nbsp}?`,
  busy: `La demande précédente est encore en cours${nbsp}: arrêtez-la d’abord ou attendez qu’elle se termine.`,
};
