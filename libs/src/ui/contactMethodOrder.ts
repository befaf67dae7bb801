export type ContactMethodLike = {
  id?: string;
  is_primary?: boolean | null;
  archive?: boolean | null;
  created_at?: string | null;
};

/** Archived methods hidden; the primary first, the others newest first. */
export function orderContactMethods<Method extends ContactMethodLike>(methods: readonly Method[]): Method[] {
  return methods
    .filter((method) => method.archive !== true)
    .map((method, index) => ({ method, index }))
    .sort((a, b) => {
      const primary = Number(b.method.is_primary === true) - Number(a.method.is_primary === true);
      if (primary !== 0) return primary;
      const created = (b.method.created_at ?? '').localeCompare(a.method.created_at ?? '');
      return created !== 0 ? created : a.index - b.index;
    })
    .map(({ method }) => method);
}
