// React Aria Components (Adobe): unstyled, accessibility-first widgets, written as their docs show
// them. They lean on ARIA and hidden native inputs: a Select keeps a visually hidden <select> beside
// its button, a Slider's thumb is a visually hidden <input type=range>, a DatePicker is a group of
// spinbutton segments with a calendar in a popover. The page gives them the few styles a site would.
import { useState } from 'react';
import {
  Button, Calendar, CalendarCell, CalendarGrid, ComboBox, DateInput, DatePicker, DateSegment, Dialog, Group, Heading, Input, Label,
  ListBox, ListBoxItem, Menu, MenuItem, MenuTrigger, Popover, Select, SelectValue, Slider, SliderOutput, SliderThumb, SliderTrack,
  Tab, TabList, TabPanel, Tabs,
} from 'react-aria-components';
import { CalendarDate } from '@internationalized/date';
import { GALLERY_TODAY } from './gallery-page.js';
import { renderReact } from './react-page.jsx';

export const title = 'React Aria Components';

const COUNTRIES = ['Austria', 'Belgium', 'Denmark', 'France', 'Germany', 'Italy', 'Netherlands', 'Spain', 'Sweden'];
const SIZES = ['Small', 'Medium', 'Large', 'Extra large'];

const STYLES = `
  .react-aria-Popover { background: #fff; border: 1px solid #999; border-radius: 6px; box-shadow: 0 4px 12px #0003; padding: 4px; min-width: 160px; }
  .react-aria-ListBoxItem, .react-aria-MenuItem { padding: 4px 8px; cursor: default; outline: none; }
  .react-aria-ListBoxItem[data-focused], .react-aria-MenuItem[data-focused] { background: #def; }
  .react-aria-Input, .react-aria-Button { font: inherit; padding: 4px 8px; }
  .react-aria-DateInput { display: inline-flex; border: 1px solid #999; padding: 4px; }
  .react-aria-DateSegment { padding: 0 2px; }
  .react-aria-CalendarCell { padding: 4px; text-align: center; cursor: default; }
  .react-aria-CalendarCell[data-outside-month] { display: none; }
  .react-aria-CalendarCell[data-selected] { background: #36c; color: #fff; }
  .react-aria-Slider { display: grid; grid-template-columns: 1fr auto; width: 240px; }
  .react-aria-SliderTrack { grid-column: 1 / -1; height: 24px; position: relative; }
  .react-aria-SliderTrack::before { content: ''; position: absolute; left: 0; right: 0; top: 11px; height: 3px; background: #999; }
  .react-aria-SliderThumb { width: 18px; height: 18px; top: 50%; border-radius: 50%; background: #36c; }
  .react-aria-TabList { display: flex; gap: 12px; border-bottom: 1px solid #999; }
  .react-aria-Tab { padding: 4px 8px; cursor: default; }
  .react-aria-Tab[data-selected] { border-bottom: 3px solid #36c; }
  section { margin-bottom: 16px; }
`;

function App() {
  const [country, setCountry] = useState(null);
  const [size, setSize] = useState('Medium');
  const [action, setAction] = useState('none');
  const [volume, setVolume] = useState(50);
  const [date, setDate] = useState(null);
  return (
    <div style={{ padding: 16, maxWidth: 560, font: '14px/1.4 system-ui, sans-serif' }}>
      <style>{STYLES}</style>
      <section>
        <h2>ComboBox</h2>
        <ComboBox selectedKey={country} onSelectionChange={setCountry}>
          <Label>Country</Label>
          <div><Input /><Button>▼</Button></div>
          <Popover><ListBox>{COUNTRIES.map((name) => <ListBoxItem key={name} id={name}>{name}</ListBoxItem>)}</ListBox></Popover>
        </ComboBox>
        <p data-state="country">Country: {country ?? 'none'}</p>
      </section>
      <section>
        <h2>Select</h2>
        <Select selectedKey={size} onSelectionChange={setSize}>
          <Label>Size</Label>
          <Button><SelectValue /> <span aria-hidden="true">▼</span></Button>
          <Popover><ListBox>{SIZES.map((name) => <ListBoxItem key={name} id={name}>{name}</ListBoxItem>)}</ListBox></Popover>
        </Select>
        <p data-state="size">Size: {size}</p>
      </section>
      <section>
        <h2>Menu</h2>
        <MenuTrigger>
          <Button aria-label="Message actions">⋯</Button>
          <Popover>
            <Menu onAction={(key) => setAction(String(key))}>
              <MenuItem id="reply">Reply</MenuItem>
              <MenuItem id="archive">Archive</MenuItem>
              <MenuItem id="delete">Delete</MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
        <p data-state="action">Last action: {action}</p>
      </section>
      <section>
        <h2>Slider</h2>
        <Slider value={volume} onChange={setVolume}>
          <Label>Volume</Label>
          <SliderOutput />
          <SliderTrack><SliderThumb /></SliderTrack>
        </Slider>
        <p data-state="volume">Volume: {volume}</p>
      </section>
      <section>
        <h2>DatePicker</h2>
        <DatePicker value={date} onChange={setDate} placeholderValue={new CalendarDate(GALLERY_TODAY.getFullYear(), GALLERY_TODAY.getMonth() + 1, GALLERY_TODAY.getDate())}>
          <Label>Appointment</Label>
          <Group>
            <DateInput>{(segment) => <DateSegment segment={segment} />}</DateInput>
            <Button>📅</Button>
          </Group>
          <Popover>
            <Dialog>
              <Calendar>
                <header><Button slot="previous">◀</Button><Heading /><Button slot="next">▶</Button></header>
                <CalendarGrid>{(day) => <CalendarCell date={day} />}</CalendarGrid>
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
        <p data-state="date">Appointment: {date ? date.toString() : 'none'}</p>
      </section>
      <section>
        <h2>Tabs</h2>
        <Tabs>
          <TabList aria-label="Account">
            <Tab id="profile">Profile</Tab>
            <Tab id="billing">Billing</Tab>
          </TabList>
          <TabPanel id="profile">Signed in as sky@example.com.</TabPanel>
          <TabPanel id="billing">The next invoice is due on 3 June 2026.</TabPanel>
        </Tabs>
      </section>
    </div>
  );
}

export async function mount(root) {
  return renderReact(root, <App />);
}
