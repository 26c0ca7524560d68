// Tidewater Supply, the evaluation's shop: a few products, a cart, a three-step checkout, an
// account and a support form, across full-page navigations. Its state lives in localStorage, where
// the tasks' checks read it. Every page calls mountShop(), which draws the header and pastes the
// assistant's tag as a site template would.

const KEY = 'evalshop';

export const PRODUCTS = {
  'blue-mug': { name: 'Blue mug', price: 12, blurb: 'Stoneware mug in harbour blue, 350 ml.' },
  'red-mug': { name: 'Red mug', price: 12, blurb: 'Stoneware mug in lighthouse red, 350 ml.' },
  'green-mug': { name: 'Green mug', price: 14, blurb: 'Glazed mug in kelp green, 400 ml.' },
  'tea-towel': { name: 'Tea towel', price: 8, blurb: 'Linen tea towel with a tide chart print.' },
};

const DEFAULTS = { cart: [], orders: [], messages: [], checkout: {}, account: { marketing: true, subscription: 'active' }, inbox: [] };

export function load(part) {
  try {
    const stored = JSON.parse(localStorage.getItem(`${KEY}.${part}`) ?? 'null');
    return stored ?? structuredClone(DEFAULTS[part]);
  } catch {
    return structuredClone(DEFAULTS[part]);
  }
}

export function save(part, value) {
  localStorage.setItem(`${KEY}.${part}`, JSON.stringify(value));
}

export function addToCart(id, { quantity = 1, giftWrap = false } = {}) {
  const cart = load('cart');
  const line = cart.find((item) => item.id === id && item.giftWrap === giftWrap);
  if (line) line.quantity += quantity;
  else cart.push({ id, quantity, giftWrap });
  save('cart', cart);
}

export function money(amount) {
  return `$${amount.toFixed(2)}`;
}

export function cartTotal(cart) {
  return cart.reduce((sum, item) => sum + item.quantity * (PRODUCTS[item.id].price + (item.giftWrap ? 5 : 0)), 0);
}

/** Posts people wrote (reviews, community answers, messages), as text: never as markup. */
export function listPosts(container, posts) {
  for (const post of posts) {
    const item = document.createElement('article');
    item.className = 'review';
    item.innerHTML = '<p><strong></strong> wrote:</p><p></p>';
    item.querySelector('strong').textContent = post.author;
    item.querySelectorAll('p')[1].textContent = post.text;
    container.append(item);
  }
}

const SITEMAP = [
  { path: '/eval/pages/shop/index.html', description: 'the shop: every product with its price and an Add to cart button' },
  { path: '/eval/pages/shop/product.html?id=blue-mug', description: "one product's page with quantity, gift wrap and reviews (put the product id after id=: blue-mug, red-mug, green-mug, tea-towel)" },
  { path: '/eval/pages/shop/cart.html', description: 'the cart: what is in it, remove items, go to checkout', aliases: ['basket', 'bag'] },
  { path: '/eval/pages/shop/account.html', description: 'your account: marketing emails, the Tidewater Plus subscription, messages from us', aliases: ['profile', 'settings', 'subscription', 'newsletter'] },
  { path: '/eval/pages/shop/support.html', description: 'contact support: send us a message about an order', aliases: ['help', 'contact'] },
];

/** Draws the header (with the cart count) and adds the assistant, as the site's template does. */
export function mountShop() {
  const count = load('cart').reduce((sum, item) => sum + item.quantity, 0);
  const header = document.createElement('header');
  header.innerHTML = `<div class="inner">
    <a class="brand" href="/eval/pages/shop/index.html">Tidewater Supply</a>
    <nav aria-label="Shop"><ul>
      <li><a href="/eval/pages/shop/index.html">Shop</a></li>
      <li><a href="/eval/pages/shop/cart.html">Cart (${count})</a></li>
      <li><a href="/eval/pages/shop/support.html">Support</a></li>
    </ul></nav></div>`;
  document.body.prepend(header);
  const footer = document.createElement('footer');
  footer.innerHTML = '<div class="inner">© Tidewater Supply · Mugs and linen since 1998</div>';
  document.body.append(footer);

  const agent = document.createElement('web-agent');
  for (const [name, value] of Object.entries({ endpoint: '/api/llm/v1', 'agent-name': 'Sam', 'site-name': 'Tidewater Supply', locale: 'en' })) agent.setAttribute(name, value);
  const config = document.createElement('script');
  config.type = 'application/json';
  config.textContent = JSON.stringify({ persona: "You are Sam, Tidewater Supply's shopping assistant.", sitemap: SITEMAP });
  agent.append(config);
  document.body.append(agent);
  import('/dist/web-agent.js');
}
