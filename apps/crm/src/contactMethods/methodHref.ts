export type ContactMethodKind = 'phone' | 'email' | 'other';

/** The database's kind (app.contact_method_kind) as the UI reads it; anything unknown is 'other'. */
export function kindOf(value: unknown): ContactMethodKind {
  return value === 'phone' || value === 'email' ? value : 'other';
}

/** tel: keeps digits and '+'; mailto: the address as written; other methods are not links. */
export function methodHref(kind: ContactMethodKind, value: string): string | null {
  if (!value) return null;
  if (kind === 'phone') return `tel:${value.replace(/[^\d+]/g, '')}`;
  if (kind === 'email') return `mailto:${value}`;
  return null;
}
