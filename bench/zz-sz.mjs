import { build } from 'esbuild';
const out = await build({ entryPoints: [process.argv[2]], bundle: false, write: false, format: 'esm', minify: true, charset: 'utf8' });
process.stdout.write(out.outputFiles[0].text);
