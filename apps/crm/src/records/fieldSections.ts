import type { FieldDef } from '@steward/libs/editor';

/** A titled group of the detail editor's fields. */
export type FieldSection = { title: string; fields: readonly FieldDef[] };

/** The fields of every section, in order: what the editor loads, validates and sends. */
export const sectionFields = (sections: readonly FieldSection[]): FieldDef[] => sections.flatMap((section) => [...section.fields]);
