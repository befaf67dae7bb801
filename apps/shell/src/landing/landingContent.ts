import type { ShellMessageId } from '../i18n';

/** The public landing page's copy, by message id (the words are in messages/*.json). */
export type FeatureCard = { title: ShellMessageId; body: ShellMessageId; marker?: 'soon' | 'planned' };
export type QuickStartStep = { title: ShellMessageId; body: ShellMessageId };
export type StatTile = { value: ShellMessageId | null; shown: string; label: ShellMessageId };

export const HERO = { title: 'landing.heroTitle', body: 'landing.heroBody' } as const satisfies Record<string, ShellMessageId>;

export const FEATURE_CARDS: readonly FeatureCard[] = [
  { title: 'landing.feature.contacts.title', body: 'landing.feature.contacts.body' },
  { title: 'landing.feature.consignment.title', body: 'landing.feature.consignment.body' },
  { title: 'landing.feature.recipes.title', body: 'landing.feature.recipes.body' },
  { title: 'landing.feature.analytics.title', body: 'landing.feature.analytics.body', marker: 'soon' },
  { title: 'landing.feature.secure.title', body: 'landing.feature.secure.body' },
  { title: 'landing.feature.portal.title', body: 'landing.feature.portal.body', marker: 'planned' },
];

export const MARKERS: Readonly<Record<NonNullable<FeatureCard['marker']>, ShellMessageId>> = { soon: 'landing.comingSoon', planned: 'landing.planned' };

export const QUICK_START: readonly QuickStartStep[] = [
  { title: 'landing.step.apply.title', body: 'landing.step.apply.body' },
  { title: 'landing.step.approved.title', body: 'landing.step.approved.body' },
  { title: 'landing.step.setup.title', body: 'landing.step.setup.body' },
  { title: 'landing.step.grow.title', body: 'landing.step.grow.body' },
];

/** A tile's value is a message, or figures shown as they are (`shown`). */
export const STAT_TILES: readonly StatTile[] = [
  { value: 'landing.stat.free.value', shown: '', label: 'landing.stat.free.label' },
  { value: null, shown: '99.9%', label: 'landing.stat.uptime.label' },
  { value: null, shown: '24/7', label: 'landing.stat.support.label' },
];
