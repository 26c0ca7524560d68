// Serves a file from node_modules byte for byte, as a site serves a library it ships:
// GET /__raw__?path=mootools/lib/mootools-core-1.5.2-server.js. The dev server's own route
// (/node_modules/…) runs a library through its module transforms, which make a classic script
// strict (`this` at its top is then undefined, and a library that hangs itself on it never runs).
// The address has no file extension, so no plugin that picks files by theirs touches the answer.
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

export function rawModuleMiddleware() {
  const root = resolve('node_modules');
  return async function rawModule(context, next) {
    if (context.path !== '/__raw__') return next();
    const file = resolve(root, String(context.query.path ?? ''));
    if (!file.startsWith(root + sep)) {
      context.status = 400;
      context.body = 'outside node_modules';
      return undefined;
    }
    try {
      context.body = await readFile(file);
      context.type = 'text/javascript';
    } catch {
      context.status = 404;
      context.body = 'no such file';
    }
    return undefined;
  };
}
