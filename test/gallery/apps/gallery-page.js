// Pieces every gallery app shares: its stylesheet, and sections with a heading per widget, so the
// page reads like a component library's demo page.

/** Links the stylesheet esbuild wrote next to the app's bundle; resolves once it applies. */
export function linkStyles(href) {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = String(href);
    link.dataset.gallery = '';
    link.onload = () => resolve(link);
    link.onerror = () => reject(new Error(`Could not load ${href}`));
    document.head.append(link);
  });
}

/** Appends `<section><h2>title</h2>html</section>` to `root` and returns the section. */
export function section(root, title, html = '') {
  const element = document.createElement('section');
  element.innerHTML = `<h2>${title}</h2>${html}`;
  root.append(element);
  return element;
}

/** A fixed "today" for the date pickers, so a run on any day starts from the same month. */
export const GALLERY_TODAY = new Date(2026, 4, 12);

/**
 * How long the gallery's opening animations last, set through each library's own option where it
 * has one: animations stay on (a settled snapshot after them is part of what is tested), and at
 * 0.6 s a snapshot taken right after an action lands inside them on a fast or a loaded machine
 * alike, while an agent that waits for animations (about a second at most) sees them end.
 */
export const GALLERY_ANIMATION_MS = 600;
