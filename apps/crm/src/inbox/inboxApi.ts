import { getDatabase } from '@steward/libs/data';

/** Records of a kind whose name holds the words typed (up to 20), for "Attach to record". */
export async function searchRecords(table: string, orgName: string | null, words: string) {
  const { data, error } = await getDatabase()
    .schema('crm')
    .from(table)
    .select('id, name')
    .eq('org_name', orgName ?? '')
    .eq('archive', false)
    .ilike('name', `%${words.replace(/[%_\\]/g, (mark) => `\\${mark}`)}%`)
    .order('name')
    .limit(20);
  if (error) throw new Error(error.message);
  return (data ?? []) as { id: string; name: string }[];
}

/** A contact's short id, for its page's address. */
export async function contactShortId(id: string): Promise<string | null> {
  const { data } = await getDatabase().schema('crm').from('contacts').select('short_id').eq('id', id).maybeSingle();
  return (data?.short_id as string | undefined) ?? null;
}
