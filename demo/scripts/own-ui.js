// A host-built UI for <web-agent>: the page's own assistant panel (in place of the subtitle bar)
// and its own confirmation dialog, in plain JavaScript, with no import from web-agent and no
// framework. Both read nothing but the element's context: the Context Community Protocol's
// `context-request` event with the key 'web-agent' answers with a snapshot of the agent's state
// and its commands, and again with a new snapshot after every change. The element's launcher,
// prompt and overlay stay built in.
//
// What the built-in pieces guarantee, these keep (README, "Your own UI"): a polite live region,
// keyboard use (Escape declines, the answer field or first option takes focus, Enter sends),
// focus back where it was, and for the confirmation: default focus on the cautious button, a
// modal dialog in the top layer, and only a real gesture of the visitor approves.

/**
 * Subscribes `element` to the context of the <web-agent> around it; returns the unsubscribe
 * function. The request waits until the element is defined: an element not yet upgraded has no
 * provider to answer.
 */
function consumeAgent(element, onChange) {
  let unsubscribe = () => {};
  let stopped = false;
  customElements.whenDefined('web-agent').then(() => {
    if (stopped || !element.isConnected) return;
    const request = new Event('context-request', { bubbles: true, composed: true });
    Object.assign(request, {
      context: 'web-agent',
      contextTarget: element,
      subscribe: true,
      callback: (context, dispose) => {
        if (dispose) unsubscribe = dispose;
        onChange(context);
      },
    });
    element.dispatchEvent(request);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

const STATUS_WORDS = {
  idle: '',
  thinking: 'Thinking…',
  executing: 'Working on it',
  waiting: 'Waiting for you',
  done: 'Done',
  failed: 'Could not finish',
  stopped: 'Stopped',
};

/** The assistant panel: what Ava says, her questions and pauses, a stop button, and a live region. */
class AssistantPanel extends HTMLElement {
  #unsubscribe;
  #context;
  #question;
  #returnFocusTo;

  connectedCallback() {
    this.innerHTML = `
      <section class="assistant-panel" aria-label="Ava" hidden>
        <header class="assistant-head">
          <span class="assistant-name">Ava</span>
          <span class="assistant-status" data-status></span>
          <button type="button" class="button secondary assistant-stop" data-stop hidden>Stop</button>
        </header>
        <p class="assistant-line" data-line></p>
        <form class="assistant-question" data-question hidden>
          <p class="assistant-question-text" id="assistant-question-text" data-question-text></p>
          <div class="assistant-options" data-options></div>
          <div class="assistant-answer" data-answer-row>
            <input type="text" autocomplete="off" aria-labelledby="assistant-question-text" data-answer />
            <button class="button">Send</button>
          </div>
        </form>
        <div class="assistant-pause" data-pause hidden>
          <p data-pause-note></p>
          <button type="button" class="button" data-continue>Continue</button>
        </div>
      </section>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true" data-live></div>`;
    const part = (name) => this.querySelector(`[data-${name}]`);
    part('stop').addEventListener('click', () => this.#context?.stop());
    part('continue').addEventListener('click', () => this.#context?.continue());
    part('question').addEventListener('submit', (event) => {
      event.preventDefault();
      const answer = part('answer').value.trim();
      if (answer) this.#context?.respond(answer);
    });
    this.addEventListener('keydown', (event) => {
      // Escape declines a question, as in the built-in bar; a pause waits for Continue or Stop.
      if (event.key === 'Escape' && this.#question?.kind === 'ask') this.#context?.respond('');
    });
    this.#unsubscribe = consumeAgent(this, (context) => this.#render(context));
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
  }

  #render(context) {
    this.#context = context;
    const part = (name) => this.querySelector(`[data-${name}]`);
    const { display, pending, running, status } = context;
    // The page's confirmation dialog shows confirmations; this panel shows the other questions.
    const question = pending && pending.kind !== 'confirm' ? pending : undefined;
    part('status').textContent = STATUS_WORDS[status] ?? status;
    part('stop').hidden = !running;
    // While a question waits, the question is what to read (as in the built-in bar).
    const line = question || display.kind === 'hidden' ? '' : display.kind === 'narration' ? display.shown : display.text;
    part('line').textContent = line;
    part('line').setAttribute('role', display.kind === 'error' ? 'alert' : 'none');
    part('live').textContent = context.announcement;
    part('question').hidden = question?.kind !== 'ask';
    part('pause').hidden = question?.kind !== 'pause';
    this.querySelector('.assistant-panel').hidden = !line && !question && !running;
    if (question !== this.#question) this.#showQuestion(question);
  }

  /** A new question takes focus (the first option, or the field); when it goes, focus goes back. */
  #showQuestion(question) {
    const part = (name) => this.querySelector(`[data-${name}]`);
    const before = this.#question;
    this.#question = question;
    if (!question) {
      const target = this.#returnFocusTo;
      this.#returnFocusTo = undefined;
      if (target?.isConnected && (this.contains(document.activeElement) || document.activeElement === document.body)) target.focus();
      return;
    }
    if (!before) this.#returnFocusTo = document.activeElement;
    if (question.kind === 'pause') {
      part('pause-note').textContent = question.note;
      part('continue').focus();
      return;
    }
    part('question-text').textContent = question.question;
    const options = question.options.map((option) => {
      const button = Object.assign(document.createElement('button'), { type: 'button', className: 'button secondary', textContent: option });
      button.addEventListener('click', () => this.#context?.respond(option));
      return button;
    });
    part('options').replaceChildren(...options);
    part('answer-row').hidden = options.length > 0 && !question.allowFreeText;
    part('answer').value = '';
    (options[0] ?? part('answer')).focus();
  }
}

/** The confirmation: a modal dialog in the top layer, focus on the cautious answer, Escape declines. */
class ConfirmDialog extends HTMLElement {
  #unsubscribe;
  #context;
  #shown;

  connectedCallback() {
    this.innerHTML = `
      <dialog class="confirm-dialog" aria-labelledby="confirm-title" aria-describedby="confirm-message">
        <h2 id="confirm-title">Ava asks before going on</h2>
        <p id="confirm-message" data-message></p>
        <p class="confirm-target" data-target></p>
        <div class="actions">
          <button type="button" class="button secondary" data-cancel>No, leave it</button>
          <button type="button" class="button danger" data-allow>Yes, go ahead</button>
        </div>
      </dialog>`;
    const dialog = this.querySelector('dialog');
    // Escape: the dialog's cancel, which declines (closing is the context's job, when nothing is pending).
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      this.#context?.decide(false);
    });
    this.querySelector('[data-cancel]').addEventListener('click', () => this.#context?.decide(false));
    // Only the visitor approves: a click or key press the browser made, never one a script (or the agent) dispatched.
    this.querySelector('[data-allow]').addEventListener('click', (event) => {
      if (event.isTrusted) this.#context?.decide(true);
    });
    this.#unsubscribe = consumeAgent(this, (context) => this.#render(context));
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    this.querySelector('dialog')?.close();
  }

  #render(context) {
    this.#context = context;
    const dialog = this.querySelector('dialog');
    const confirm = context.pending?.kind === 'confirm' ? context.pending : undefined;
    if (confirm && confirm !== this.#shown) {
      this.querySelector('[data-message]').textContent = confirm.message;
      this.querySelector('[data-target]').textContent = confirm.targetName ? `It works on “${confirm.targetName}” on this page.` : '';
      if (!dialog.open) dialog.showModal();
      this.querySelector('[data-cancel]').focus();
    }
    // A modal dialog gives focus back to what had it when it opened.
    if (!confirm && dialog.open) dialog.close();
    this.#shown = confirm;
  }
}

customElements.define('acme-assistant-panel', AssistantPanel);
customElements.define('acme-confirm-dialog', ConfirmDialog);

// The example tasks hand their text to the element's public API, as a host page could.
for (const button of document.querySelectorAll('[data-task]')) {
  button.addEventListener('click', async () => {
    await customElements.whenDefined('web-agent');
    document.querySelector('web-agent')?.run(button.dataset.task);
  });
}
