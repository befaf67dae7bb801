import { getSupabase } from '@steward/libs/data-access';

/** Sets the signed-in (recovering) user's password; GoTrue's message when it refuses one. */
export async function updatePassword(password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const { error } = await getSupabase().auth.updateUser({ password });
  return error ? { ok: false, message: error.message } : { ok: true };
}
