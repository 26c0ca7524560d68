// Reading a page dump as a model does, for assertions about where its lines are.

/**
 * Where the dump says a line is: `above`, `on` or `below` the screen, from the last
 * `… above the screen:` / `… on the screen:` / `… below the screen:` line before it (lines come
 * on the screen until one says otherwise).
 */
export function placeOf(dump: string, line: RegExp): 'above' | 'on' | 'below' {
  let place: 'above' | 'on' | 'below' = 'on';
  for (const each of dump.split('\n')) {
    const marker = /^… (above|on|below) the screen:$/.exec(each);
    if (marker) place = marker[1] as typeof place;
    else if (line.test(each)) return place;
  }
  throw new Error(`no line matching ${line} in:\n${dump}`);
}
