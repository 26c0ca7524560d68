// Demo-only: says which model answers (the offline scripted one or a real one behind the proxy)
// and offers a reset, so a visitor can replay the showcase. The strip is data-agent-ignore.
import { resetDemoData } from './shop-data.js';

const badge = document.querySelector('[data-mode-badge]');
fetch('/api/llm/mode')
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
  .then(({ mode, upstream }) => {
    if (!badge) return;
    if (mode === 'proxy') {
      badge.textContent = `Using ${upstream} through the dev proxy`;
    } else {
      badge.innerHTML = 'Offline demo model — set <code>OPENAI_API_KEY</code> for a real model';
    }
  })
  .catch(() => {
    if (badge) badge.textContent = 'Model endpoint not reachable — start the demo with npm start';
  });

// The button's data-home names the page to start again from (the single-page apps have their own).
const reset = document.querySelector('[data-reset-demo]');
reset?.addEventListener('click', () => {
  resetDemoData();
  document.querySelector('web-agent')?.clearSession?.();
  location.assign(reset.dataset.home ?? '/index.html');
});
