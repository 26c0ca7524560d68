// Progress while the suite runs: on a terminal one bar redrawn in place (failures printed above it
// as they happen); elsewhere (CI logs, a pipe) one plain line per attempt, so logs stay readable.
import { seconds } from './report.mjs';

export function createProgress({ stream = process.stdout, tty = Boolean(stream.isTTY) } = {}) {
  let total = 0;
  let done = 0;
  let solved = 0;
  let started = Date.now();
  let timer;
  const clock = () => {
    const elapsed = Math.round((Date.now() - started) / 1000);
    return `${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, '0')}`;
  };
  const bar = () => {
    const width = 24;
    const filled = total ? Math.round((done / total) * width) : 0;
    return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total} · ${solved} solved · ${done - solved} failed · ${clock()}`;
  };
  const redraw = () => stream.write(`\r\x1b[2K${bar()}`);
  const describe = (result) => {
    const head = `${result.ok ? 'ok    ' : 'FAILED'} ${result.task} #${result.repeat}  ${result.turns} turns  ${seconds(result.timeMs)}`;
    return result.ok ? head : `${head}  ${result.outcome}${result.detail ? `: ${result.detail}` : ''}`;
  };
  return {
    start(count) {
      total = count;
      started = Date.now();
      if (tty) {
        redraw();
        timer = setInterval(redraw, 1000);
        timer.unref();
      }
    },
    result(result) {
      done += 1;
      if (result.ok) solved += 1;
      if (!tty) return void stream.write(`[${done}/${total}] ${describe(result)}\n`);
      if (!result.ok) stream.write(`\r\x1b[2K${describe(result)}\n`);
      redraw();
    },
    finish() {
      clearInterval(timer);
      if (tty) stream.write(`\r\x1b[2K${bar()}\n`);
    },
  };
}
