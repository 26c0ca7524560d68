// Radix Primitives (the radix-ui package): unstyled, accessible React parts, styled here the way
// its docs' examples are (including the accordion's open animation).
import { useRef, useState } from 'react';
import { Accordion, Dialog, DropdownMenu, Select, Slider, Switch, Tabs, Toast } from 'radix-ui';
import { renderReact } from './react-page.jsx';
import './radix.css';
import { linkStyles } from './gallery-page.js';

export const title = 'Radix';

function Section({ title, children }) {
  return (
    <section className="rx-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function ToolsMenu() {
  const [last, setLast] = useState('none');
  const item = (label) => <DropdownMenu.Item className="rx-item" onSelect={() => setLast(label)}>{label}</DropdownMenu.Item>;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="rx-button">Options</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="rx-menu" sideOffset={5}>
            {item('New tab')}
            {item('New window')}
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className="rx-item">More tools ›</DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent className="rx-menu" sideOffset={2}>
                  {item('Save page as…')}
                  {item('Create shortcut…')}
                  {item('Developer tools')}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <p data-state="menu">Last action: {last}</p>
    </>
  );
}

function FruitSelect() {
  const [fruit, setFruit] = useState('');
  return (
    <>
      <label id="rx-fruit-label">Fruit</label>{' '}
      <Select.Root value={fruit} onValueChange={setFruit}>
        <Select.Trigger className="rx-button" aria-labelledby="rx-fruit-label">
          <Select.Value placeholder="Select a fruit…" />
          <Select.Icon> ▾</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="rx-menu">
            <Select.Viewport>
              {['Apple', 'Banana', 'Blueberry', 'Grapes', 'Pineapple'].map((name) => (
                <Select.Item key={name} value={name.toLowerCase()} className="rx-item">
                  <Select.ItemText>{name}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </>
  );
}

function Faq() {
  const entries = [
    ['Is it accessible?', 'Yes. It adheres to the WAI-ARIA design pattern.'],
    ['Is it unstyled?', 'Yes. It comes without styles, so you can bring your own.'],
    ['Can it be animated?', 'Yes! Animate it with CSS or the animation library of your choice.'],
  ];
  return (
    <Accordion.Root type="single" collapsible className="rx-accordion">
      {entries.map(([question, answer]) => (
        <Accordion.Item key={question} value={question} className="rx-accordion-item">
          <Accordion.Header><Accordion.Trigger className="rx-accordion-trigger">{question}</Accordion.Trigger></Accordion.Header>
          <Accordion.Content className="rx-accordion-content"><div className="rx-accordion-text">{answer}</div></Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}

function AccountTabs() {
  return (
    <Tabs.Root defaultValue="account" className="rx-tabs">
      <Tabs.List aria-label="Manage your account">
        <Tabs.Trigger value="account" className="rx-tab">Account</Tabs.Trigger>
        <Tabs.Trigger value="password" className="rx-tab">Password</Tabs.Trigger>
        <Tabs.Trigger value="sessions" className="rx-tab">Sessions</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="account">Make changes to your account here.</Tabs.Content>
      <Tabs.Content value="password">Change your password here. It was last changed 3 months ago.</Tabs.Content>
      <Tabs.Content value="sessions">You are signed in on 2 devices.</Tabs.Content>
    </Tabs.Root>
  );
}

// As in Radix's own example, the slider shows no number: its value is the thumb's position (and aria-valuenow).
function Volume() {
  const [value, setValue] = useState([50]);
  return (
    <>
      <p id="rx-volume-label">Volume</p>
      <Slider.Root className="rx-slider" value={value} onValueChange={setValue} max={100} step={1}>
        <Slider.Track className="rx-track"><Slider.Range className="rx-range" /></Slider.Track>
        <Slider.Thumb className="rx-thumb" aria-label="Volume" />
      </Slider.Root>
    </>
  );
}

function AirplaneMode() {
  const [on, setOn] = useState(false);
  return (
    <>
      <label htmlFor="rx-airplane">Airplane mode</label>{' '}
      <Switch.Root id="rx-airplane" className="rx-switch" checked={on} onCheckedChange={setOn}><Switch.Thumb className="rx-switch-thumb" /></Switch.Root>
      <p data-state="airplane">Airplane mode is {on ? 'on' : 'off'}</p>
    </>
  );
}

function EditProfile() {
  const [name, setName] = useState('Pedro Duarte');
  const [draft, setDraft] = useState(name);
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => { setDraft(name); setOpen(next); }}>
      <Dialog.Trigger className="rx-button">Edit profile</Dialog.Trigger>
      <p data-state="profile">Name: {name}</p>
      <Dialog.Portal>
        <Dialog.Overlay className="rx-overlay" />
        <Dialog.Content className="rx-dialog">
          <Dialog.Title>Edit profile</Dialog.Title>
          <Dialog.Description>Make changes to your profile here. Click save when you're done.</Dialog.Description>
          <label>Name <input value={draft} onChange={(event) => setDraft(event.target.value)} /></label>
          <button type="button" className="rx-button" onClick={() => { setName(draft); setOpen(false); }}>Save changes</button>
          <Dialog.Close className="rx-button" aria-label="Close">×</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CalendarToast() {
  const [open, setOpen] = useState(false);
  const timer = useRef(0);
  return (
    <>
      <button type="button" className="rx-button" onClick={() => { setOpen(false); clearTimeout(timer.current); timer.current = setTimeout(() => setOpen(true), 100); }}>Add to calendar</button>
      <Toast.Root className="rx-toast" open={open} onOpenChange={setOpen} duration={8000}>
        <Toast.Title>Scheduled: Catch up</Toast.Title>
        <Toast.Description>Friday, 10 March 2028 at 5:57 PM</Toast.Description>
        <Toast.Action altText="Undo the scheduling" asChild><button type="button" className="rx-button">Undo</button></Toast.Action>
      </Toast.Root>
    </>
  );
}

function App() {
  return (
    <Toast.Provider swipeDirection="right">
      <div className="rx-page">
        <Section title="Dropdown menu"><ToolsMenu /></Section>
        <Section title="Select"><FruitSelect /></Section>
        <Section title="Accordion"><Faq /></Section>
        <Section title="Tabs"><AccountTabs /></Section>
        <Section title="Slider"><Volume /></Section>
        <Section title="Switch"><AirplaneMode /></Section>
        <Section title="Dialog"><EditProfile /></Section>
        <Section title="Toast"><CalendarToast /></Section>
      </div>
      <Toast.Viewport className="rx-toast-viewport" />
    </Toast.Provider>
  );
}

export async function mount(root) {
  await linkStyles(new URL('./radix.css', import.meta.url));
  return renderReact(root, <App />);
}
