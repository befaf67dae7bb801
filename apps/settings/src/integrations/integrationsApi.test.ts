import { generateWebhookUrl, integrationFormSchema, integrationWrite, secretHint, smtpFormValues } from './integrationsApi';

describe('integration form', () => {
  it('requires a name and a known type', () => {
    expect(integrationFormSchema.safeParse({ name: '  ', type: 'webhook' }).success).toBe(false);
    expect(integrationFormSchema.safeParse({ name: 'Shop', type: 'paypal' }).success).toBe(false);
    expect(integrationFormSchema.parse({ name: ' Shop ', type: 'etsy', base_url: '' })).toMatchObject({ name: 'Shop', type: 'etsy', base_url: null });
  });

  it('sends a secret only when one is typed, so editing keeps the stored one', () => {
    const values = integrationFormSchema.parse({ name: 'Shop', type: 'stripe', api_key: '', api_secret: 'new-secret', webhook_secret: undefined });
    const row = integrationWrite(values);
    expect(row).toEqual({ name: 'Shop', type: 'stripe', base_url: null, webhook_url: null, api_secret: 'new-secret' });
    expect('api_key' in row).toBe(false);
    expect('webhook_secret' in row).toBe(false);
  });

  it('generates a random webhook URL on the current origin', () => {
    expect(generateWebhookUrl('https://app.example.test/', () => 'ab-cd')).toBe('https://app.example.test/api/webhooks/abcd');
    expect(generateWebhookUrl('http://localhost:3000')).toMatch(/^http:\/\/localhost:3000\/api\/webhooks\/[0-9a-f]{32}$/);
    expect(generateWebhookUrl('http://a')).not.toBe(generateWebhookUrl('http://a'));
  });

  it('describes a write-only secret by whether it is set and its last four characters', () => {
    expect(secretHint(false, null)).toBe('Not set');
    expect(secretHint(true, null)).toBe('Set');
    expect(secretHint(true, '3456')).toBe('Set (ends in 3456)');
  });
});

describe('an SMTP mail account', () => {
  const account = { name: 'Our mail', type: 'smtp', smtp_host: 'smtp.example.org', smtp_port: '587', smtp_security: 'smtp', smtp_user: 'office', api_secret: 'pw', from_email: 'office@example.org', from_name: 'Office' };
  it('is stored as smtp://host:port, its settings and the password as the write-only secret', () => {
    expect(integrationWrite(integrationFormSchema.parse(account))).toEqual({
      name: 'Our mail', type: 'smtp', base_url: 'smtp://smtp.example.org:587', webhook_url: null,
      settings: { user: 'office', from_email: 'office@example.org', from_name: 'Office' }, api_secret: 'pw',
    });
    expect(integrationWrite(integrationFormSchema.parse({ ...account, smtp_security: 'smtps', smtp_port: '465', api_secret: '' }))).not.toHaveProperty('api_secret');
  });
  it('needs a host, a port and a from-address', () => {
    const messages = (values: object) => integrationFormSchema.safeParse({ ...account, ...values }).error?.issues.map((issue) => issue.message);
    expect(messages({ smtp_host: '' })).toEqual(['Give the mail server’s host name']);
    expect(messages({ smtp_host: 'smtp.example.org\r\nX: y' })).toEqual(['Give the mail server’s host name']);
    expect(messages({ smtp_port: '70000' })).toEqual(['The port is a number from 1 to 65535']);
    expect(messages({ from_email: 'office' })).toEqual(['The from-address is not an e-mail address']);
  });
  it('reads its form back from the stored row', () => {
    expect(smtpFormValues({ base_url: 'smtps://mail.example.org:465', settings: { user: 'u', from_email: 'a@b.org', from_name: 'A' } })).toEqual({
      smtp_security: 'smtps', smtp_host: 'mail.example.org', smtp_port: '465', smtp_user: 'u', from_email: 'a@b.org', from_name: 'A',
    });
  });
});
