// Case bodies for widget shapes that several libraries share: the same task a person would do the
// same way, whatever library drew the widget. Each builder takes what differs (the names a person
// reads, the status line the page shows) and plays the task from the dump alone, as gallery-case.ts
// expects of every body. A library whose widget needs another way keeps its own body.
import { stateText, type CaseBody } from './gallery-case.js';
import { check, choose, click, done, fill, press, stuck, waitOnce } from '../support/dump-policy.js';
import type { LineQuery } from '../support/dump-lines.js';

/** A status line `[data-state=state]` reading `shows` once the task is done. */
interface Status {
  state: string;
  shows: string;
  /** What the policy says when the dump shows the task done. */
  said: string;
}

/** Picks `option` in a combobox (a plain dropdown, or one that loads its options as you type). */
export function pickOption(combobox: LineQuery, what: string, option: string, { state, shows, said }: Status): CaseBody {
  return {
    decide(view) {
      if (view.shows(shows)) return done(said);
      return [choose(view.need(combobox, what), option)];
    },
    check: (root) => stateText(root, state, shows),
  };
}

/** Opens a menu by its `trigger` button, opens the `parent` item's submenu and picks `item` there. */
export function submenuPick(trigger: string, parent: RegExp, item: string, { state, shows, said }: Status): CaseBody {
  return {
    decide(view) {
      if (view.shows(shows)) return done(said);
      // Under load the dump after the pick can still show the menu fading out: read again once.
      const pick = view.find({ role: 'menuitem', name: item });
      if (pick) return view.did('click', pick) ? waitOnce(view, `${item} was clicked but the menu stays open`) : [click(pick)];
      const opener = view.find({ role: 'menuitem', name: parent });
      if (opener) return view.did('click', opener) ? waitOnce(view, `${parent.source} was clicked but the dump shows no ${item} item`) : [click(opener)];
      const button = view.need({ role: 'button', name: trigger });
      if (view.did('click', button)) return waitOnce(view, `the menu was opened but the dump shows no ${parent.source} item`);
      return [click(button)];
    },
    check: (root) => stateText(root, state, shows),
  };
}

/** Clicks `button`, then answers with what the notification it raises says; the answer must match `answer`. */
export function toastAnswer(button: string, toast: RegExp, answer: RegExp): CaseBody {
  return {
    decide(view) {
      const line = view.find({ text: toast });
      if (line) return done(`The notification says: ${line.text}`);
      const save = view.need({ role: 'button', name: button });
      if (view.did('click', save)) return waitOnce(view, `${button} was clicked (${view.results.trim()}) but the dump shows no notification`);
      return [click(save)];
    },
    check: (root, run) => ({ ok: answer.test(run.verdict.done ?? ''), shows: `the answer "${run.verdict.done ?? '(none)'}"` }),
  };
}

/** Turns on the switch `name` (or a checkbox drawn as one), first opening the drawer behind `opener` when given. */
export function switchOn(name: string, { state, shows, said }: Status, opener?: string): CaseBody {
  return {
    decide(view) {
      const toggle = view.find({ role: 'switch', name }) ?? view.find({ state: { type: 'checkbox' }, name });
      if (toggle && ('checked' in toggle.attrs || toggle.attrs['aria-checked'] === 'true')) return done(said);
      if (toggle) return view.did('check', toggle) ? stuck(`check did not turn it on: ${view.results.trim()}`) : [check(toggle)];
      if (!opener) return stuck(`the dump shows no ${name} switch`);
      const button = view.need({ role: 'button', name: opener });
      if (view.did('click', button)) return waitOnce(view, `${opener} was clicked but the dump shows no ${name} switch`);
      return [click(button)];
    },
    check: (root) => stateText(root, state, shows),
  };
}

/** Moves the slider `name` to `target` with arrow keys, as a keyboard user does. */
export function sliderTo(name: string, target: number, { state, shows, said }: Status): CaseBody {
  return {
    decide(view) {
      const slider = view.need({ role: 'slider', name });
      const value = Number(slider.attrs.value ?? slider.attrs['aria-valuenow']);
      if (value === target) return done(said);
      if (view.did('press_key') && /nothing changed/.test(view.results)) return stuck(`${view.results.trim().replace(/^1\. /, '')} (the value stays ${value})`);
      return [press(value < target ? 'ArrowRight' : 'ArrowLeft', slider, Math.min(20, Math.abs(target - value)))];
    },
    check: (root) => stateText(root, state, shows),
  };
}

/** Opens a dialog by the button `opener`, fills `field` with `value` and saves it with the button `save`. */
export function dialogFill(opener: string, field: string, value: string, save: string, { state, shows, said }: Status): CaseBody {
  return {
    decide(view) {
      if (view.shows(shows)) return done(said);
      const input = view.find({ tag: 'input', name: field });
      if (!input && view.did('click')) return waitOnce(view, `the dialog opened ("${view.results.trim()}") but the dump shows no ${field} field`);
      if (!input) return [click(view.need({ role: 'button', name: opener }))];
      if (input.attrs.value !== value) return [fill(input, value)];
      const button = view.need({ role: 'button', name: save });
      if (view.did('click', button)) return waitOnce(view, `after a click on ${save} (${view.results.trim()}) the dump still shows the dialog`);
      return [click(button)];
    },
    check: (root) => stateText(root, state, shows),
  };
}
