// Two reports side by side: model A against model B, or the same model before and after a prompt
// change. A difference in success rate is called better or worse only when the two 95% intervals
// do not overlap; otherwise it is within what chance gives with this many attempts.
import { describeModel, percent, REPORT_FORMAT, seconds, solvedText, tokens } from './report.mjs';
import { separated } from './stats.mjs';

export function compareReports(a, b) {
  for (const report of [a, b]) {
    if (report?.format !== REPORT_FORMAT) throw new Error(`Not an evaluation report (format ${JSON.stringify(report?.format)}, expected ${REPORT_FORMAT}).`);
  }
  const names = [a.run.label ?? 'A', b.run.label ?? 'B'];
  if (names[0] === names[1]) names.splice(0, 2, `A (${names[0]})`, `B (${names[1]})`);
  const lines = [
    `# ${names[0]} vs ${names[1]}`,
    '',
    `- **${names[0]}**: ${describeModel(a.run)}, ${a.run.startedAt}${a.run.commit ? `, commit ${a.run.commit}` : ''}`,
    `- **${names[1]}**: ${describeModel(b.run)}, ${b.run.startedAt}${b.run.commit ? `, commit ${b.run.commit}` : ''}`,
    '',
    `| | ${names[0]} | ${names[1]} | change |`,
    '|---|---|---|---|',
    `| solved | ${solvedText(a.totals)} | ${solvedText(b.totals)} | ${verdict(a.totals, b.totals)} |`,
    `| turns an attempt | ${a.totals.turns.toFixed(1)} | ${b.totals.turns.toFixed(1)} | ${change(a.totals.turns, b.totals.turns, (value) => value.toFixed(1))} |`,
    `| prompt tokens an attempt | ${tokens(a.totals.promptTokens)} | ${tokens(b.totals.promptTokens)} | ${change(a.totals.promptTokens, b.totals.promptTokens, tokens)} |`,
    `| completion tokens an attempt | ${tokens(a.totals.completionTokens)} | ${tokens(b.totals.completionTokens)} | ${change(a.totals.completionTokens, b.totals.completionTokens, tokens)} |`,
    `| time an attempt | ${seconds(a.totals.timeMs)} | ${seconds(b.totals.timeMs)} | ${change(a.totals.timeMs, b.totals.timeMs, seconds)} |`,
    `| errors | ${a.totals.errors} | ${b.totals.errors} | ${change(a.totals.errors, b.totals.errors, String)} |`,
    '',
    '## Tasks',
    '',
    `| task | ${names[0]} | ${names[1]} | change | turns | prompt tokens |`,
    '|---|---|---|---|---|---|',
  ];
  const ids = [...new Set([...a.tasks.map((task) => task.id), ...b.tasks.map((task) => task.id)])];
  for (const id of ids) {
    const left = a.tasks.find((task) => task.id === id);
    const right = b.tasks.find((task) => task.id === id);
    if (!left || !right) {
      lines.push(`| ${id} | ${left ? solvedText(left) : '—'} | ${right ? solvedText(right) : '—'} | only in ${left ? names[0] : names[1]} | | |`);
      continue;
    }
    lines.push(`| ${id} | ${solvedText(left)} | ${solvedText(right)} | ${verdict(left, right)} | ${left.turns.toFixed(1)} → ${right.turns.toFixed(1)} | ${tokens(left.promptTokens)} → ${tokens(right.promptTokens)} |`);
  }
  lines.push('', 'Better or worse: the two 95% intervals do not overlap. ~: the difference is within chance at this many attempts (run more with `--repeat`).');
  return `${lines.join('\n')}\n`;
}

function verdict(left, right) {
  const delta = right.rate - left.rate;
  if (delta === 0) return 'same';
  const sign = `${delta > 0 ? '+' : '−'}${percent(Math.abs(delta))}`;
  if (!separated(left.interval, right.interval)) return `~ ${sign}`;
  return `**${delta > 0 ? 'better' : 'worse'}** ${sign}`;
}

function change(before, after, format) {
  if (before === after) return 'same';
  const delta = after - before;
  const relative = before ? ` (${delta > 0 ? '+' : '−'}${percent(Math.abs(delta) / before)})` : '';
  return `${delta > 0 ? '+' : '−'}${format(Math.abs(delta))}${relative}`;
}
