// Command-line flags as the benches take them: `--quick`, `--name=value`.
export function readArgs(argv = process.argv.slice(2)) {
  const flag = (name) => argv.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  const value = (name, fallback) => {
    const found = flag(name);
    return found && found.includes('=') ? found.slice(found.indexOf('=') + 1) : fallback;
  };
  return { args: argv, flag, value };
}
