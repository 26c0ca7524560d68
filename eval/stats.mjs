// The few statistics a report needs. A success rate from a handful of attempts is uncertain, so
// every rate comes with its Wilson score interval: honest at 0/n and n/n, where the normal
// approximation collapses to a width of zero.

/** 95% Wilson score interval for `successes` out of `n`, as [low, high] in 0..1. */
export function wilson(successes, n, z = 1.959964) {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function mean(values) {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

export function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

/** Whether two intervals do not overlap: the one difference a reader may take as real. */
export function separated([lowA, highA], [lowB, highB]) {
  return highA < lowB || highB < lowA;
}
