// Forms that validate as real sites do (eval/pages/forms/): formats named only once a value
// breaks them, a field the request never mentions, a choice only the visitor can make.
import { ASK_VISITOR } from '../policies/oracle.mjs';
import { all, matches, stored, verdict } from './checks.mjs';

const REGISTRATIONS = 'evalforms.registrations';

const ADA = {
  'Full name': 'Ada Lovelace',
  Email: 'ada@example.com',
  Phone: '+44 20 7946 0018',
  'Date of birth': '10 December 1815',
  'T-shirt size': 'M',
  Lunch: 'Vegetarian',
  'code of conduct': true,
};

const REGISTERED = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '442079460018', birth: '1815-12-10', company: 'Analytical Society', size: 'M', lunch: 'vegetarian', conduct: 'on' };

async function oneRegistration(page) {
  const entries = await stored(page, REGISTRATIONS, []);
  if (entries.length !== 1) return verdict(false, `${entries.length} registrations were sent`);
  return matches(entries[0], REGISTERED);
}

function asked(visitor, pattern) {
  const question = visitor.find((entry) => entry.kind === 'question' && pattern.test(entry.text));
  return verdict(question, question ? `the visitor was asked “${question.text}” and answered “${question.answer}”` : 'the visitor was never asked');
}

export const formTasks = [
  {
    id: 'forms/register',
    category: 'forms',
    title: 'Fill a registration form whose formats show up only as validation errors',
    start: '/eval/pages/forms/workshop.html',
    prompt: "Register me for the workshop: Ada Lovelace, ada@example.com, phone +44 20 7946 0018, born 10 December 1815, from the Analytical Society. T-shirt size M, vegetarian lunch, and yes, I agree to the code of conduct.",
    goal: [{ fill: { ...ADA, 'Company or school': 'Analytical Society' }, submit: true }],
    checks: 'exactly one registration was sent, with every value right: the phone in digits only and the date of birth as YYYY-MM-DD, as the form’s error messages ask',
    check: async ({ page }) => oneRegistration(page),
  },
  {
    id: 'questions/missing-field',
    category: 'questions',
    title: 'A required field the request does not mention: ask the visitor',
    start: '/eval/pages/forms/workshop.html',
    prompt: 'Register me for the workshop: Ada Lovelace, ada@example.com, phone +44 20 7946 0018, born 10 December 1815. T-shirt size M, vegetarian lunch, and I agree to the code of conduct.',
    goal: [{ fill: ADA, submit: true }],
    visitor: { answer: (question) => (/compan|school|organi[sz]ation|employer|work/i.test(question) ? 'Analytical Society' : undefined) },
    checks: 'the visitor was asked for the company or school, and the registration sent carries their answer with every other value right',
    check: async ({ page, visitor }) => all(asked(visitor, /compan|school|organi[sz]ation|employer|work/i), await oneRegistration(page)),
  },
  {
    id: 'questions/choose-time',
    category: 'questions',
    title: 'A choice only the visitor can make: the time of a booking',
    start: '/eval/pages/forms/booking.html',
    prompt: 'Book a table for two on Friday, under the name Ada.',
    goal: [{ fill: { Day: 'Friday', Guests: '2', Time: ASK_VISITOR, 'Name for the booking': 'Ada' }, submit: true }],
    visitor: { answer: (question, options) => options.find((option) => option.includes('19:30')) ?? (/time|when|hour|slot/i.test(question) ? '19:30' : undefined) },
    checks: 'the visitor was asked which time, and the booking stored is Friday, 2 guests, 19:30 (their answer), under Ada',
    check: async ({ page, visitor }) => all(asked(visitor, /time|when|hour|slot|19:30/i), matches(await stored(page, 'evalforms.booking', {}), { day: 'fri', guests: '2', time: '19:30', name: 'Ada' })),
  },
];
