// Fluent UI React v9 (Microsoft): styled with Griffel (CSS-in-JS, atomic classes), focus handled by
// Tabster. Written as its docs show the widgets: a freeform Combobox whose options arrive from an
// asynchronous search, a Dropdown, a Menu with a submenu, an OverlayDrawer holding a Switch, a Tree
// of folders, a Toast and a confirming Dialog. Portals (popovers, the drawer, toasts) mount at the
// end of <body>, outside the app.
import { useRef, useState } from 'react';
import {
  Button, Combobox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger,
  DrawerBody, DrawerHeader, DrawerHeaderTitle, Dropdown, Field, FluentProvider, Menu, MenuItem, MenuList, MenuPopover,
  MenuTrigger, Option, OverlayDrawer, Switch, Toast, Toaster, ToastTitle, Tree, TreeItem, TreeItemLayout,
  useId, useToastController, webLightTheme,
} from '@fluentui/react-components';
import { renderReact } from './react-page.jsx';

export const title = 'Fluent UI React v9';

const CITIES = ['Lima', 'Lisbon', 'Ljubljana', 'London', 'Los Angeles', 'Luxembourg', 'Lyon', 'Madrid', 'Milan', 'Oslo', 'Paris', 'Prague'];
const SIZES = ['Small', 'Medium', 'Large', 'Extra large'];

/** A search endpoint's answer: cities starting with the words typed, a moment later. */
function searchCities(query) {
  return new Promise((resolve) => setTimeout(() => resolve(CITIES.filter((city) => city.toLowerCase().startsWith(query.toLowerCase()))), 300));
}

function CitySearch({ onPick }) {
  const [options, setOptions] = useState([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef('');
  async function onInput(event) {
    const query = event.target.value;
    latest.current = query;
    if (!query) return setOptions([]);
    setLoading(true);
    const found = await searchCities(query);
    if (latest.current !== query) return;
    setOptions(found);
    setLoading(false);
  }
  return (
    <Field label="Destination">
      <Combobox freeform placeholder="Search cities" onInput={onInput} onOptionSelect={(_, data) => data.optionText && onPick(data.optionText)}>
        {loading && options.length === 0 ? <Option disabled text="Searching">Searching…</Option> : null}
        {options.map((city) => <Option key={city}>{city}</Option>)}
      </Combobox>
    </Field>
  );
}

function App() {
  const [destination, setDestination] = useState(null);
  const [size, setSize] = useState('Medium');
  const [folder, setFolder] = useState('Inbox');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notifications, setNotifications] = useState(false);
  const [opened, setOpened] = useState('nothing');
  const [project, setProject] = useState('Apollo');
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const saveDraft = () => dispatchToast(<Toast><ToastTitle>Draft saved as version 7</ToastTitle></Toast>, { intent: 'success', timeout: 4000 });
  return (
    <FluentProvider theme={webLightTheme} style={{ padding: 16, maxWidth: 560 }}>
      <Toaster toasterId={toasterId} />
      <section>
        <h2>Combobox (asynchronous search)</h2>
        <CitySearch onPick={setDestination} />
        <p data-state="destination">Destination: {destination ?? 'none'}</p>
      </section>
      <section>
        <h2>Dropdown</h2>
        <Field label="Size">
          <Dropdown value={size} selectedOptions={[size]} onOptionSelect={(_, data) => setSize(data.optionValue)}>
            {SIZES.map((name) => <Option key={name} value={name}>{name}</Option>)}
          </Dropdown>
        </Field>
        <p data-state="size">Size: {size}</p>
      </section>
      <section>
        <h2>Menu with a submenu</h2>
        <Menu>
          <MenuTrigger disableButtonEnhancement><Button>Message actions</Button></MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem>Reply</MenuItem>
              <MenuItem>Forward</MenuItem>
              <Menu>
                <MenuTrigger disableButtonEnhancement><MenuItem>Move to</MenuItem></MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {['Inbox', 'Archive', 'Spam', 'Trash'].map((name) => <MenuItem key={name} onClick={() => setFolder(name)}>{name}</MenuItem>)}
                  </MenuList>
                </MenuPopover>
              </Menu>
            </MenuList>
          </MenuPopover>
        </Menu>
        <p data-state="folder">Folder: {folder}</p>
      </section>
      <section>
        <h2>Drawer</h2>
        <Button onClick={() => setSettingsOpen(true)}>Settings</Button>
        <OverlayDrawer position="end" open={settingsOpen} onOpenChange={(_, data) => setSettingsOpen(data.open)}>
          <DrawerHeader>
            <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" onClick={() => setSettingsOpen(false)}>✕</Button>}>Settings</DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>
            <Switch label="Dark mode" />
            <Switch label="Email notifications" checked={notifications} onChange={(_, data) => setNotifications(data.checked)} />
          </DrawerBody>
        </OverlayDrawer>
        <p data-state="notifications">Email notifications: {notifications ? 'on' : 'off'}</p>
      </section>
      <section>
        <h2>Tree</h2>
        <Tree aria-label="Files">
          <TreeItem itemType="branch">
            <TreeItemLayout>Documents</TreeItemLayout>
            <Tree>
              <TreeItem itemType="leaf" onClick={() => setOpened('cv.docx')}><TreeItemLayout>cv.docx</TreeItemLayout></TreeItem>
            </Tree>
          </TreeItem>
          <TreeItem itemType="branch">
            <TreeItemLayout>Reports</TreeItemLayout>
            <Tree>
              {['2024', '2025'].map((year) => (
                <TreeItem key={year} itemType="branch">
                  <TreeItemLayout>{year}</TreeItemLayout>
                  <Tree>
                    {['q1-report.pdf', 'q3-report.pdf'].map((file) => (
                      <TreeItem key={file} itemType="leaf" onClick={() => setOpened(`${year}/${file}`)}><TreeItemLayout>{file}</TreeItemLayout></TreeItem>
                    ))}
                  </Tree>
                </TreeItem>
              ))}
            </Tree>
          </TreeItem>
        </Tree>
        <p data-state="opened">Opened: {opened}</p>
      </section>
      <section>
        <h2>Toast</h2>
        <Button onClick={saveDraft}>Save draft</Button>
      </section>
      <section>
        <h2>Dialog</h2>
        <Dialog>
          <DialogTrigger disableButtonEnhancement><Button disabled={!project}>Delete project</Button></DialogTrigger>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Delete {project}?</DialogTitle>
              <DialogContent>The project and its 12 files will be removed for everyone.</DialogContent>
              <DialogActions>
                <DialogTrigger disableButtonEnhancement><Button appearance="secondary">Cancel</Button></DialogTrigger>
                <DialogTrigger disableButtonEnhancement><Button appearance="primary" onClick={() => setProject(null)}>Delete</Button></DialogTrigger>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
        <p data-state="project">Project: {project ?? 'deleted'}</p>
      </section>
    </FluentProvider>
  );
}

export async function mount(root) {
  return renderReact(root, <App />);
}
