import type { Patch } from './markup-loads.js';
import { apply, reflect } from '../dom/platform.js';

/**
 * Peer connections an action's handlers configure: every ICE server named (`stun:`, `turn:`) is
 * reached as soon as candidates are gathered, and its host name, port or TURN user name can carry
 * anything. Each is judged as a socket to that host (`refuses` true: the call throws).
 */
export function watchPeers(view: Window & typeof globalThis, patch: Patch, refuses: (url: string) => boolean, refusal: () => Error): void {
  const judge = (config?: RTCConfiguration) => {
    for (const server of config?.iceServers ?? []) {
      for (const url of [server.urls].flat()) if (refuses(`https://${String(url).replace(/^[a-z]+:(\/\/)?|\?.*$/gi, '')}`)) throw refusal();
    }
  };
  if (!view.RTCPeerConnection) return;
  patch(view, 'RTCPeerConnection', (original) => new Proxy(original, {
    construct(target, args: [RTCConfiguration?], newTarget) {
      judge(args[0]);
      return reflect().construct(target, args, newTarget);
    },
  }));
  patch(view.RTCPeerConnection.prototype, 'setConfiguration', (original) => function (this: RTCPeerConnection, config?: RTCConfiguration) {
    judge(config);
    return apply(original, this, [config]);
  });
}
