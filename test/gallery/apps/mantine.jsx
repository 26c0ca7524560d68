// Mantine 8 (React): styled components with their own overlays (portalled to <body>, opened with
// transitions), a combobox built on Floating UI, number inputs with spin buttons and a date picker
// from @mantine/dates, written as Mantine's docs show them, in a MantineProvider.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, MantineProvider, Modal, MultiSelect, NumberInput, Select, Slider, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { GALLERY_ANIMATION_MS, GALLERY_TODAY, linkStyles } from './gallery-page.js';
import { renderReact } from './react-page.jsx';

export const title = 'Mantine';

const COUNTRIES = ['Austria', 'Belgium', 'France', 'Germany', 'Italy', 'Netherlands', 'Spain', 'Sweden'];
const TAGS = ['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple'];
const TRANSITION = { duration: GALLERY_ANIMATION_MS / 3 };

function Section({ title, children }) {
  return (
    <section style={{ marginBottom: 16 }}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Settings() {
  const [opened, setOpened] = useState(false);
  const [nickname, setNickname] = useState('Sky');
  const [draft, setDraft] = useState('Sky');
  return (
    <>
      <Button onClick={() => { setDraft(nickname); setOpened(true); }}>Settings</Button>
      <p data-state="nickname">Nickname: {nickname}</p>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Settings" transitionProps={{ duration: GALLERY_ANIMATION_MS / 2 }}>
        <TextInput label="Nickname" value={draft} onChange={(event) => setDraft(event.currentTarget.value)} />
        <Button mt="md" onClick={() => { setNickname(draft); setOpened(false); }}>Save</Button>
      </Modal>
    </>
  );
}

function App() {
  const [country, setCountry] = useState('France');
  const [tags, setTags] = useState(['Green']);
  const [quantity, setQuantity] = useState(1);
  const [notify, setNotify] = useState(false);
  const [volume, setVolume] = useState(50);
  const [delivery, setDelivery] = useState(null);
  return (
    <MantineProvider>
      <div style={{ padding: 16, maxWidth: 560 }}>
        <Section title="Select">
          <Select label="Country" data={COUNTRIES} value={country} onChange={setCountry} searchable comboboxProps={{ transitionProps: TRANSITION }} />
          <p data-state="country">Country: {country ?? 'none'}</p>
        </Section>
        <Section title="MultiSelect">
          <MultiSelect label="Tags" data={TAGS} value={tags} onChange={setTags} comboboxProps={{ transitionProps: TRANSITION }} />
          <p data-state="tags">Tags: {tags.join(', ') || 'none'}</p>
        </Section>
        <Section title="NumberInput">
          <NumberInput label="Quantity" value={quantity} onChange={setQuantity} min={1} max={20} />
          <p data-state="quantity">Quantity: {quantity}</p>
        </Section>
        <Section title="Switch">
          <Switch label="Email notifications" checked={notify} onChange={(event) => setNotify(event.currentTarget.checked)} />
          <p data-state="notify">Notifications are {notify ? 'on' : 'off'}</p>
        </Section>
        <Section title="Slider">
          <Slider thumbLabel="Volume" value={volume} onChange={setVolume} />
          <p data-state="volume">Volume: {volume}</p>
        </Section>
        <Section title="DatePickerInput">
          <DatePickerInput label="Delivery date" placeholder="Pick a date" value={delivery} onChange={setDelivery} defaultDate={GALLERY_TODAY} valueFormat="D MMMM YYYY" popoverProps={{ transitionProps: TRANSITION }} />
          <p data-state="delivery">Delivery: {delivery ? String(delivery).slice(0, 10) : 'none'}</p>
        </Section>
        <Section title="Modal"><Settings /></Section>
      </div>
    </MantineProvider>
  );
}

export async function mount(root) {
  await linkStyles(new URL('./mantine.css', import.meta.url));
  return renderReact(root, <App />);
}
