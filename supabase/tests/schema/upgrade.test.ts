// The previous release's database, with its seed and a realistic load, upgraded by this checkout's
// migrations: the schema a fresh install builds, and every row as it was.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { both, compareCatalogs, describeDifference, migrationsCatalog } from '../../local/schema/builds.mjs';
import { upgradeFromPreviousRelease } from '../../local/schema/upgrade.mjs';

const LOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'realisticLoad.sql');
const RECORD_FILES_MIGRATION = '20261128193714_record_files_private.sql';
const ORGANISATION_LIMITS_MIGRATION = '20261128200730_per_organisation_limits.sql';
const INVITE_CODE_DAYS_MIGRATION = '20261128203656_invite_code_days_per_client.sql';
const STORAGE_REMOVALS_MIGRATION = '20261128221737_erasure_removes_stored_files.sql';
const CUSTOM_FIELDS_MIGRATION = '20261128222644_custom_fields.sql';
// The ten record tables gain the custom column (every row's text, so its checksum, changes).
const RECORD_TABLES = ['crm.contacts', 'crm.businesses', 'crm.households', 'catalog.accommodations', 'catalog.reservations', 'ops.projects', 'ops.tasks', 'catalog.products', 'catalog.supplies', 'hr.staff_profiles'];
const BOOKING_AREA_MIGRATION = '20261128232151_booking_area.sql';
const ONLINE_BOOKING_MIGRATION = '20261128232233_online_booking.sql';
const CONVERSATIONS_MIGRATION = '20261129021514_conversations.sql';
const SAVED_VIEWS_MIGRATION = '20261129024555_saved_views.sql';
const CUSTOM_SORT_KEYS_MIGRATION = '20261129023738_custom_sort_keys.sql';
const CARD_PAYMENT_MIGRATION = '20261129012805_online_booking_card_payment.sql';
const CURRENCY_MIGRATION = '20261129012713_organization_currency.sql';
const ORG_CURRENCY_ONLY_MIGRATION = '20261129123529_org_currency_only.sql';

/**
 * The rows a migration of this release changes on purpose (row counts never change but for the rows
 * it adds), and the tables it creates: remove an entry once the release that brings its migration is
 * the previous release.
 */
const ROW_CHANGES: { migration: string; tables: string[]; added?: Record<string, number>; created?: string[] }[] = [
  { migration: RECORD_FILES_MIGRATION, tables: ['crm.crm_files', 'storage.objects', 'public.record_history', 'storage.buckets'], added: { 'storage.buckets': 1 } },
  { migration: ORGANISATION_LIMITS_MIGRATION, tables: ['app.organization_limits'], added: { 'app.organization_limits': 2 }, created: ['app.organization_limits'] },
  { migration: INVITE_CODE_DAYS_MIGRATION, tables: [], created: ['app.invite_code_wrong_days'] },
  { migration: STORAGE_REMOVALS_MIGRATION, tables: [], created: ['app.storage_removals'] },
  { migration: CUSTOM_FIELDS_MIGRATION, tables: [...RECORD_TABLES, 'app.history_tables'], added: { 'app.history_tables': 1 }, created: ['settings.custom_fields', 'app.custom_sensitive'] },
  // The Online Booking area's component, offered by _system_default_, with full levels for every owner
  // role (three in the previous release's data), each level written to the record history.
  {
    migration: BOOKING_AREA_MIGRATION,
    tables: ['settings.components', 'settings.org_components', 'settings.user_role_permissions', 'public.record_history'],
    added: { 'settings.components': 1, 'settings.org_components': 1, 'settings.user_role_permissions': 3, 'public.record_history': 3 },
  },
  // Online booking: the settings columns (appended, with defaults), its two request limits and the job that lapses requests.
  {
    migration: ONLINE_BOOKING_MIGRATION,
    tables: ['catalog.lodging_settings', 'catalog.accommodation_classes', 'app.request_limits', 'app.scheduled_jobs'],
    added: { 'app.request_limits': 2, 'app.scheduled_jobs': 1 },
    created: ['app.online_bookings'],
  },
  // Conversations: the bulk-mail rate limit, the private message-files bucket, the history of the two
  // mail settings tables (the outbox's appended columns are empty on the previous release's rows).
  {
    migration: CONVERSATIONS_MIGRATION,
    tables: ['app.organization_limits', 'storage.buckets', 'app.history_tables'],
    added: { 'app.organization_limits': 1, 'storage.buckets': 1, 'app.history_tables': 2 },
    created: ['crm.messages', 'crm.message_links', 'crm.message_attachments', 'crm.mail_campaigns', 'crm.mail_suppressions', 'app.mail_unsubscribe_tokens', 'settings.mail_templates', 'settings.mail_settings'],
  },
  // Saved views: the saved filters gain their columns (none) and shared (false), appended.
  { migration: SAVED_VIEWS_MIGRATION, tables: ['settings.saved_filters'] },
  // Custom fields' sort keys: a table of its own, filled from the values stored (none in the previous release).
  { migration: CUSTOM_SORT_KEYS_MIGRATION, tables: [], created: ['app.custom_sort_keys'] },
  // Card payment: the provider events a deposit was recorded from, a table of its own (empty).
  { migration: CARD_PAYMENT_MIGRATION, tables: [], created: ['app.payment_events'] },
  // Organisations gain their currency (USD), appended.
  { migration: CURRENCY_MIGRATION, tables: ['public.organizations'] },
  // One currency per organisation: Lodging Settings' currency goes (a column dropped); an organisation
  // whose Org Data said USD while its lodging settings said another takes the lodging one.
  { migration: ORG_CURRENCY_ONLY_MIGRATION, tables: ['catalog.lodging_settings', 'public.organizations'] },
];

