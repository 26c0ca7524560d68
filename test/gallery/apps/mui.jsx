// MUI (Material UI 9 and MUI X): the React component library, used as its docs show.
import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Snackbar from '@mui/material/Snackbar';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { GALLERY_ANIMATION_MS, GALLERY_TODAY } from './gallery-page.js';
import { renderReact } from './react-page.jsx';

export const title = 'MUI';

const FILMS = ['The Shawshank Redemption', 'The Godfather', 'The Godfather: Part II', 'The Dark Knight', '12 Angry Men', "Schindler's List", 'Pulp Fiction', 'Forrest Gump', 'Inception', 'Fight Club', 'The Matrix', 'Goodfellas', 'Seven Samurai', 'City of God', 'Spirited Away'];

const PEOPLE = [
  ['Jon Snow', 35, 'Winterfell'], ['Cersei Lannister', 42, 'King’s Landing'], ['Jaime Lannister', 45, 'Casterly Rock'], ['Arya Stark', 16, 'Winterfell'],
  ['Daenerys Targaryen', 29, 'Dragonstone'], ['Melisandre', 150, 'Asshai'], ['Ferrara Clifford', 44, 'Braavos'], ['Rossini Frances', 36, 'Oldtown'],
  ['Harvey Roxie', 65, 'Lannisport'], ['Brienne of Tarth', 32, 'Tarth'], ['Samwell Tarly', 24, 'Horn Hill'], ['Tyrion Lannister', 39, 'Casterly Rock'],
].map(([name, age, city], index) => ({ id: index + 1, name, age, city }));

const COLUMNS = [
  { field: 'name', headerName: 'Name', width: 190 },
  { field: 'age', headerName: 'Age', type: 'number', width: 90 },
  { field: 'city', headerName: 'City', width: 160 },
];

