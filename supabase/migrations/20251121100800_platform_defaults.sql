-- Platform rows every deployment needs (not demo data, so they live in a migration rather than in
-- seed.sql, which hosted projects never run): the `_system_default_` organisation, the component
-- catalogue (one per remote), the default branding, and the shared default types.
-- Fixed ids keep them identical in every environment. Re-running is harmless.

insert into public.organizations (id, name, display_name, description)
values ('00000000-0000-4000-8000-000000000001', '_system_default_', 'System defaults',
        'Shared defaults visible to every organisation')
on conflict (name) do nothing;

insert into settings.components (id, name, display_name, description, component_type)
values
  ('00000000-0000-4000-8001-000000000001', 'crm', 'CRM', 'Businesses, contacts, households and organisation users', 'remote'),
  ('00000000-0000-4000-8001-000000000002', 'catalog', 'Catalog', 'Supplies, inventory and products', 'remote'),
  ('00000000-0000-4000-8001-000000000003', 'lodging', 'Lodging', 'Reservation timeline, accommodations, rates and lodging settings', 'remote'),
  ('00000000-0000-4000-8001-000000000004', 'team-portal', 'Team Portal', 'Staff directory, groups, positions, assignments and shifts', 'remote'),
  ('00000000-0000-4000-8001-000000000005', 'operations', 'Operations', 'Projects, tasks, lists, calendar, forms, orders and transactions', 'remote'),
  ('00000000-0000-4000-8001-000000000006', 'settings', 'Settings', 'Organisation, branding, components, integrations, roles and users', 'remote')
on conflict (name) do nothing;

-- Components offered to every organisation (the role permission editor lists these).
insert into settings.org_components (org_name, component_id, enabled)
select '_system_default_', c.id, true from settings.components c
on conflict (org_name, component_id) do nothing;

insert into settings.org_branding (
  id, org_name, primary_color, secondary_color, accent_color, background_color, card_color, border_color,
  button_color, button_text_color, text_color, link_color, font_family, header_font, paragraph_font)
values ('00000000-0000-4000-8002-000000000001', '_system_default_', '#325286', '#c65657', '#6693db', '#ffffff',
        '#e2eaf9', '#c65655', '#c65655', '#ffffff', '#1f2937', '#6593db', 'Inter', 'Merriweather', 'Roboto')
on conflict (org_name) do nothing;

insert into crm.business_types (id, org_name, name, description)
values
  ('00000000-0000-4000-8010-000000000001', '_system_default_', 'Retail', 'Shops and stores selling to the public'),
  ('00000000-0000-4000-8010-000000000002', '_system_default_', 'Food & Beverage', 'Restaurants, cafés, bakeries and caterers'),
  ('00000000-0000-4000-8010-000000000003', '_system_default_', 'Professional Services', 'Accountants, lawyers, consultants'),
  ('00000000-0000-4000-8010-000000000004', '_system_default_', 'Maker / Artisan', 'Makers selling handmade goods'),
  ('00000000-0000-4000-8010-000000000005', '_system_default_', 'Non-Profit', 'Charities and community organisations'),
  ('00000000-0000-4000-8010-000000000006', '_system_default_', 'Church / Ministry', 'Congregations and ministries'),
  ('00000000-0000-4000-8010-000000000007', '_system_default_', 'Hospitality', 'Lodging, camps and event venues'),
  ('00000000-0000-4000-8010-000000000008', '_system_default_', 'Vendor / Supplier', 'Businesses the organisation buys from'),
  ('00000000-0000-4000-8010-000000000009', '_system_default_', 'Other', null)
on conflict (id) do nothing;

insert into crm.contact_types (id, org_name, name, description)
values
  ('00000000-0000-4000-8011-000000000001', '_system_default_', 'Customer', 'Buys from the organisation'),
  ('00000000-0000-4000-8011-000000000002', '_system_default_', 'Prospect', 'May become a customer'),
  ('00000000-0000-4000-8011-000000000003', '_system_default_', 'Vendor', 'Supplies the organisation'),
  ('00000000-0000-4000-8011-000000000004', '_system_default_', 'Member', 'Member of the organisation or congregation'),
  ('00000000-0000-4000-8011-000000000005', '_system_default_', 'Volunteer', 'Gives time to the organisation'),
  ('00000000-0000-4000-8011-000000000006', '_system_default_', 'Donor', 'Gives money or goods'),
  ('00000000-0000-4000-8011-000000000007', '_system_default_', 'Partner', 'Works alongside the organisation'),
  ('00000000-0000-4000-8011-000000000008', '_system_default_', 'Other', null)
