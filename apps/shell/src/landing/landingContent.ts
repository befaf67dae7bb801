/** The public landing page's copy. */
export type FeatureCard = { title: string; body: string; marker?: 'Coming soon' | 'Planned' };
export type QuickStartStep = { title: string; body: string };
export type StatTile = { value: string; label: string };

export const HERO = {
  title: 'The CRM built for American entrepreneurs, small businesses and non-profits',
  body: 'Keep every contact, business, household and note in one place, run your day-to-day operations, and give your whole team the same view of your organization.',
};

export const FEATURE_CARDS: readonly FeatureCard[] = [
  { title: 'Contact Management', body: 'Contacts, businesses and households with their phones, e-mails, addresses, notes and files.' },
  { title: 'Consignment Tracking', body: 'Know what you hold for whom, what sold and what you owe, without a spreadsheet.' },
  { title: 'Recipe Calculator', body: 'Cost your recipes and products from the supplies you buy, down to the cent.' },
  { title: 'Analytics Dashboard', body: 'Trends in your contacts, orders and revenue at a glance.', marker: 'Coming soon' },
  { title: 'Secure & Reliable', body: 'Each organization sees only its own data, enforced by the database itself.' },
  { title: 'Community Portal', body: 'A place for your members, guests and volunteers to find what they need.', marker: 'Planned' },
];

export const QUICK_START: readonly QuickStartStep[] = [
  { title: 'Apply for access', body: 'Tell us about you and your organization. It takes two minutes.' },
  { title: 'Get approved and start free', body: 'Your organization starts on the free starter plan.' },
  { title: 'Set up your business', body: 'Add your branding, invite your team and bring in your contacts.' },
  { title: 'Grow', body: 'Turn on the areas you need as your organization grows.' },
];

export const STAT_TILES: readonly StatTile[] = [
  { value: 'Free', label: 'Starter plan' },
  { value: '99.9%', label: 'Uptime promise' },
  { value: '24/7', label: 'Support' },
];
