// Behaviour every page of the shop shares: the signed-in name in the header.
import { loadAccount } from './shop-data.js';

const { name } = loadAccount();
for (const element of document.querySelectorAll('[data-account-name]')) element.textContent = name;
for (const element of document.querySelectorAll('[data-account-first-name]')) element.textContent = name.split(/\s+/)[0] || name;
