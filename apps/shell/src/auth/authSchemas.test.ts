import { describe, expect, it } from 'vitest';
import { applyForAccessSchema, checkForm, forgotPasswordSchema, newPasswordSchema, signInSchema, signUpSchema, type ApplyForAccessInput } from './authSchemas';

const complete: ApplyForAccessInput = {
  mode: 'apply',
  fullName: 'Robin Hale',
  email: '  Robin@Example.TEST ',
  businessName: 'Hale & Sons',
  title: 'Owner',
  phone: '',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
};

const apply = (patch: Partial<ApplyForAccessInput>) => checkForm(applyForAccessSchema, { ...complete, ...patch });

describe('Apply for Access validation, one case per message', () => {
  it('"Please fill in all required fields" when the e-mail or name is missing', () => {
    expect(apply({ email: ' ' })).toEqual({ ok: false, message: 'Please fill in all required fields', fields: ['email'] });
    expect(apply({ fullName: '' })).toEqual({ ok: false, message: 'Please fill in all required fields', fields: ['fullName'] });
  });

  it('"Business name is required for new organizations" when applying without one', () => {
    expect(apply({ businessName: '  ' })).toMatchObject({ ok: false, message: 'Business name is required for new organizations', fields: ['businessName'] });
  });

  it('does not ask for a business name when activating an invitation', () => {
    expect(apply({ mode: 'activate', businessName: '' }).ok).toBe(true);
  });

  it('"Password is required"', () => {
    expect(apply({ password: '', confirmPassword: '' })).toMatchObject({ ok: false, message: 'Password is required', fields: ['password', 'confirmPassword'] });
  });

  it('"Password must be at least 8 characters long"', () => {
    expect(apply({ password: '1234567', confirmPassword: '1234567' })).toMatchObject({ message: 'Password must be at least 8 characters long' });
    expect(apply({ password: '12345678', confirmPassword: '12345678' }).ok).toBe(true);
  });

  it('"Please confirm your password"', () => {
    expect(apply({ confirmPassword: '' })).toMatchObject({ message: 'Please confirm your password', fields: ['confirmPassword'] });
  });

  it('"Passwords do not match"', () => {
    expect(apply({ confirmPassword: 'correct-horsE' })).toMatchObject({ message: 'Passwords do not match', fields: ['confirmPassword'] });
  });

  it('names every missing field at once, with the first message in the spec order', () => {
    const empty = { mode: 'apply' as const, fullName: '', email: '', businessName: '', title: '', phone: '', password: '', confirmPassword: '' };
    expect(checkForm(applyForAccessSchema, empty)).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
      fields: ['email', 'fullName', 'businessName', 'password', 'confirmPassword'],
    });
    expect(apply({ businessName: '', password: 'short' })).toMatchObject({ message: 'Business name is required for new organizations', fields: ['businessName', 'password'] });
  });

  it('normalises the values it accepts', () => {
    expect(apply({})).toEqual({
      ok: true,
      values: { ...complete, email: 'robin@example.test' },
    });
  });
});

describe('sign-up and login validation', () => {
  it('requires organisation, username, e-mail and password', () => {
    expect(checkForm(signUpSchema, { organizationName: '', username: 'robin', email: 'r@x.test', password: 'long-enough' })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
      fields: ['organizationName'],
    });
  });

  it('applies the minimum password length to sign-up', () => {
    expect(checkForm(signUpSchema, { organizationName: 'Hale', username: 'robin', email: 'r@x.test', password: 'short' })).toMatchObject({
      message: 'Password must be at least 8 characters long',
    });
  });

  it('requires e-mail and password to log in', () => {
    expect(checkForm(signInSchema, { email: 'r@x.test', password: '' })).toMatchObject({ ok: false, message: 'Please fill in all required fields', fields: ['password'] });
    expect(checkForm(signInSchema, { email: 'R@X.test', password: 'pw' })).toEqual({ ok: true, values: { email: 'r@x.test', password: 'pw' } });
  });
});

describe('Forgot password? and Set a new password', () => {
  it('asks for an address, and sends the trimmed lower-case one', () => {
    expect(checkForm(forgotPasswordSchema, { email: '  ' })).toMatchObject({ ok: false, message: 'Please enter your email', fields: ['email'] });
    expect(checkForm(forgotPasswordSchema, { email: ' R@X.test ' })).toEqual({ ok: true, values: { email: 'r@x.test' } });
  });

  it('one message per rule, in order: required, at least 8, confirmation, match', () => {
    const check = (password: string, confirmPassword: string) => checkForm(newPasswordSchema, { password, confirmPassword });
    expect(check('', '')).toMatchObject({ ok: false, message: 'Password is required', fields: ['password'] });
    expect(check('seven77', 'seven77')).toMatchObject({ ok: false, message: 'Password must be at least 8 characters long', fields: ['password'] });
    expect(check('eight888', '')).toMatchObject({ ok: false, message: 'Please confirm your password', fields: ['confirmPassword'] });
    expect(check('eight888', 'eight889')).toMatchObject({ ok: false, message: 'Passwords do not match', fields: ['confirmPassword'] });
    expect(check('eight888', 'eight888')).toEqual({ ok: true, values: { password: 'eight888', confirmPassword: 'eight888' } });
  });
});
