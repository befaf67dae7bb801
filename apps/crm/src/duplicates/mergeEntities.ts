import type { MergeKind } from '@steward/libs/data';
import { businessEntity } from '../businesses/businessEntity';
import { contactEntity } from '../contacts/contactEntity';
import { householdEntity } from '../households/householdEntity';
import type { CrmEntity } from '../records/crmEntity';

/** The kinds that can be merged, and their screens' definitions. */
export const MERGE_ENTITIES: Readonly<Record<MergeKind, CrmEntity>> = {
  contacts: contactEntity,
  businesses: businessEntity,
  households: householdEntity,
};

export function mergeKindOf(entity: CrmEntity): MergeKind | null {
  const found = (Object.entries(MERGE_ENTITIES) as [MergeKind, CrmEntity][]).find(([, candidate]) => candidate === entity);
  return found ? found[0] : null;
}
