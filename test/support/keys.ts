// Real key presses for text. WebKitGTK's WebDriver drops every space after the first one of a
// `sendKeys({ type })` string ("Delete this draft now" arrives as "Delete thisdraftnow"), while
// a pressed Space always arrives; Puppeteer (our Firefox driver) knows no "Space" key name, and
// needs none. So WebKit gets words typed and spaces pressed, the others the text in one go.
import { sendKeys } from '@web/test-runner-commands';

const webKitOnly = /AppleWebKit/.test(navigator.userAgent) && !/Chrome|Chromium/.test(navigator.userAgent);

export async function typeText(text: string): Promise<void> {
  if (!webKitOnly) {
    await sendKeys({ type: text });
    return;
  }
  for (const piece of text.split(/( )/)) {
    if (piece === ' ') await sendKeys({ press: 'Space' });
    else if (piece) await sendKeys({ type: piece });
  }
}
