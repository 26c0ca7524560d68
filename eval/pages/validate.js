// Validation as many sites do it: the browser's own bubbles are off (novalidate), each rule's
// message is written under its field (aria-describedby, aria-invalid), and a summary is announced.

/**
 * @param {HTMLFormElement} form
 * @param {Record<string, (value: string, field: HTMLInputElement) => string | undefined>} rules
 *   by field name: the error message, or undefined when the value is fine
 * @returns {boolean} whether the form is valid
 */
export function validate(form, rules) {
  let invalid = 0;
  let first;
  for (const [name, rule] of Object.entries(rules)) {
    const field = form.elements.namedItem(name);
    const element = field instanceof RadioNodeList ? field[0] : field;
    const value = field instanceof RadioNodeList ? field.value : element.type === 'checkbox' ? (element.checked ? 'on' : '') : element.value.trim();
    const message = rule(value, element);
    const error = errorFor(element, name);
    error.textContent = message ?? '';
    const targets = field instanceof RadioNodeList ? [...field] : [element];
    for (const target of targets) {
      if (message) target.setAttribute('aria-invalid', 'true');
      else target.removeAttribute('aria-invalid');
    }
    if (message) {
      invalid += 1;
      first ??= element;
    }
  }
  const summary = form.querySelector('[data-summary]');
  if (summary) summary.textContent = invalid ? `Please fix ${invalid === 1 ? 'the field' : `the ${invalid} fields`} marked below.` : '';
  first?.focus();
  return invalid === 0;
}

export const required = (label) => (value) => (value ? undefined : `${label} is required.`);

function errorFor(element, name) {
  const id = `${name}-error`;
  let error = document.getElementById(id);
  if (!error) {
    error = document.createElement('p');
    error.className = 'error';
    error.id = id;
    const anchor = element.closest('.field, fieldset') ?? element;
    anchor.append(error);
    const describedBy = new Set((element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
    describedBy.add(id);
    element.setAttribute('aria-describedby', [...describedBy].join(' '));
  }
  return error;
}
