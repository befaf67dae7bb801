import type { SettingsMessageId, SettingsT } from '../i18n';

/**
 * The platform's components (settings.components) in the page's language: the database keeps their
 * English name and description; a component the catalogue does not know yet shows the database's words.
 */
const COMPONENT_WORDS: Readonly<Record<string, { name: SettingsMessageId; description: SettingsMessageId }>> = {
  crm: { name: 'component.crm.name', description: 'component.crm.description' },
  catalog: { name: 'component.catalog.name', description: 'component.catalog.description' },
  lodging: { name: 'component.lodging.name', description: 'component.lodging.description' },
  'team-portal': { name: 'component.teamPortal.name', description: 'component.teamPortal.description' },
  operations: { name: 'component.operations.name', description: 'component.operations.description' },
  settings: { name: 'component.settings.name', description: 'component.settings.description' },
  booking: { name: 'component.booking.name', description: 'component.booking.description' },
};

type ComponentRow = { name: string; display_name: string; description?: string | null };

export const componentName = (t: SettingsT, component: ComponentRow): string => {
  const words = COMPONENT_WORDS[component.name];
  return words ? t(words.name) : component.display_name;
};

export const componentDescription = (t: SettingsT, component: ComponentRow): string | null => {
  const words = COMPONENT_WORDS[component.name];
  return words ? t(words.description) : (component.description ?? null);
};
