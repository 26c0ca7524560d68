import { RECORDING_FORMAT, RECORDING_VERSION, type Recording } from './recording.js';

export type RecordingCheck = { ok: true; recording: Recording } | { ok: false; message: string };

const TARGET_TEXTS = ['name', 'text', 'label', 'placeholder', 'type', 'field', 'href', 'landmark', 'heading', 'item'];

/**
 * Checks a recording a host hands over (often edited by hand) before anything runs, and says what
 * is wrong where: `steps.3.targets.selector.role should be a string`.
 */
export function checkRecording(input: unknown, declared: ReadonlyArray<{ name: string }> = []): RecordingCheck {
  if (typeof input === 'string') {
    const names = declared.map((recording) => `"${recording.name}"`);
    return { ok: false, message: `There is no recording named "${input}"${names.length ? ` (declared: ${names.join(', ')})` : ' (none is declared in the configuration)'}.` };
  }
  const problems: string[] = [];
  const at = (path: string, problem: string) => problems.push(`"${path}" ${problem}`);
  if (!isRecord(input)) return { ok: false, message: 'Invalid recording — expected a JSON object with "version" and "steps".' };
  const label = typeof input.name === 'string' ? `recording "${input.name}"` : 'recording';
  if (input.format !== undefined && input.format !== RECORDING_FORMAT) at('format', `should be "${RECORDING_FORMAT}"`);
  if (typeof input.version !== 'number') at('version', `should be a number (this web-agent reads version ${RECORDING_VERSION})`);
  else if (input.version > RECORDING_VERSION || input.version < 1) {
    return { ok: false, message: `Invalid ${label} — version ${input.version} is not one this web-agent reads (it reads version ${RECORDING_VERSION}).` };
  }
  for (const key of ['name', 'task', 'page', 'recordedAt']) if (input[key] !== undefined && typeof input[key] !== 'string') at(key, 'should be a string');
  if (!Array.isArray(input.steps)) at('steps', 'should be a list of steps');
  else input.steps.forEach((step, index) => checkStep(step, `steps.${index}`, at));
  if (problems.length) return { ok: false, message: `Invalid ${label} — ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}` };
  return { ok: true, recording: input as unknown as Recording };
}

function checkStep(step: unknown, path: string, at: (path: string, problem: string) => void): void {
  if (!isRecord(step)) return at(path, 'should be an object with "narrate" or "action"');
  if (step.hold !== undefined && !(typeof step.hold === 'number' && step.hold >= 0 && step.hold <= 60_000)) at(`${path}.hold`, 'should be milliseconds between 0 and 60000');
  if ('narrate' in step) {
    if (typeof step.narrate !== 'string') at(`${path}.narrate`, 'should be a string');
    return;
  }
  if (typeof step.action !== 'string' || !step.action) return at(path, 'needs "narrate" (a sentence) or "action" (an action name)');
  if (step.params !== undefined && !isRecord(step.params)) at(`${path}.params`, 'should be an object');
  if (step.page !== undefined && typeof step.page !== 'string') at(`${path}.page`, 'should be a string');
  if (step.withheld !== undefined && !(Array.isArray(step.withheld) && step.withheld.every((entry) => typeof entry === 'string'))) at(`${path}.withheld`, 'should be a list of argument names');
  if (step.targets === undefined) return;
  if (!isRecord(step.targets)) return at(`${path}.targets`, 'should be an object');
  for (const [key, target] of Object.entries(step.targets)) {
    const where = `${path}.targets.${key}`;
    if (!isRecord(target)) {
      at(where, 'should be an object describing an element');
      continue;
    }
    if (typeof target.role !== 'string' || !target.role) at(`${where}.role`, 'should be a string');
    if (target.tag !== undefined && typeof target.tag !== 'string') at(`${where}.tag`, 'should be a string');
    for (const text of TARGET_TEXTS) if (target[text] !== undefined && typeof target[text] !== 'string') at(`${where}.${text}`, 'should be a string');
    const nth = target.nth;
    if (nth !== undefined && !(Array.isArray(nth) && nth.length === 2 && nth.every((n) => Number.isInteger(n) && n >= 1))) at(`${where}.nth`, 'should be [position, count]');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
