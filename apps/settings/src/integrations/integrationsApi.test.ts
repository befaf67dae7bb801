import { generateWebhookUrl, integrationFormSchema, integrationWrite, secretHint } from './integrationsApi';

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