describe('upgrading the previous release', () => {
  const rowsOf = (table: string) => upgrade.before[table]?.rows ?? 0;
  let upgrade: Awaited<ReturnType<typeof upgradeFromPreviousRelease>>;
  let fresh: Awaited<ReturnType<typeof migrationsCatalog>>;

  beforeAll(async () => {
    [upgrade, fresh] = await both(upgradeFromPreviousRelease({ loadFile: LOAD }), migrationsCatalog());
  }, 300_000);

  it('starts from a database with the seed and the load: at least 10,000 contacts with methods, history, files and stays', () => {
    expect(rowsOf('crm.contacts')).toBeGreaterThanOrEqual(10_000);
    expect(rowsOf('crm.contact_methods')).toBeGreaterThanOrEqual(20_000);
    expect(rowsOf('crm.addresses')).toBeGreaterThanOrEqual(5_000);
    expect(rowsOf('public.record_history')).toBeGreaterThanOrEqual(10_000);
    expect(rowsOf('crm.crm_files')).toBeGreaterThanOrEqual(500);
    expect(rowsOf('catalog.reservations')).toBeGreaterThanOrEqual(300);
  });

  it('keeps every row of every table: counts and checksums equal, except the rows a migration adds or changes on purpose', () => {
    const applied = ROW_CHANGES.filter(({ migration }) => upgrade.applied.includes(migration));
    const created = applied.flatMap((change) => change.created ?? []);
    expect(Object.keys(upgrade.after).sort()).toEqual([...Object.keys(upgrade.before), ...created].sort());
    // A table a migration creates was there before with no rows.
    const before: typeof upgrade.before = { ...Object.fromEntries(created.map((table) => [table, { rows: 0, checksum: '' }])), ...upgrade.before };
    const added = (table: string) => applied.reduce((sum, change) => sum + (change.added?.[table] ?? 0), 0);
    const counts = (side: typeof upgrade.before, plus = (_table: string) => 0) => Object.fromEntries(Object.entries(side).map(([table, { rows }]) => [table, rows + plus(table)]));
    expect(counts(upgrade.after)).toEqual(counts(before, added));
    const changed = Object.keys(before).filter((table) => upgrade.after[table]?.checksum !== before[table]?.checksum);
    const expected = applied.flatMap(({ tables }) => tables);
    expect(changed.sort()).toEqual([...new Set(expected)].sort());
  });

  it('moves record files to the private bucket under their ids, and keeps no public URL of one', () => {
    expect(upgrade.applied).toContain(RECORD_FILES_MIGRATION);
    expect(upgrade.recordFiles).toEqual({ inPrivateBucket: 20, leftBehind: 0, publicUrls: 0, historyUrls: 0 });
  });

  it("keeps the currency an organisation chose in Lodging Settings as its Org Data currency; the others keep theirs", () => {
    expect(upgrade.applied).toContain(ORG_CURRENCY_ONLY_MIGRATION);
    // The load set Cedar Grove's lodging currency to CAD; Lakeside and Harbor Bakery kept none.
    expect(upgrade.currencies).toMatchObject({ 'Cedar Grove Outfitters': 'CAD', 'Lakeside Community Church': 'USD', 'Harbor Bakery': 'USD' });
  });

  it('ends with the schema a fresh install builds', () => {
    const difference = compareCatalogs(fresh, upgrade.catalog);
    expect(describeDifference(difference, ['fresh install', 'upgraded'])).toBe('');
    expect(upgrade.catalog.length).toBeGreaterThan(1_900);
  });

  it('records every migration of this checkout as applied', async () => {
    const { migrationFiles } = await import('../../local/migrate.mjs');
    const versions = (await migrationFiles(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'))).map((file) => file.version);
    expect(versions.filter((version) => !upgrade.recorded.includes(version))).toEqual([]);
  });
});
