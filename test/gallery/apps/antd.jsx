// Ant Design 6: the React library of many admin dashboards, used as its docs show.
import { useState } from 'react';
import { Button, Cascader, ConfigProvider, Collapse, DatePicker, Input, Menu, message, Modal, Select, Slider, Switch, Table, Tabs, Tree, Typography } from 'antd';
import dayjs from 'dayjs';
import { GALLERY_ANIMATION_MS, GALLERY_TODAY } from './gallery-page.js';
import { renderReact } from './react-page.jsx';

export const title = 'Ant Design';

const { Title, Paragraph } = Typography;

const ADDRESSES = [
  { value: 'zhejiang', label: 'Zhejiang', children: [{ value: 'hangzhou', label: 'Hangzhou', children: [{ value: 'xihu', label: 'West Lake' }, { value: 'gongshu', label: 'Gongshu' }] }] },
  { value: 'jiangsu', label: 'Jiangsu', children: [{ value: 'nanjing', label: 'Nanjing', children: [{ value: 'zhonghuamen', label: 'Zhong Hua Men' }, { value: 'xuanwu', label: 'Xuanwu' }] }, { value: 'suzhou', label: 'Suzhou', children: [{ value: 'gusu', label: 'Gusu' }] }] },
];

const FILES = [
  { title: 'Documents', key: 'documents', children: [
    { title: 'Reports', key: 'reports', children: [{ title: 'Q1 report.pdf', key: 'q1', isLeaf: true }, { title: 'Q2 report.pdf', key: 'q2', isLeaf: true }] },
    { title: 'Letters', key: 'letters', children: [{ title: 'Offer.docx', key: 'offer', isLeaf: true }] },
  ] },
  { title: 'Pictures', key: 'pictures', children: [{ title: 'Holiday.jpg', key: 'holiday', isLeaf: true }] },
];

const ORDERS = [
  ['A-1001', 'Ada Lovelace', 36], ['A-1002', 'Alan Turing', 41], ['A-1003', 'Grace Hopper', 85], ['A-1004', 'Edsger Dijkstra', 72], ['A-1005', 'Barbara Liskov', 84],
  ['A-1006', 'Donald Knuth', 87], ['A-1007', 'Margaret Hamilton', 88], ['A-1008', 'Tim Berners-Lee', 69], ['A-1009', 'Linus Torvalds', 55], ['A-1010', 'Katherine Johnson', 101],
  ['A-1011', 'John McCarthy', 84], ['A-1012', 'Frances Allen', 88],
].map(([order, customer, age]) => ({ key: order, order, customer, age }));

const ORDER_COLUMNS = [
  { title: 'Order', dataIndex: 'order' },
  { title: 'Customer', dataIndex: 'customer' },
  { title: 'Age', dataIndex: 'age', sorter: (a, b) => a.age - b.age },
];

const MENU = [
  { key: 'inbox', label: 'Inbox' },
  { key: 'settings', label: 'Settings', children: [
    { key: 'profile', label: 'Profile' },
    { key: 'notifications', label: 'Notifications', children: [{ key: 'email', label: 'Email' }, { key: 'sms', label: 'Text messages' }] },
  ] },
  { key: 'help', label: 'Help' },
];

function Section({ title, children }) {
  return (
    <section style={{ margin: '24px 0' }}>
      <Title level={3}>{title}</Title>
      {children}
    </section>
  );
}

function StartDate() {
  const [value, setValue] = useState(null);
  return (
    <label>
      Start date{' '}
      <DatePicker value={value} onChange={setValue} defaultPickerValue={dayjs(GALLERY_TODAY)} format="YYYY-MM-DD" />
    </label>
  );
}

function NavigationMenu() {
  const [chosen, setChosen] = useState('none');
  return (
    <>
      <Menu mode="vertical" style={{ width: 240 }} items={MENU} onClick={({ keyPath }) => setChosen(keyPath.slice().reverse().join(' / '))} />
      <Paragraph data-state="menu">Opened: {chosen}</Paragraph>
    </>
  );
}

