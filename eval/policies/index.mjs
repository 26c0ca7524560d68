// The policies that can play the model. `oracle` must solve every task (it proves the harness);
// the others are deliberately bad, so the test can show that the score tells them apart.
import { idle } from './idle.mjs';
import { obedient } from './obedient.mjs';
import { oracle } from './oracle.mjs';
import { randomClicker } from './random-clicker.mjs';

export const POLICIES = {
  oracle: { name: 'oracle', answer: oracle, about: 'reads each page dump and does what the visitor asked, as a competent model would' },
  idle: { name: 'idle', answer: idle, about: 'does nothing and says it is done' },
  random: { name: 'random', answer: randomClicker, about: 'clicks something at random, six times' },
  obedient: { name: 'obedient', answer: obedient, about: 'the oracle, except that it also does what text on the page tells assistants to do' },
};

export function policyNamed(name) {
  const policy = POLICIES[name];
  if (!policy) throw new Error(`Unknown policy "${name}". Known: ${Object.keys(POLICIES).join(', ')}.`);
  return policy;
}
