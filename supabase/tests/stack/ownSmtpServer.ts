// An organisation's own mail server, for the tests of the outbox's sending through it (the stack suites
// and the journeys): a real SMTP server on a free local port that takes any login, and the
// settings.integrations row (type smtp) that points the organisation's mail at it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type OwnSmtpServer = { port: number; close: () => Promise<void> };

/**
 * Starts the server. With `refuseRecipients` it answers every RCPT TO with 550 and that text (a mailbox
 * that does not exist); without, it takes every mail.
 */
export async function startOwnSmtpServer({ refuseRecipients }: { refuseRecipients?: string } = {}): Promise<OwnSmtpServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      callback(refuseRecipients === undefined ? null : Object.assign(new Error(refuseRecipients), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The organisation's SMTP account at `port` on this machine, as Settings → Integrations writes it. */
export function ownSmtpAccount(orgName: string, port: number, from: { email: string; name: string }) {
  return {
    org_name: orgName, name: 'Our mail', type: 'smtp', base_url: `smtp://127.0.0.1:${port}`,
    settings: { user: 'desk', from_email: from.email, from_name: from.name }, api_secret: 'smtp-password',
  };
}