function RenameProject() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('Zeus');
  const [draft, setDraft] = useState('Zeus');
  return (
    <>
      <Button onClick={() => { setDraft(name); setOpen(true); }}>Rename project</Button>
      <Paragraph data-state="project">Project: {name}</Paragraph>
      <Modal title="Rename project" open={open} onOk={() => { setName(draft); setOpen(false); }} onCancel={() => setOpen(false)}>
        <label>New name <Input value={draft} onChange={(event) => setDraft(event.target.value)} /></label>
      </Modal>
    </>
  );
}

function SaveDraft() {
  const [api, holder] = message.useMessage();
  return (
    <>
      {holder}
      <Button onClick={() => api.success('Draft saved to your outbox', 6)}>Save draft</Button>
    </>
  );
}

function App() {
  const [city, setCity] = useState('Hangzhou');
  const [address, setAddress] = useState([]);
  const [selectedFile, setSelectedFile] = useState('none');
  const [brightness, setBrightness] = useState(30);
  const [notify, setNotify] = useState(false);
  return (
    <div style={{ padding: 16, maxWidth: 760 }}>
      <Section title="Date picker"><StartDate /></Section>
      <Section title="Select">
        <label>City <Select value={city} onChange={setCity} style={{ width: 200 }} options={['Beijing', 'Hangzhou', 'Shanghai', 'Shenzhen', 'Chengdu'].map((value) => ({ value, label: value }))} /></label>
      </Section>
      <Section title="Cascader">
        <label>Address <Cascader options={ADDRESSES} value={address} onChange={(value) => setAddress(value ?? [])} placeholder="Please select" style={{ width: 300 }} /></label>
      </Section>
      <Section title="Tree">
        <Tree treeData={FILES} onSelect={(_keys, { node }) => setSelectedFile(node.title)} />
        <Paragraph data-state="file">Selected file: {selectedFile}</Paragraph>
      </Section>
      <Section title="Menu"><NavigationMenu /></Section>
      <Section title="Collapse">
        <Collapse items={[
          { key: 'orders', label: 'Orders', children: <p>Orders ship within two days.</p> },
          { key: 'refunds', label: 'Refunds', children: <p>Refunds reach your card within 10 days.</p> },
          { key: 'privacy', label: 'Privacy', children: <p>We never sell your data.</p> },
        ]} />
      </Section>
      <Section title="Tabs">
        <Tabs items={[
          { key: 'overview', label: 'Overview', children: 'A compact espresso machine.' },
          { key: 'specs', label: 'Specs', children: '15 bar pump, 1.2 litre tank.' },
          { key: 'faq', label: 'FAQ', children: 'Descale it every two months.' },
        ]} />
      </Section>
      <Section title="Slider">
        <div>Brightness</div>
        <Slider value={brightness} onChange={setBrightness} style={{ width: 300 }} />
        <Paragraph data-state="brightness">Brightness: {brightness}%</Paragraph>
      </Section>
      <Section title="Switch">
        <label><Switch checked={notify} onChange={setNotify} /> Notifications</label>
        <Paragraph data-state="notify">Notifications are {notify ? 'on' : 'off'}</Paragraph>
      </Section>
      <Section title="Modal"><RenameProject /></Section>
      <Section title="Message"><SaveDraft /></Section>
      <Section title="Table">
        <Table columns={ORDER_COLUMNS} dataSource={ORDERS} pagination={{ pageSize: 5 }} size="small" />
      </Section>
    </div>
  );
}

// antd's motion tokens set the length of its popup, collapse and modal animations.
const MOTION = { motionDurationMid: `${GALLERY_ANIMATION_MS / 1000}s`, motionDurationSlow: `${GALLERY_ANIMATION_MS / 1000}s` };

export async function mount(root) {
  return renderReact(root, <ConfigProvider theme={{ token: MOTION }}><App /></ConfigProvider>);
}
