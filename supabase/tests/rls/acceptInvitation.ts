import { connectDb, createTestClient, type TestStack } from '../stack/testStack';

type ActivateResult = { user_id: string; profile_id: string; org_name: string; activated: number };

/**
 * Asks for the invitation codes of an address (anon, as the Apply for Access dialog does) and reads the
 * code of one organisation's invitation from the mail the database put in the outbox — what the
 * invitee reads in their inbox.
 */
export async function requestInviteCode(stack: TestStack, email: string, orgName: string): Promise<string> {
  const anon = createTestClient(stack.apiUrl, stack.anonKey);
  const { error } = await anon.rpc('request_invite_code', { p_email: email });
  if (error) throw new Error(`request_invite_code for ${email} failed: ${error.message}`);
  return mailedInviteCode(stack, email, orgName);
}

/** The newest code mailed to an address for one organisation's invitation. */
export async function mailedInviteCode(stack: TestStack, email: string, orgName: string): Promise<string> {
  const db = await connectDb(stack.dbUrl);
  try {
    const { rows } = await db.query<{ body_text: string }>(
      `select body_text from app.mail_outbox where kind = 'invite_code' and to_email = lower($1) and org_name = $2 order by id desc limit 1`,
      [email.trim(), orgName],
    );
    const code = /Your code: (\d{6})/.exec(rows[0]?.body_text ?? '')?.[1];
    if (!code) throw new Error(`no invitation code from ${orgName} was mailed to ${email}`);
    return code;
  } finally {
    await db.end();
  }
}

/** Claims one organisation's invitation with the code mailed for it, as the invitee does. */
export async function acceptInvitation(
  stack: TestStack,
  invitation: { email: string; orgName: string; password: string; fullName: string; title?: string },
): Promise<ActivateResult> {
  const code = await requestInviteCode(stack, invitation.email, invitation.orgName);
  const anon = createTestClient(stack.apiUrl, stack.anonKey);
  const { data, error } = await anon.rpc('activate_invite', {
    p_email: invitation.email,
    p_code: code,
    p_password: invitation.password,
    p_full_name: invitation.fullName,
    p_title: invitation.title ?? null,
  });
  if (error) throw new Error(`activate_invite for ${invitation.email} failed: ${error.message}`);
  return data as ActivateResult;
}
