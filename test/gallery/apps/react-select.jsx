// react-select 5: the React select with search, multi-value chips and async options.
import { useState } from 'react';
import Select from 'react-select';
import AsyncSelect from 'react-select/async';
import { renderReact } from './react-page.jsx';

export const title = 'react-select';

const FLAVOURS = [
  { value: 'chocolate', label: 'Chocolate' },
  { value: 'strawberry', label: 'Strawberry' },
  { value: 'vanilla', label: 'Vanilla' },
  { value: 'pistachio', label: 'Pistachio' },
];

const COLOURS = ['Ocean', 'Blue', 'Purple', 'Red', 'Orange', 'Yellow', 'Green', 'Forest', 'Slate', 'Silver'].map((label) => ({ value: label.toLowerCase(), label }));

const CITIES = ['Amsterdam', 'Athens', 'Barcelona', 'Berlin', 'Brussels', 'Budapest', 'Copenhagen', 'Dublin', 'Lisbon', 'Ljubljana', 'London', 'Madrid', 'Oslo', 'Paris', 'Prague', 'Riga', 'Rome', 'Stockholm', 'Vienna', 'Warsaw'];

// As a search endpoint would: matches arrive after a short delay (no network: a timer).
function searchCities(input) {
  const matches = CITIES.filter((city) => city.toLowerCase().includes(input.toLowerCase())).map((city) => ({ value: city, label: city }));
  return new Promise((resolve) => setTimeout(() => resolve(matches), 300));
}

function Field({ id, label, children }) {
  return (
    <section style={{ margin: '24px 0', maxWidth: 360 }}>
      <h2 style={{ fontSize: 18 }}>{label}</h2>
      <label id={`${id}-label`} htmlFor={`${id}-input`}>{label}</label>
      {children}
    </section>
  );
}

function App() {
  const [flavour, setFlavour] = useState(FLAVOURS[0]);
  const [colours, setColours] = useState([COLOURS[0], COLOURS[3]]);
  const [city, setCity] = useState(null);
  return (
    <div style={{ padding: 16 }}>
      <Field id="rs-flavour" label="Flavour">
        <Select classNamePrefix="rs" inputId="rs-flavour-input" aria-labelledby="rs-flavour-label" options={FLAVOURS} value={flavour} onChange={setFlavour} />
      </Field>
      <Field id="rs-colours" label="Colours">
        <Select classNamePrefix="rs" inputId="rs-colours-input" aria-labelledby="rs-colours-label" isMulti options={COLOURS} value={colours} onChange={setColours} />
      </Field>
      <Field id="rs-city" label="City">
        <AsyncSelect classNamePrefix="rs" inputId="rs-city-input" aria-labelledby="rs-city-label" cacheOptions loadOptions={searchCities} value={city} onChange={setCity} placeholder="Type to search cities…" />
      </Field>
    </div>
  );
}

export async function mount(root) {
  return renderReact(root, <App />);
}
