// A host page under a strict Content-Security-Policy, served by test/support/csp-middleware.mjs:
//   default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' <model server>;
//   require-trusted-types-for 'script'
// (no 'unsafe-inline', no 'unsafe-eval'). The page loads the shipped web-agent.js from its own
// origin; the widget must open, narrate in its subtitle bar, fill and click through a streamed
// task, and cause not one securitypolicyviolation on the way.
import { expect } from '@open-wc/testing';
import { createLane } from './support/model-lane.js';
import { end, until } from './support/reliability-contract.js';

interface CspReport {
  violations: string[];
  events: Array<{ name: string; detail: any }>;
  saved: number;
  loadError: string;
}
type CspWindow = Window & { cspReport?: CspReport; cspAgent?: HTMLElement & { run(task: string): Promise<void> } };

declare global {
  interface Window {
    __STANDALONE_BUNDLE_URL__?: string;
  }
}

describe('strict Content-Security-Policy', function () {
  this.timeout(30_000);
  let frame: HTMLIFrameElement;
  let report: CspReport;
  let agent: HTMLElement & { run(task: string): Promise<void> };
  let requests = 0;

  before(async () => {
    const bundle = window.__STANDALONE_BUNDLE_URL__;
    if (!bundle) throw new Error('web-test-runner.config.mjs did not build the standalone bundle.');
    const lane = await createLane();
    await lane.script(
      {
        turn: {
          memory: 'renaming',
          todos_remaining: ['save'],
          // The ids are the page's own: a CSS selector is the documented fallback, and the page's
          // elements are not reachable from this test's copy of the element-id map.
          actions: [
            { narrate: 'Renaming you to Ada and saving.' },
            { tool: 'fill_input', args: { selector: '#name', value: 'Ada' } },
            { tool: 'click', args: { selector: '#save' } },
          ],
        },
      },
      end('Your profile is saved.'),
    );
    const connect = new URL(lane.baseURL).origin;
    const query = new URLSearchParams({ bundle, endpoint: lane.baseURL, connect, lane: lane.id });
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 800px; height: 500px';
    frame.src = `/__csp__/page.html?${query}`;
    document.body.append(frame);
    const win = () => frame.contentWindow as CspWindow;
    await until(() => Boolean(win()?.cspReport?.loadError) || Boolean(win()?.cspReport?.events.some((event) => event.name === 'ready')), 'the widget to be ready in the CSP page');
    report = win().cspReport!;
    if (report.loadError) throw new Error(`web-agent.js did not load under the policy: ${report.loadError}`);

    // The policy is really in force: an inline style attribute set by the page is refused.
    const probe = frame.contentDocument!.createElement('div');
    probe.setAttribute('style', 'color: rgb(1, 2, 3)');
    frame.contentDocument!.body.append(probe);
    await until(() => report.violations.length > 0, 'the probe\'s violation report', 5_000);
    if (!/^style-src/.test(report.violations[0]!)) throw new Error(`Unexpected first violation: ${report.violations[0]}`);
    report.violations.length = 0;
    probe.remove();

    agent = win().cspAgent!;
    await agent.run('Rename me to Ada and save');
    await until(() => report.events.some((event) => event.name === 'done'), 'the done event');
    requests = (await lane.requests()).length;
  });

  after(() => frame?.remove());

  it('opens, narrates in the subtitle bar, fills and clicks through a streamed task', () => {
    expect(report.events.find((event) => event.name === 'ready')?.detail.configured).to.equal(true);
    const doc = frame.contentDocument!;
    expect((doc.getElementById('name') as HTMLInputElement).value).to.equal('Ada');
    expect(report.saved, 'Save clicked').to.equal(1);
    expect(report.events.find((event) => event.name === 'done')!.detail.status).to.equal('done');
    expect(report.events.filter((event) => event.name === 'step').map((event) => `${event.detail.action}:${event.detail.result.ok}`)).to.deep.equal(['fill_input:true', 'click:true']);
    expect(report.events.filter((event) => event.name === 'error')).to.deep.equal([]);
    const subtitles = report.events.filter((event) => event.name === 'subtitle').map((event) => String(event.detail.text));
    expect(subtitles.some((text) => text.includes('Renaming you to Ada'))).to.equal(true);
    // The subtitle bar shows the closing line, laid out by its own (constructed) style sheets.
    const bar = agent.shadowRoot!;
    expect(bar.textContent).to.include('Your profile is saved.');
    const text = bar.querySelector('[part~="text"]');
    expect(text, 'the subtitle text part').to.not.equal(null);
    const barBox = bar.querySelector('[part~="bar"]');
    expect(barBox, 'the subtitle bar').to.not.equal(null);
    expect(doc.defaultView!.getComputedStyle(barBox!).position, 'the bar\'s own styles applied').to.equal('fixed');
    // Every request reached the model server through connect-src.
    expect(requests).to.equal(2);
  });

  it('causes no securitypolicyviolation (no inline style attribute, no eval, no untrusted HTML sink)', () => {
    expect(report.violations, 'CSP violations while loading and running').to.deep.equal([]);
  });
});
