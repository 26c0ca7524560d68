// Headless UI 2 (Tailwind Labs): unstyled React parts, written as its docs' examples are (Field
// and Label for names, `anchor` for floating lists, `transition` on panels), with plain CSS for
// what Tailwind classes would draw. Its lists and menus are portalled to the end of <body>, listen
// to pointer events more than clicks, and open and close with data-attribute transitions.
import { useState } from 'react';
import {
  Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Dialog, DialogPanel, DialogTitle, Disclosure, DisclosureButton, DisclosurePanel,
  Field, Input, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions, Menu, MenuButton, MenuItem, MenuItems, Switch,
} from '@headlessui/react';
import { renderReact } from './react-page.jsx';

export const title = 'Headless UI';

const STYLE = `
  .hu-page { padding: 16px; max-width: 720px; font: 14px/1.4 system-ui, sans-serif; }
  .hu-button { padding: 4px 12px; border: 1px solid #bbb; border-radius: 6px; background: #fff; cursor: pointer; min-width: 160px; text-align: left; }
  .hu-list { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 4px; margin: 0; list-style: none; width: var(--button-width, 200px); box-shadow: 0 4px 12px rgba(0,0,0,.15); transition: opacity .1s ease-in; }
  .hu-list[data-closed] { opacity: 0; }
  .hu-list:focus { outline: none; }
  .hu-option { padding: 4px 8px; border-radius: 4px; cursor: default; }
  .hu-option[data-focus] { background: #e0e7ff; }
  .hu-option[data-selected] { font-weight: 600; }
  .hu-input { padding: 4px 8px; border: 1px solid #bbb; border-radius: 6px; width: 200px; }
  .hu-switch { position: relative; display: inline-flex; width: 44px; height: 24px; border-radius: 12px; background: #ccc; border: none; padding: 0; cursor: pointer; transition: background .2s; }
  .hu-switch[data-checked] { background: #4f46e5; }
  .hu-switch-thumb { position: absolute; top: 2px; left: 2px; width: 20px; height: 20px; border-radius: 50%; background: #fff; transition: transform .2s; }
  .hu-switch[data-checked] .hu-switch-thumb { transform: translateX(20px); }
  .hu-panel { padding: 4px 8px; color: #333; transition: opacity .2s ease-out; }
  .hu-panel[data-closed] { opacity: 0; }
  .hu-backdrop { position: fixed; inset: 0; background: rgba(0,0,0,.3); }
  .hu-dialog-wrap { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center; }
  .hu-dialog { background: #fff; border-radius: 8px; padding: 16px 20px; width: 360px; transition: opacity .2s; }
  .hu-dialog[data-closed] { opacity: 0; }
`;

const COUNTRIES = ['Austria', 'Belgium', 'Denmark', 'France', 'Germany', 'Italy', 'Netherlands', 'Spain'];
const PEOPLE = ['Wade Cooper', 'Arlene Mccoy', 'Devon Webb', 'Tom Cook', 'Tanya Fox', 'Hellen Schmidt'];

function Section({ title, children }) {
  return (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function CountryListbox() {
  const [country, setCountry] = useState('France');
  return (
    <Field>
      <Label>Country</Label>{' '}
      <Listbox value={country} onChange={setCountry}>
        <ListboxButton className="hu-button">{country} ▾</ListboxButton>
        <ListboxOptions anchor="bottom start" transition className="hu-list">
          {COUNTRIES.map((name) => (
            <ListboxOption key={name} value={name} className="hu-option">{name}</ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <p data-state="country">Shipping to {country}</p>
    </Field>
  );
}

function AssigneeCombobox() {
  const [person, setPerson] = useState(null);
  const [query, setQuery] = useState('');
  const shown = query === '' ? PEOPLE : PEOPLE.filter((name) => name.toLowerCase().includes(query.toLowerCase()));
  return (
    <Field>
      <Label>Assignee</Label>{' '}
      <Combobox value={person} onChange={setPerson} onClose={() => setQuery('')}>
        <ComboboxInput className="hu-input" displayValue={(name) => name ?? ''} onChange={(event) => setQuery(event.target.value)} placeholder="Search people" />
        <ComboboxOptions anchor="bottom start" transition className="hu-list">
          {shown.map((name) => (
            <ComboboxOption key={name} value={name} className="hu-option">{name}</ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p data-state="assignee">Assigned to {person ?? 'nobody'}</p>
    </Field>
  );
}

function Notifications() {
  const [on, setOn] = useState(false);
  return (
    <Field>
      <Label>Enable notifications</Label>{' '}
      <Switch checked={on} onChange={setOn} className="hu-switch"><span className="hu-switch-thumb" /></Switch>
      <p data-state="notifications">Notifications are {on ? 'on' : 'off'}</p>
    </Field>
  );
}

function Faq() {
  const entries = [
    ['What is your refund policy?', 'If you are unhappy with your purchase, we will refund you within 30 days.'],
    ['Do you offer technical support?', 'Yes: email support is included with every plan, answered within one business day.'],
  ];
  return entries.map(([question, answer]) => (
    <Disclosure key={question}>
      <DisclosureButton className="hu-button" style={{ display: 'block', margin: '4px 0' }}>{question}</DisclosureButton>
      <DisclosurePanel transition className="hu-panel">{answer}</DisclosurePanel>
    </Disclosure>
  ));
}

function FileMenu() {
  const [last, setLast] = useState('none');
  return (
    <>
      <Menu>
        <MenuButton className="hu-button">Options ▾</MenuButton>
        <MenuItems anchor="bottom start" transition className="hu-list">
          {['Edit', 'Duplicate', 'Archive', 'Move'].map((label) => (
            <MenuItem key={label}>
              <button type="button" className="hu-option" style={{ display: 'block', width: '100%', textAlign: 'left', border: 0, background: 'none' }} onClick={() => setLast(label)}>{label}</button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
      <p data-state="menu">Last action: {last}</p>
    </>
  );
}

function RenameDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('Marketing site');
  const [draft, setDraft] = useState(name);
  return (
    <>
      <button type="button" className="hu-button" onClick={() => { setDraft(name); setOpen(true); }}>Rename project</button>
      <p data-state="project">Project: {name}</p>
      <Dialog open={open} onClose={() => setOpen(false)} transition className="hu-dialog-root">
        <div className="hu-backdrop" aria-hidden="true" />
        <div className="hu-dialog-wrap">
          <DialogPanel transition className="hu-dialog">
            <DialogTitle>Rename project</DialogTitle>
            <Field>
              <Label>Project name</Label>{' '}
              <Input className="hu-input" value={draft} onChange={(event) => setDraft(event.target.value)} />
            </Field>
            <p>
              <button type="button" className="hu-button" onClick={() => setOpen(false)}>Cancel</button>{' '}
              <button type="button" className="hu-button" onClick={() => { setName(draft); setOpen(false); }}>Save</button>
            </p>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}

function App() {
  return (
    <div className="hu-page">
      <style>{STYLE}</style>
      <Section title="Listbox"><CountryListbox /></Section>
      <Section title="Combobox"><AssigneeCombobox /></Section>
      <Section title="Switch"><Notifications /></Section>
      <Section title="Disclosure"><Faq /></Section>
      <Section title="Menu"><FileMenu /></Section>
      <Section title="Dialog"><RenameDialog /></Section>
    </div>
  );
}

export async function mount(root) {
  return renderReact(root, <App />);
}
