// Lets a test make the next request for one chunk of the standalone build fail, as a flaky
// network or a deploy that removed the old chunks would: GET /__fail-chunk__?name=select-option
// arms it; the next request whose path holds /chunks/select-option- answers 404, then it disarms.
export function chunkFailMiddleware() {
  let failing = '';
  return async function failChunk(context, next) {
    if (context.path === '/__fail-chunk__') {
      failing = String(context.query.name ?? '');
      context.body = 'ok';
      return undefined;
    }
    if (failing && context.path.includes(`/chunks/${failing}-`)) {
      failing = '';
      context.status = 404;
      context.body = 'gone';
      return undefined;
    }
    return next();
  };
}