on conflict (id) do nothing;

insert into crm.contact_method_types (id, org_name, name, category, description)
values
  ('00000000-0000-4000-8012-000000000001', '_system_default_', 'Phone', 'phone', 'Landline or main number'),
  ('00000000-0000-4000-8012-000000000002', '_system_default_', 'Mobile', 'phone', 'Mobile / cell phone'),
  ('00000000-0000-4000-8012-000000000003', '_system_default_', 'Work Phone', 'phone', 'Office number'),
  ('00000000-0000-4000-8012-000000000004', '_system_default_', 'Email', 'email', 'Personal or main e-mail'),
  ('00000000-0000-4000-8012-000000000005', '_system_default_', 'Work Email', 'email', 'Office e-mail'),
  ('00000000-0000-4000-8012-000000000006', '_system_default_', 'Fax', 'other', null),
  ('00000000-0000-4000-8012-000000000007', '_system_default_', 'Website', 'web', null),
  ('00000000-0000-4000-8012-000000000008', '_system_default_', 'Facebook', 'social', null),
  ('00000000-0000-4000-8012-000000000009', '_system_default_', 'Instagram', 'social', null),
  ('00000000-0000-4000-8012-000000000010', '_system_default_', 'LinkedIn', 'social', null),
  ('00000000-0000-4000-8012-000000000011', '_system_default_', 'Other', 'other', null)
on conflict (id) do nothing;

insert into crm.note_types (id, org_name, name, description)
values
  ('00000000-0000-4000-8013-000000000001', '_system_default_', 'General', null),
  ('00000000-0000-4000-8013-000000000002', '_system_default_', 'Call', 'Phone conversation'),
  ('00000000-0000-4000-8013-000000000003', '_system_default_', 'Meeting', 'In-person or video meeting'),
  ('00000000-0000-4000-8013-000000000004', '_system_default_', 'Email', 'E-mail exchange'),
  ('00000000-0000-4000-8013-000000000005', '_system_default_', 'Follow-up', 'Something to come back to'),
  ('00000000-0000-4000-8013-000000000006', '_system_default_', 'Visit', 'Site or home visit')
on conflict (id) do nothing;

insert into crm.crm_file_types (id, org_name, name, description)
values
  ('00000000-0000-4000-8014-000000000001', '_system_default_', 'Document', 'General document'),
  ('00000000-0000-4000-8014-000000000002', '_system_default_', 'Image', 'Photo or picture'),
  ('00000000-0000-4000-8014-000000000003', '_system_default_', 'Contract', 'Signed agreement'),
  ('00000000-0000-4000-8014-000000000004', '_system_default_', 'Invoice', 'Bill sent or received'),
  ('00000000-0000-4000-8014-000000000005', '_system_default_', 'Receipt', 'Proof of payment'),
  ('00000000-0000-4000-8014-000000000006', '_system_default_', 'Other', null)
on conflict (id) do nothing;

insert into catalog.unit_types (id, org_name, name, display_name, type, abbreviation)
values
  ('00000000-0000-4000-8015-000000000001', '_system_default_', 'each', 'Each', 'count', 'ea'),
  ('00000000-0000-4000-8015-000000000002', '_system_default_', 'pound', 'Pound', 'weight', 'lb'),
  ('00000000-0000-4000-8015-000000000003', '_system_default_', 'ounce', 'Ounce', 'weight', 'oz'),
  ('00000000-0000-4000-8015-000000000004', '_system_default_', 'gallon', 'Gallon', 'volume', 'gal'),
  ('00000000-0000-4000-8015-000000000005', '_system_default_', 'liter', 'Liter', 'volume', 'L'),
  ('00000000-0000-4000-8015-000000000006', '_system_default_', 'box', 'Box', 'count', 'box'),
  ('00000000-0000-4000-8015-000000000007', '_system_default_', 'case', 'Case', 'count', 'case')
on conflict (id) do nothing;

insert into catalog.unit_conversions (id, org_name, name, display_name, unit_type_1, unit_type_2, factor)
values
  ('00000000-0000-4000-8016-000000000001', '_system_default_', 'pound-ounce', 'Pounds to ounces',
   '00000000-0000-4000-8015-000000000002', '00000000-0000-4000-8015-000000000003', 16),
  ('00000000-0000-4000-8016-000000000002', '_system_default_', 'gallon-liter', 'Gallons to liters',
   '00000000-0000-4000-8015-000000000004', '00000000-0000-4000-8015-000000000005', 3.78541)
on conflict (id) do nothing;
