// The account form: Save validates (an email address is required), stores the account in
// localStorage and says "Saved" in the status region, which screen readers announce.
import { COUNTRIES, deleteAccount, isAccountDeleted, loadAccount, saveAccount } from './shop-data.js';

const form = document.querySelector('[data-settings-form]');
const status = document.querySelector('#save-status');
const { name, email, country, newsletter } = form.elements;

country.append(...COUNTRIES.map(([code, label]) => new Option(label, code)));
const account = loadAccount();
name.value = account.name;
email.value = account.email;
country.value = account.country;
newsletter.checked = account.newsletter;

// A stale "Saved" next to edited fields would be a lie: clear it as soon as anything changes.
form.addEventListener('input', () => setStatus('', ''));

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const problem = checkEmail(email.value.trim());
  email.setAttribute('aria-invalid', String(Boolean(problem)));
  if (problem) {
    setStatus('error', problem);
    email.focus();
    return;
  }
  saveAccount({ name: name.value.trim(), email: email.value.trim(), country: country.value, newsletter: newsletter.checked });
  for (const element of document.querySelectorAll('[data-account-name]')) element.textContent = name.value.trim();
  setStatus('ok', 'Saved. Your account details are up to date.');
});

function checkEmail(value) {
  if (!value) return 'Email address is required.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `That email address is not valid (${value}); use the form name@example.com.`;
  return '';
}

function setStatus(kind, text) {
  status.className = `notice ${kind}`.trim();
  status.textContent = text;
}

// The danger zone: in this demo "deleting" the account blanks it and says so; Reset demo data undoes it.
const accountStatus = document.querySelector('#account-status');
const deleteButton = document.querySelector('[data-delete-account]');
if (isAccountDeleted()) showDeleted();
deleteButton.addEventListener('click', () => {
  deleteAccount();
  showDeleted();
});

function showDeleted() {
  accountStatus.className = 'notice ok';
  accountStatus.textContent = 'Your account was deleted. “Reset demo data” at the top brings it back.';
  deleteButton.disabled = true;
  for (const element of form.elements) element.disabled = true;
}
