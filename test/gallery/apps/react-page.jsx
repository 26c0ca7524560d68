// Renders a React app into the gallery root and gives back its unmount.
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';

export function renderReact(root, element) {
  const reactRoot = createRoot(root);
  // Rendered before mount() resolves, so the test's first look finds the page there.
  flushSync(() => reactRoot.render(element));
  return {
    unmount() {
      reactRoot.unmount();
      root.replaceChildren();
    },
  };
}
