// Lets a test make the requests for one chunk of the standalone build fail, as a network outage or a
// deploy that removed the old chunks would: GET /__fail-chunk__?name=select-option makes every request
// whose path holds /chunks/select-option- answer 404, until GET /__fail-chunk__ (no name) ends it.
export function chunkFailMiddleware() {
  let failing = '';
  return async function failChunk(context, next) {
    if (context.path === '/__fail-chunk__') {
      failing = String(context.query.name ?? '');
      context.body = 'ok';
      return undefined;
    }
    if (failing && context.path.includes(`/chunks/${failing}-`)) {
      context.status = 404;
      context.body = 'gone';
      return undefined;
    }
    return next();
  };
}
