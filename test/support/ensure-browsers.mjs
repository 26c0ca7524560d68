// `node test/support/ensure-browsers.mjs chromium|firefox|webkit ...`
// Runs before the browser tests. Silent when the browsers are there; installs Debian's packages
// when it may (root, or password-less sudo); otherwise prints the one command to run and fails,
// so a missing browser reads as a setup step rather than as a test failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { APT_PACKAGES, BROWSER_NAMES, findBrowser, installCommand } from './find-browsers.mjs';

const requested = process.argv.slice(2).flatMap((arg) => arg.split(',')).filter(Boolean);
const names = requested.length > 0 ? requested : ['chromium'];
const unknown = names.filter((name) => !BROWSER_NAMES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown browser(s): ${unknown.join(', ')}. Expected: ${BROWSER_NAMES.join(', ')}.`);
  process.exit(2);
}

const missing = await findMissing(names);
if (missing.length === 0) process.exit(0);
// A variable pointing nowhere is the user's to fix; installing a package would not change it.
const misconfigured = missing.filter((entry) => entry.error.variable);
if (misconfigured.length > 0) {
  for (const entry of misconfigured) console.error(entry.error.message);
  process.exit(1);
}

const sudo = aptSudoPrefix();
if (sudo === undefined) {
  for (const error of missing.map((entry) => entry.error)) console.error(error.message.split('\n')[0]);
  console.error(`\nInstall the missing browser(s), then run the tests again:\n  ${installCommand(missing.map((entry) => entry.name))}\n`);
  process.exit(1);
}

const packages = missing.flatMap((entry) => APT_PACKAGES[entry.name]);
console.log(`Installing ${packages.join(', ')} with apt-get...`);
// No prompts, ever: CI runs this without a terminal.
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
run([...sudo, 'apt-get', 'update'], env);
run([...sudo, 'apt-get', 'install', '-y', ...packages], env);

const stillMissing = await findMissing(names);
if (stillMissing.length > 0) {
  for (const entry of stillMissing) console.error(entry.error.message);
  process.exit(1);
}

async function findMissing(browserNames) {
  const results = [];
  for (const name of browserNames) {
    try {
      await findBrowser(name);
    } catch (error) {
      results.push({ name, error });
    }
  }
  return results;
}

/** [] as root, ['sudo', '-n'] with password-less sudo, undefined when we cannot install. */
function aptSudoPrefix() {
  if (!existsSync('/usr/bin/apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  const probe = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? ['sudo', '-n'] : undefined;
}

function run(command, env) {
  console.log(`$ ${command.join(' ')}`);
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${command.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}
