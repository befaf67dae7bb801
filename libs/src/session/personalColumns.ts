/**
 * The columns that make a row the person's own under "Personal": they created it, own it (primary or
 * secondary owner, a project's owner) or are assigned to it. The database defines the same list
 * (app.personal_columns); supabase/tests/rls/personalAccess.test.ts holds the two together.
 */
export const PERSONAL_ROW_FIELDS = ['created_by', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id'] as const;
