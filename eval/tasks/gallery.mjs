// The widget gallery's pages (test/gallery/apps/): real component libraries as sites ship them,
// built by the gallery's own build with the element's tag added (eval/build.mjs). One or more cases
// per library that the gallery's manifest (test/gallery/gallery-manifest.ts) says work, with its
// task words; the check reads what the widget shows: the selected tab and its panel, the value in
// the select, the status line a switch or a selectmenu updates.
import { all, verdict } from './checks.mjs';

/** The gallery page of a library, as eval/eval-site.mjs serves it. */
const pageOf = (app) => `/eval/gallery/${app}.html`;
/** The gallery page sets this on <html> once its widgets are mounted. */
const READY = 'html[data-gallery-ready]';

/** Whether the text shows anywhere on the page as a person sees it (shadow roots included). */
async function textShown(page, text) {
  const shown = (await page.getByText(text).filter({ visible: true }).count()) > 0;
  return verdict(shown, `“${text}” ${shown ? 'shows' : 'does not show'}`);
}

/** Whether the tab of that name is the selected one, and what it shows is on screen. */
async function tabShown(page, name, content) {
  const selected = (await page.getByRole('tab', { name, selected: true }).count()) > 0;
  return all(verdict(selected, `the ${name} tab is ${selected ? '' : 'not '}selected`), await textShown(page, content));
}

/** The words a page's status line (`data-state=…`) shows, against what the task should leave there. */
async function stateLine(page, state, wanted) {
  const shows = (await page.locator(`[data-state=${state}]`).first().textContent())?.trim() ?? '(nothing)';
  return verdict(shows === wanted, `the page says “${shows}”`);
}

/** The text a widget's element shows (a select's chosen value), against what it should. */
async function widgetShows(page, selector, wanted) {
  const shows = ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  return verdict(shows === wanted, `the widget shows “${shows}”`);
}

/** The value a native <select> (one a widget stands in for) holds. */
async function selectHolds(page, selector, wanted) {
  const value = await page.locator(selector).inputValue();
  return verdict(value === wanted, `the <select> holds “${value}”`);
}

const gallery = (app, key, task) => ({ id: `gallery/${app}-${key}`, start: pageOf(app), ready: READY, ...task });

/** Every library has tabs: pressing one by its name, its panel's words showing once it is chosen. */
const tabsTask = (app, library, prompt, tab, content) =>
  gallery(app, 'tabs', {
    title: `${library}: switch to another tab`,
    prompt,
    goal: [{ press: tab, expect: content }],
    checks: `the ${tab} tab is selected and its panel (“${content}”) shows`,
    check: async ({ page }) => tabShown(page, tab, content),
  });

export const galleryTasks = [
  gallery('select2', 'country', {
    title: 'Select2: pick a country from a jQuery-enhanced select',
    prompt: 'Choose Portugal as the country',
    goal: [{ fill: { Country: 'Portugal' } }],
    checks: 'the Select2 box shows Portugal and the underlying <select> holds it',
    check: async ({ page }) => all(await widgetShows(page, '#s2-country + .select2 .select2-selection__rendered', 'Portugal'), await selectHolds(page, '#s2-country', 'Portugal')),
  }),
  gallery('mui', 'select', {
    title: 'MUI: a Select drawn as a button with a popup listbox',
    prompt: 'Set the age to Twenty',
    goal: [{ fill: { Age: 'Twenty' } }],
    checks: 'the MUI Select shows Twenty',
    check: async ({ page }) => widgetShows(page, '#mui-age', 'Twenty'),
  }),
  tabsTask('mui', 'MUI', 'Show the ratings tab', 'Ratings', '4.8 out of 5'),
  gallery('react-select', 'flavour', {
    title: 'react-select: choose a value in a React combobox',
    prompt: 'Choose Vanilla as the flavour',
    goal: [{ fill: { Flavour: 'Vanilla' } }],
    checks: 'the Flavour select shows Vanilla, and only it',
    check: async ({ page }) => widgetShows(page, '.rs__control:has(#rs-flavour-input) .rs__value-container', 'Vanilla'),
  }),
  tabsTask('radix', 'Radix', 'Show the password tab', 'Password', 'last changed 3 months ago'),
  gallery('jquery-ui', 'selectmenu', {
    title: 'jQuery UI: a Selectmenu replacing a native select',
    prompt: 'Set the speed to Fast',
    goal: [{ fill: { Speed: 'Fast' } }],
    checks: 'the page says “Speed: Fast” (the Selectmenu’s change handler ran)',
    check: async ({ page }) => stateLine(page, 'speed', 'Speed: Fast'),
  }),
  tabsTask('jquery-ui', 'jQuery UI', 'Show the reviews tab', 'Reviews', 'Rated 4.6'),
  gallery('antd', 'switch', {
    title: 'Ant Design: turn a switch on',
    prompt: 'Turn notifications on',
    goal: [{ fill: { Notifications: true } }],
    checks: 'the page says “Notifications are on”',
    check: async ({ page }) => stateLine(page, 'notify', 'Notifications are on'),
  }),
  tabsTask('antd', 'Ant Design', 'Show the specs tab', 'Specs', '15 bar pump'),
  tabsTask('element-plus', 'Element Plus', 'Show the Role tab', 'Role', 'Roles: admin'),
  gallery('shoelace', 'switch', {
    title: 'Shoelace: a switch inside a shadow root',
    prompt: 'Turn sync on',
    goal: [{ fill: { Sync: true } }],
    checks: 'the page says “Sync is on”',
    check: async ({ page }) => stateLine(page, 'sync', 'Sync is on'),
  }),
  tabsTask('shoelace', 'Shoelace', 'Show the Advanced tab', 'Advanced', 'Proxy and cache settings.'),
];