function Section({ title, children }) {
  return (
    <Box component="section" sx={{ my: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>{title}</Typography>
      {children}
    </Box>
  );
}

function AgeSelect() {
  const [age, setAge] = useState('10');
  return (
    <FormControl sx={{ minWidth: 200 }}>
      <InputLabel id="mui-age-label">Age</InputLabel>
      <Select labelId="mui-age-label" id="mui-age" MenuProps={{ transitionDuration: GALLERY_ANIMATION_MS }} value={age} label="Age" onChange={(event) => setAge(event.target.value)}>
        <MenuItem value="10">Ten</MenuItem>
        <MenuItem value="20">Twenty</MenuItem>
        <MenuItem value="30">Thirty</MenuItem>
      </Select>
    </FormControl>
  );
}

function AccountMenu() {
  const [anchor, setAnchor] = useState(null);
  const [last, setLast] = useState('none');
  const choose = (item) => () => {
    setLast(item);
    setAnchor(null);
  };
  return (
    <>
      <Button id="mui-menu-button" aria-controls={anchor ? 'mui-menu' : undefined} aria-haspopup="true" aria-expanded={anchor ? 'true' : undefined} onClick={(event) => setAnchor(event.currentTarget)}>
        Account
      </Button>
      <Menu id="mui-menu" transitionDuration={GALLERY_ANIMATION_MS} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': 'mui-menu-button' } }}>
        <MenuItem onClick={choose('Profile')}>Profile</MenuItem>
        <MenuItem onClick={choose('My account')}>My account</MenuItem>
        <MenuItem onClick={choose('Sign out')}>Sign out</MenuItem>
      </Menu>
      <Typography data-state="menu">Last chosen: {last}</Typography>
    </>
  );
}

function Faq() {
  const entries = [
    ['Shipping', 'We ship to 40 countries.'],
    ['Returns', 'You can return any item within 60 days.'],
    ['Warranty', 'Every device has a two-year warranty.'],
  ];
  return entries.map(([question, answer]) => (
    <Accordion key={question} slotProps={{ transition: { timeout: GALLERY_ANIMATION_MS } }}>
      <AccordionSummary aria-controls={`mui-faq-${question}`} id={`mui-faq-${question}-header`}>
        <Typography component="span">{question}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`mui-faq-${question}`}>{answer}</AccordionDetails>
    </Accordion>
  ));
}

function ProductTabs() {
  const [tab, setTab] = useState(0);
  const panels = ['Free delivery on orders over 50 euros.', 'Made of recycled aluminium.', 'Customers rate it 4.8 out of 5.'];
  return (
    <>
      <Tabs value={tab} onChange={(_event, value) => setTab(value)} aria-label="Product details">
        <Tab label="Delivery" id="mui-tab-0" aria-controls="mui-tabpanel-0" />
        <Tab label="Materials" id="mui-tab-1" aria-controls="mui-tabpanel-1" />
        <Tab label="Ratings" id="mui-tab-2" aria-controls="mui-tabpanel-2" />
      </Tabs>
      {panels.map((text, index) => (
        <div key={text} role="tabpanel" hidden={tab !== index} id={`mui-tabpanel-${index}`} aria-labelledby={`mui-tab-${index}`}>
          {tab === index && <Typography sx={{ p: 2 }}>{text}</Typography>}
        </div>
      ))}
    </>
  );
}

function Thermostat() {
  const [value, setValue] = useState(20);
  return (
    <Box sx={{ width: 300 }}>
      <Typography id="mui-temperature-label">Temperature</Typography>
      <Slider aria-labelledby="mui-temperature-label" value={value} onChange={(_event, next) => setValue(next)} min={10} max={30} valueLabelDisplay="auto" />
      <Typography data-state="temperature">Temperature: {value} °C</Typography>
    </Box>
  );
}

function Settings() {
  const [wifi, setWifi] = useState(true);
  const [bluetooth, setBluetooth] = useState(false);
  return (
    <>
      <FormControlLabel control={<Switch checked={wifi} onChange={(event) => setWifi(event.target.checked)} />} label="Wi-Fi" />
      <FormControlLabel control={<Switch checked={bluetooth} onChange={(event) => setBluetooth(event.target.checked)} />} label="Bluetooth" />
    </>
  );
}

function Subscribe() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [subscribed, setSubscribed] = useState('nobody');
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>Subscribe to the newsletter</Button>
      <Typography data-state="subscribe">Subscribed: {subscribed}</Typography>
      <Dialog open={open} transitionDuration={GALLERY_ANIMATION_MS} onClose={() => setOpen(false)} aria-labelledby="mui-subscribe-title">
        <DialogTitle id="mui-subscribe-title">Subscribe</DialogTitle>
        <DialogContent>
          <TextField autoFocus margin="dense" id="mui-email" label="Email address" type="email" fullWidth variant="standard" value={email} onChange={(event) => setEmail(event.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button onClick={() => { setSubscribed(email || 'nobody'); setOpen(false); }}>Subscribe</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ArchiveToast() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Archive the message</Button>
      <Snackbar open={open} transitionDuration={GALLERY_ANIMATION_MS} autoHideDuration={6000} onClose={() => setOpen(false)} message="Message archived: 1 conversation moved to Archive" action={<Button size="small" onClick={() => setOpen(false)}>Undo</Button>} />
    </>
  );
}

function Departure() {
  const [value, setValue] = useState(null);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DesktopDatePicker label="Departure" value={value} onChange={setValue} referenceDate={dayjs(GALLERY_TODAY)} views={['year', 'month', 'day']} format="DD/MM/YYYY" slotProps={{ desktopTransition: { timeout: GALLERY_ANIMATION_MS } }} />
    </LocalizationProvider>
  );
}

function People() {
  return (
    <Box sx={{ height: 420, width: 480 }}>
      <DataGrid rows={PEOPLE} columns={COLUMNS} initialState={{ pagination: { paginationModel: { pageSize: 5, page: 0 } } }} pageSizeOptions={[5, 10]} disableRowSelectionOnClick />
    </Box>
  );
}

function App() {
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Section title="Select"><AgeSelect /></Section>
      <Section title="Autocomplete">
        <Autocomplete disablePortal options={FILMS} sx={{ width: 320 }} renderInput={(params) => <TextField {...params} label="Movie" />} />
      </Section>
      <Section title="Date picker"><Departure /></Section>
      <Section title="Menu"><AccountMenu /></Section>
      <Section title="Accordion"><Faq /></Section>
      <Section title="Tabs"><ProductTabs /></Section>
      <Section title="Slider"><Thermostat /></Section>
      <Section title="Switches"><Settings /></Section>
      <Section title="Dialog"><Subscribe /></Section>
      <Section title="Snackbar"><ArchiveToast /></Section>
      <Section title="Data grid"><People /></Section>
    </Box>
  );
}

export async function mount(root) {
  return renderReact(root, <App />);
}
