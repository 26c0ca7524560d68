import type { Patch } from './markup-loads.js';
import { apply, asText, reflect } from '../dom/platform.js';

/**
 * Peer connections an action's handlers configure: every ICE server named (`stun:`, `turn:`) is
 * reached as soon as candidates are gathered, and its host name, port or TURN user name can carry
 * anything. Each is judged as a socket to that host (`refuses` true: the call throws). The
 * configuration is read once, into a copy that is judged and handed to the browser: a getter
 * answering no servers to the guard and another site's to the browser changes nothing.
 */
export function watchPeers(view: Window & typeof globalThis, patch: Patch, refuses: (url: string) => boolean, refusal: () => Error): void {
  const judge = (config?: RTCConfiguration): RTCConfiguration | undefined => {
    if (config === undefined || config === null) return config;
    const copy = { ...config };
    const servers: RTCIceServer[] = [];
    for (const server of copy.iceServers ?? []) {
      const urls = [server.urls].flat().map(asText);
      for (const url of urls) if (refuses(`https://${url.replace(/^[a-z]+:(\/\/)?|\?.*$/gi, '')}`)) throw refusal();
      servers.push({ ...server, urls });
    }
    if (copy.iceServers !== undefined) copy.iceServers = servers;
    return copy;
  };
  if (!view.RTCPeerConnection) return;
  patch(view, 'RTCPeerConnection', (original) => new Proxy(original, {
    construct(target, args: [RTCConfiguration?], newTarget) {
      if (args.length) args[0] = judge(args[0]);
      return reflect().construct(target, args, newTarget);
    },
  }));
  patch(view.RTCPeerConnection.prototype, 'setConfiguration', (original) => function (this: RTCPeerConnection, config?: RTCConfiguration) {
    return apply(original, this, arguments.length ? [judge(config)] : []);
  });
}
