import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Sizes the page's viewport (innerWidth × innerHeight) in all three engines (see viewport-plugin.mjs);
 * resolves once the page has seen the new size.
 */
export async function setViewport(size: { width: number; height: number }): Promise<void> {
  await executeServerCommand('viewport', size);
  // The resize event lands a frame or so after the window manager's answer in WebKit.
  for (let frame = 0; frame < 30 && (innerWidth !== size.width || innerHeight !== size.height); frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  if (innerWidth !== size.width || innerHeight !== size.height) throw new Error(`viewport ${size.width}×${size.height} asked, ${innerWidth}×${innerHeight} shown`);
}

/** The size the engine opened the page at: where a file that changed it leaves it for the next file. */
const opened = { width: innerWidth, height: innerHeight };

export function restoreViewport(): Promise<void> {
  return setViewport(opened);
}
