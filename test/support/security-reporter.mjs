// The results part of docs/security.md, generated from a run of every security suite
// (test/security-*.test.ts: the red team's attacks and the leak tests alike) in each engine: per
// file and per class of attack (a top-level describe), every form tried (an it) and how it ended.
// The rest of the document is prose written by hand; only the block between the markers below is
// rewritten, and only by `npm run docs` (see run-report.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describesOf, engineLines, runReport } from './run-report.mjs';

const START = '<!-- security-results:start -->';
const END = '<!-- security-results:end -->';
const MARK = { passed: '✓', failed: '✗ failed', skipped: 'skipped' };

export function securityReport({ rootDir = process.cwd(), resultsDir = 'bench/results', docPath = 'docs/security.md' } = {}) {
  return runReport({
    family: 'security',
    docPath,
    rootDir,
    resultsDir,
    render(records, onDisk) {
      const doc = readFileSync(join(rootDir, docPath), 'utf8');
      const from = doc.indexOf(START);
      const to = doc.indexOf(END);
      if (from < 0 || to < from) throw new Error(`${docPath} has no ${START} … ${END} block`);
      const results = renderResults(records, onDisk, (file) => headerComment(join(rootDir, file)));
      return `${doc.slice(0, from + START.length)}\n${results}\n${doc.slice(to)}`;
    },
  });
}

/**
 * The leading `//` comment of a test file: what it attacks, in its author's words. Wrapped lines are
 * joined; a line starting with `- ` starts a list item, which indented lines continue, so a
 * bulleted header reads as a list.
 */
function headerComment(path) {
  let text = '';
  let inItem = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.startsWith('//')) break;
    const words = line.replace(/^\/\/ ?/, '');
    if (words.startsWith('- ')) {
      text += `${inItem ? '\n' : '\n\n'}${words}`;
      inItem = true;
    } else if (inItem && !words.startsWith(' ')) {
      text += `\n\n${words}`;
      inItem = false;
    } else text += ` ${words.trim()}`;
  }
  return text.trim();
}

export function renderResults(records, onDisk, describe = () => '') {
  const engines = records.map((record) => record.engine);
  const files = [...new Set([...onDisk, ...records.flatMap((record) => Object.keys(record.files))])].sort();
  const outcome = (record, file, describeName, name) => {
    const result = record.files[file];
    if (!result) return 'not run';
    const entry = result.cases.find((candidate) => candidate.describe === describeName && candidate.name === name);
    return entry ? MARK[entry.outcome] : 'not run';
  };
  let forms = 0;
  let classes = 0;
  let failing = 0;
  let skippedSomewhere = 0;
  // Forms each engine's record holds no outcome for (a file written after that engine last ran).
  const notRun = Object.fromEntries(engines.map((engine) => [engine, 0]));
  const summary = [`| class of attack | file | forms tried | ${engines.join(' | ')} |`, `| --- | --- | ---: | ${engines.map(() => '---').join(' | ')} |`];
  const detail = [];
  for (const file of files) {
    const short = file.replace(/^test\//, '');
    detail.push(`### \`${file}\``, '');
    const about = describe(file);
    if (about) detail.push(about, '');
    for (const record of records) {
      const result = record.files[file];
      if (result && !result.loaded) {
        failing += 1;
        detail.push(`⚠️ ${record.engine}: the file failed outside its tests: ${result.errors.join('; ') || 'see the run log'}.`, '');
      }
    }
    for (const describeName of describesOf(records, file)) {
      classes += 1;
      const names = [...new Set(records.flatMap((record) => (record.files[file]?.cases ?? []).filter((entry) => entry.describe === describeName).map((entry) => entry.name)))];
      forms += names.length;
      const cells = records.map((record) => {
        const cases = (record.files[file]?.cases ?? []).filter((entry) => entry.describe === describeName);
        if (!cases.length) return 'not run';
        const count = (kind) => cases.filter((entry) => entry.outcome === kind).length;
        return [`${count('passed')} ✓`, count('failed') && `${count('failed')} ✗`, count('skipped') && `${count('skipped')} skipped`].filter(Boolean).join(' · ');
      });
      summary.push(`| ${describeName} | ${short} | ${names.length} | ${cells.join(' | ')} |`);
      detail.push(`#### ${describeName}`, '', `| form tried | ${engines.join(' | ')} |`, `| --- | ${engines.map(() => '---').join(' | ')} |`);
      for (const name of names) {
        const marks = records.map((record) => outcome(record, file, describeName, name));
        if (marks.includes(MARK.failed)) failing += 1;
        if (marks.includes(MARK.skipped)) skippedSomewhere += 1;
        marks.forEach((mark, index) => mark === 'not run' && (notRun[engines[index]] += 1));
        detail.push(`| ${name.replace(/\|/g, '\\|')} | ${marks.join(' | ')} |`);
      }
      detail.push('');
    }
  }
  const missing = engines.filter((engine) => notRun[engine]);
  const verdict = `${failing ? `${failing} failing` : missing.length ? 'all that ran passed' : 'all passed'}${missing.length ? ` (forms with no outcome in an engine's last record, as they were added or renamed since it ran or before: ${missing.map((engine) => `${notRun[engine]} in ${engine}`).join(', ')})` : ''}`;
  const skipped = skippedSomewhere ? ` ${skippedSomewhere} ${skippedSomewhere === 1 ? 'form was' : 'forms were'} skipped in an engine that lacks what ${skippedSomewhere === 1 ? 'it needs' : 'they need'} (see the gaps above).` : '';
  return [
    '<!-- Generated by test/support/security-reporter.mjs from `npm run docs`; do not edit by hand. -->',
    '',
    ...engineLines(records),
    '',
    `**${forms} forms tried in ${classes} classes, ${missing.length ? '' : 'each '}in ${engines.join(', ')}: ${verdict}.**${skipped}`,
    '',
    ...summary,
    '',
    ...detail,
  ]
    .join('\n')
    .trimEnd();
}
