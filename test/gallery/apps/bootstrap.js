// Bootstrap 5: vanilla JavaScript plugins wired by data-bs-* attributes (the data API listens on
// the document), CSS transitions for fades and collapses, Popper for dropdowns.
import 'bootstrap/dist/css/bootstrap.min.css';
import { Toast } from 'bootstrap';
import { linkStyles, section } from './gallery-page.js';

export const title = 'Bootstrap';

export async function mount(root) {
  await linkStyles(new URL('./bootstrap.css', import.meta.url));
  root.classList.add('container', 'py-3');
  section(root, 'Dropdown', `
    <div class="dropdown">
      <button class="btn btn-secondary dropdown-toggle" type="button" data-bs-toggle="dropdown" aria-expanded="false">Actions</button>
      <ul class="dropdown-menu">
        <li><a class="dropdown-item" href="#" data-action="Duplicate">Duplicate</a></li>
        <li><a class="dropdown-item" href="#" data-action="Export as CSV">Export as CSV</a></li>
        <li><hr class="dropdown-divider"></li>
        <li><a class="dropdown-item" href="#" data-action="Archive">Archive</a></li>
      </ul>
    </div>
    <p data-state="dropdown">Last action: none</p>`);
  section(root, 'Modal', `
    <p data-state="team">Team: Hawks</p>
    <button type="button" class="btn btn-primary" data-bs-toggle="modal" data-bs-target="#bs-team-modal">Edit team</button>
    <div class="modal fade" id="bs-team-modal" tabindex="-1" aria-labelledby="bs-team-title" aria-hidden="true">
      <div class="modal-dialog">
        <div class="modal-content">
          <div class="modal-header">
            <h1 class="modal-title fs-5" id="bs-team-title">Edit team</h1>
            <button type="button" class="btn-close" data-bs-dismiss="modal" aria-label="Close"></button>
          </div>
          <div class="modal-body">
            <label for="bs-team-name" class="form-label">Team name</label>
            <input id="bs-team-name" class="form-control" value="Hawks">
          </div>
          <div class="modal-footer">
            <button type="button" class="btn btn-secondary" data-bs-dismiss="modal">Cancel</button>
            <button type="button" class="btn btn-primary" id="bs-team-save">Save changes</button>
          </div>
        </div>
      </div>
    </div>`);
  section(root, 'Accordion', `
    <div class="accordion" id="bs-faq">
      ${[['Shipping', 'Orders ship within two business days.'], ['Warranty', 'Every product has a 24-month warranty.'], ['Returns', 'Return anything within 30 days.']]
        .map(([question, answer], index) => `
        <div class="accordion-item">
          <h2 class="accordion-header">
            <button class="accordion-button${index ? ' collapsed' : ''}" type="button" data-bs-toggle="collapse" data-bs-target="#bs-faq-${index}" aria-expanded="${index ? 'false' : 'true'}" aria-controls="bs-faq-${index}">${question}</button>
          </h2>
          <div id="bs-faq-${index}" class="accordion-collapse collapse${index ? '' : ' show'}" data-bs-parent="#bs-faq">
            <div class="accordion-body">${answer}</div>
          </div>
        </div>`).join('')}
    </div>`);
  section(root, 'Tabs', `
    <ul class="nav nav-tabs" role="tablist">
      <li class="nav-item" role="presentation"><button class="nav-link active" data-bs-toggle="tab" data-bs-target="#bs-tab-profile" type="button" role="tab" aria-selected="true">Profile</button></li>
      <li class="nav-item" role="presentation"><button class="nav-link" data-bs-toggle="tab" data-bs-target="#bs-tab-billing" type="button" role="tab" aria-selected="false">Billing</button></li>
    </ul>
    <div class="tab-content">
      <div class="tab-pane fade show active" id="bs-tab-profile" role="tabpanel">Your public profile.</div>
      <div class="tab-pane fade" id="bs-tab-billing" role="tabpanel">Next invoice on 1 June, 12 EUR.</div>
    </div>`);
  section(root, 'Switch', `
    <div class="form-check form-switch">
      <input class="form-check-input" type="checkbox" role="switch" id="bs-alerts">
      <label class="form-check-label" for="bs-alerts">Email alerts</label>
    </div>
    <p data-state="alerts">Email alerts are off</p>`);
  section(root, 'Toast', `
    <button type="button" class="btn btn-success" id="bs-publish">Publish</button>
    <div class="toast-container position-fixed bottom-0 end-0 p-3">
      <div id="bs-toast" class="toast" role="status" aria-live="polite" aria-atomic="true">
        <div class="toast-header"><strong class="me-auto">Blog</strong><button type="button" class="btn-close" data-bs-dismiss="toast" aria-label="Close"></button></div>
        <div class="toast-body">Your post goes live at 9:00 tomorrow.</div>
      </div>
    </div>`);
  const byId = (id) => root.querySelector(`#${id}`);
  root.querySelectorAll('[data-action]').forEach((item) =>
    item.addEventListener('click', (event) => {
      event.preventDefault();
      root.querySelector('[data-state=dropdown]').textContent = `Last action: ${item.dataset.action}`;
    }),
  );
  byId('bs-team-save').addEventListener('click', () => {
    root.querySelector('[data-state=team]').textContent = `Team: ${byId('bs-team-name').value}`;
    // Bootstrap's own way to close a modal from script: the dismiss button's click.
    byId('bs-team-modal').querySelector('[data-bs-dismiss=modal]').click();
  });
  byId('bs-alerts').addEventListener('change', (event) => {
    root.querySelector('[data-state=alerts]').textContent = `Email alerts are ${event.target.checked ? 'on' : 'off'}`;
  });
  byId('bs-publish').addEventListener('click', () => Toast.getOrCreateInstance(byId('bs-toast')).show());
  return {
    unmount() {
      // A modal left open puts its backdrop and classes on <body>.
      document.querySelectorAll('.modal-backdrop').forEach((backdrop) => backdrop.remove());
      document.body.classList.remove('modal-open');
      document.body.removeAttribute('style');
      root.replaceChildren();
      root.classList.remove('container', 'py-3');
    },
  };
}
