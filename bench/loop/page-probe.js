// In-page probe for bench/loop.mjs, installed with addInitScript before any of the page's scripts.
//
// Frames: requestAnimationFrame is wrapped so that the first callback of every frame opens it
// (sequence number, rAF timestamp) and posts a MessageChannel message; that message runs as the
// first task after the frame's rendering (style, layout, paint, commit), so its time is when the
// frame's pixels were handed to the compositor: "painted" below. The wrapper adds one function
// call per callback and never changes their order.
//
// Narration: on <web-agent>'s `subtitle` event (dispatched synchronously while the stream is being
// read) each fragment, i.e. the new characters of that event, is stamped on arrival. A
// MutationObserver on the shadow root reads how many characters the subtitle bar shows (the text
// of part="text" before its invisible `.pending` span). When that count first passes a fragment's
// start, its first character is in the DOM; if that happened inside a frame's rAF phase (the
// typewriter's tick), the fragment is painted when that frame ends, otherwise at the end of the
// next frame. delay = painted - arrived.
(() => {
  const now = () => performance.now();
  const nativeRequest = window.requestAnimationFrame.bind(window);
  const channel = new MessageChannel();
  // The frame being rendered (its message not yet run) and its waiters, by sequence number.
  const frame = { open: false, seq: 0, ts: 0 };
  const waitersBySeq = new Map();
  const frames = [];

  channel.port1.onmessage = ({ data: seq }) => {
    const endedAt = now();
    if (seq === frame.seq) frame.open = false;
    frames.push({ seq, endedAt });
    const waiters = waitersBySeq.get(seq)?.waiters ?? [];
    const ts = waitersBySeq.get(seq)?.ts;
    waitersBySeq.delete(seq);
    for (const waiter of waiters) waiter({ seq, ts, endedAt });
  };

  function openFrame(ts) {
    if (frame.open && ts === frame.ts) return;
    frame.open = true;
    frame.seq += 1;
    frame.ts = ts;
    waitersBySeq.set(frame.seq, { ts, waiters: [] });
    channel.port2.postMessage(frame.seq);
  }

  window.requestAnimationFrame = function requestAnimationFrame(callback) {
    return nativeRequest((ts) => {
      openFrame(ts);
      callback(ts);
    });
  };

  /** Calls back with the frame that paints the DOM as it is now. */
  function whenPainted(callback) {
    if (frame.open) waitersBySeq.get(frame.seq).waiters.push(callback);
    else window.requestAnimationFrame(() => waitersBySeq.get(frame.seq).waiters.push(callback));
  }

  const fragments = [];
  const pending = [];
  const narrations = new Map();
  let current;
  let host;

  /** Characters the bar shows of the narration it displays, or -1 when it shows something else. */
  function shown() {
    const text = host?.shadowRoot?.querySelector('[part~="text"]');
    const rest = text?.querySelector('.pending');
    if (!text || !rest) return -1;
    const all = text.textContent;
    if (all !== narrations.get(current)?.text) return -1;
    return all.length - rest.textContent.length;
  }

  // What the bar showed after its last change, kept here so the `subtitle` listener (which runs
  // inside the loop's timed parse) does not have to read the DOM.
  let lastShown = { id: undefined, count: 0 };

  function onMutation() {
    const at = now();
    const count = shown();
    if (count < 0) return;
    lastShown = { id: current, count };
    if (!pending.length) return;
    for (let index = 0; index < pending.length; index += 1) {
      const fragment = pending[index];
      if (fragment.id !== current || count <= fragment.start) continue;
      pending.splice(index--, 1);
      fragment.committedAt = at;
      fragment.committedInFrame = frame.open;
      whenPainted((painted) => {
        fragment.paintedAt = painted.endedAt;
        fragment.paintFrame = painted.seq;
        fragment.paintFrameTs = painted.ts;
      });
    }
  }

  function onSubtitle(event) {
    const arrivedAt = now();
    const { id, text } = event.detail;
    let narration = narrations.get(id);
    const first = !narration;
    if (first) {
      narration = { text: '', fragments: 0 };
      narrations.set(id, narration);
    }
    // A narration the bar stopped showing will never be typed any further.
    if (id !== current) pending.length = 0;
    current = id;
    if (text.length > narration.text.length) {
      const before = !first && lastShown.id === id ? lastShown.count : 0;
      const fragment = {
        id,
        index: narration.fragments++,
        start: narration.text.length,
        end: text.length,
        arrivedAt,
        arrivedInFrame: frame.open,
        frameAtArrival: frame.seq,
        // The typewriter had shown everything before this fragment: nothing for it to wait behind.
        idle: first || before >= narration.text.length,
        backlog: first ? 0 : narration.text.length - before,
        committedAt: null,
        paintedAt: null,
      };
      fragments.push(fragment);
      pending.push(fragment);
    }
    narration.text = text;
  }

  window.__loopBench = {
    attach(element) {
      host = element;
      host.addEventListener('subtitle', onSubtitle);
      new MutationObserver(onMutation).observe(host.shadowRoot, { subtree: true, childList: true, characterData: true });
    },
    /** rAF timestamps of `count` consecutive frames, to check that the page really renders. */
    frameIntervals(count) {
      return new Promise((resolve) => {
        const stamps = [];
        const step = (ts) => {
          stamps.push(ts);
          if (stamps.length > count) resolve(stamps.slice(1).map((value, index) => value - stamps[index]));
          else window.requestAnimationFrame(step);
        };
        window.requestAnimationFrame(step);
      });
    },
    collect() {
      return {
        fragments,
        narrations: narrations.size,
        frames: frames.length,
        visibility: document.visibilityState,
        reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
      };
    },
  };
})();
