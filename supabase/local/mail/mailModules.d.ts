// The parts of smtp-server and mailparser the stack's inbound mail server and its tests use (neither
// package ships type declarations).
declare module 'smtp-server' {
  import type { Server } from 'node:net';
  import type { Readable } from 'node:stream';

  export type SMTPAddress = { address: string; args: Record<string, string> | false };
  export type SMTPSession = { envelope: { mailFrom: SMTPAddress | false; rcptTo: SMTPAddress[] } };
  export type SMTPError = Error & { responseCode?: number };
  export type SMTPServerOptions = {
    name?: string;
    banner?: string;
    authOptional?: boolean;
    disabledCommands?: string[];
    size?: number;
    logger?: boolean;
    onAuth?: (auth: { method: string; username: string; password: string }, session: SMTPSession, callback: (error: SMTPError | null, response?: { user: unknown }) => void) => void;
    onRcptTo?: (address: SMTPAddress, session: SMTPSession, callback: (error?: SMTPError | null) => void) => void;
    onData?: (stream: Readable & { sizeExceeded?: boolean }, session: SMTPSession, callback: (error?: SMTPError | null) => void) => void;
  };
  export class SMTPServer {
    constructor(options?: SMTPServerOptions);
    server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
    on(event: 'error', listener: (error: Error) => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    off(event: 'error', listener: (error: Error) => void): this;
  }
}

declare module 'mailparser' {
  import type { Readable } from 'node:stream';

  export type EmailAddress = { address?: string; name: string };
  export type AddressObject = { value: EmailAddress[]; text: string };
  export type Attachment = { filename?: string; contentType: string; size: number; content: Buffer };
  export type ParsedMail = {
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    cc?: AddressObject | AddressObject[];
    subject?: string;
    text?: string;
    html?: string | false;
    messageId?: string;
    inReplyTo?: string;
    references?: string | string[];
    attachments: Attachment[];
  };
  export function simpleParser(source: Readable | Buffer | string): Promise<ParsedMail>;
}
