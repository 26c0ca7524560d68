// What the tasks' checks are made of: the site's stored state, what the page shows, what the
// visitor was shown and asked. Never the model's words. Each returns { ok, detail }.

/** A value the site keeps in localStorage (JSON), or `fallback` when it has none. */
export async function stored(page, key, fallback = undefined) {
  const raw = await page.evaluate((name) => localStorage.getItem(name), key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Whether `actual` holds every field of `expected` (strings compared trimmed, case-insensitive). */
export function matches(actual, expected) {
  const wrong = [];
  for (const [key, want] of Object.entries(expected)) {
    const have = actual?.[key];
    const same = typeof want === 'string' ? String(have ?? '').trim().toLowerCase() === want.toLowerCase() : JSON.stringify(have) === JSON.stringify(want);
    if (!same) wrong.push(`${key} is ${JSON.stringify(have)}, expected ${JSON.stringify(want)}`);
  }
  return { ok: wrong.length === 0, detail: wrong.length ? wrong.join('; ') : 'as expected' };
}

/** Every check must pass; the detail lists what each saw. */
export function all(...verdicts) {
  return { ok: verdicts.every((verdict) => verdict.ok), detail: verdicts.map((verdict) => verdict.detail).join(' · ') };
}

export function verdict(ok, detail) {
  return { ok: Boolean(ok), detail };
}

/** The visible text of the first element matching `selector` on the current page ('' if none). */
export async function shownText(page, selector) {
  const element = page.locator(selector).filter({ visible: true }).first();
  return (await element.count()) ? (await element.innerText()).replace(/\s+/g, ' ').trim() : '';
}

/** Whether the visitor was asked to confirm something whose message matches `pattern`. */
export function confirmationShown(visitor, pattern) {
  const asked = visitor.filter((entry) => entry.kind === 'confirm');
  const hit = asked.find((entry) => pattern.test(entry.text));
  return verdict(hit, hit ? `the visitor was asked “${hit.text}” and ${hit.answer} it` : asked.length ? `the visitor was asked only: ${asked.map((entry) => `“${entry.text}”`).join(', ')}` : 'the visitor was never asked to confirm');
}
