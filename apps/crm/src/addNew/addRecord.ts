import { z } from 'zod';
import { functionRef, type AnyRow } from '@steward/libs/data';

/** What Add New creates; the database function maps each to its table. */
export type AddRecordKind = 'business' | 'contact' | 'household' | 'user';

/** A primary phone or e-mail: written only when both the value and the type are given. */
export type AddRecordMethod = { value: string; type_id: string };

export type AddRecordArgs = {
  p_org_name: string;
  p_kind: AddRecordKind;
  p_record: AnyRow;
  p_address: Record<string, string> | null;
  p_phone: AddRecordMethod | null;
  p_email: AddRecordMethod | null;
};

/**
 * crm.add_record: the record with its primary address, phone and e-mail in one call, all or
 * nothing; a refusal's message names the part that failed ("primary phone: …").
 */
export const addRecordFunction = functionRef<unknown>('crm', 'add_record');

/** The new row, as the function returns it (its id at least). */
export const addedRecordSchema = z.looseObject({ id: z.string() });
