// A bad policy: runs no tool and claims success. Every task must fail with it.
export function idle() {
  return { memory: 'Nothing to do.', todos_remaining: [], actions: [{ narrate: 'All done!' }] };
}
