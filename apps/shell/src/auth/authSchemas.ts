import { z } from 'zod/mini';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from './authMessages';

/** 'apply' creates a new organisation; 'activate' completes a pending invitation (no business fields). */
export type ApplyMode = 'apply' | 'activate';

const text = z.pipe(
  z.string(),
  z.transform((value) => value.trim()),
);
const email = z.pipe(
  z.string(),
  z.transform((value) => value.trim().toLowerCase()),
);
// Passwords are taken exactly as typed: leading or trailing spaces are part of them.
const password = z.string();

type Issue = { path: string; message: string };

/**
 * Apply for Access. Every failing field is marked at once; the form shows the first message
 * in the spec's order.
 */
export const applyForAccessSchema = z
  .object({
    mode: z.enum(['apply', 'activate']),
    fullName: text,
    email,
    businessName: text,
    title: text,
    phone: text,
    password,
    confirmPassword: password,
  })
  .check(
    z.superRefine((value, ctx) => {
      // Every missing field is named at once; the message is the first one in the spec's order.
      const issues: Issue[] = [];
      if (!value.email) issues.push({ path: 'email', message: AUTH_MESSAGES.requiredFields });
      if (!value.fullName) issues.push({ path: 'fullName', message: AUTH_MESSAGES.requiredFields });
      if (value.mode === 'apply' && !value.businessName) issues.push({ path: 'businessName', message: AUTH_MESSAGES.businessNameRequired });
      if (!value.password) issues.push({ path: 'password', message: AUTH_MESSAGES.passwordRequired });
      if (!value.confirmPassword) issues.push({ path: 'confirmPassword', message: AUTH_MESSAGES.confirmPassword });
      if (issues.length === 0) {
        if (value.password.length < MIN_PASSWORD_LENGTH) issues.push({ path: 'password', message: AUTH_MESSAGES.passwordTooShort });
        else if (value.password !== value.confirmPassword) issues.push({ path: 'confirmPassword', message: AUTH_MESSAGES.passwordsDoNotMatch });
      } else if (value.password && value.password.length < MIN_PASSWORD_LENGTH && issues.every((issue) => issue.path !== 'password')) {
        issues.push({ path: 'password', message: AUTH_MESSAGES.passwordTooShort });
      }
      for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path], input: value });
    }),
  );

export type ApplyForAccessInput = z.input<typeof applyForAccessSchema>;
export type ApplyForAccessValues = z.output<typeof applyForAccessSchema>;

/** The sign-up form of the Sign In modal: organisation, username, e-mail and password. */
export const signUpSchema = z
  .object({ organizationName: text, username: text, email, password })
  .check(
    z.superRefine((value, ctx) => {
      const missing = (['organizationName', 'username', 'email', 'password'] as const).filter((key) => !value[key]);
      for (const key of missing) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.requiredFields, path: [key], input: value });
      if (!missing.length && value.password.length < MIN_PASSWORD_LENGTH) {
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordTooShort, path: ['password'], input: value });
      }
    }),
  );

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;

/** The login form of the Sign In modal. */
export const signInSchema = z.object({ email, password }).check(
  z.superRefine((value, ctx) => {
    for (const key of ['email', 'password'] as const) {
      if (!value[key]) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.requiredFields, path: [key], input: value });
    }
  }),
);

export type SignInInput = z.input<typeof signInSchema>;
export type SignInValues = z.output<typeof signInSchema>;

/** Forgot password? in the Sign In modal: the address to send the link to. */
export const forgotPasswordSchema = z.object({ email }).check(
  z.superRefine((value, ctx) => {
    if (!value.email) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.emailRequired, path: ['email'], input: value });
  }),
);

export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;

/** Set a new password: the same password rules and messages as Apply for Access. */
export const newPasswordSchema = z.object({ password, confirmPassword: password }).check(
  z.superRefine((value, ctx) => {
    const issue = (path: 'password' | 'confirmPassword', message: string) => ctx.addIssue({ code: 'custom', message, path: [path], input: value });
    if (!value.password) issue('password', AUTH_MESSAGES.passwordRequired);
    else if (value.password.length < MIN_PASSWORD_LENGTH) issue('password', AUTH_MESSAGES.passwordTooShort);
    else if (!value.confirmPassword) issue('confirmPassword', AUTH_MESSAGES.confirmPassword);
    else if (value.password !== value.confirmPassword) issue('confirmPassword', AUTH_MESSAGES.passwordsDoNotMatch);
  }),
);

export type NewPasswordValues = z.output<typeof newPasswordSchema>;

export type FormCheck<T> = { ok: true; values: T } | { ok: false; message: string; fields: readonly string[] };

/** Runs a form schema: the values, or the first message and every field that has an issue. */
export function checkForm<S extends z.ZodMiniType>(schema: S, input: z.input<S>): FormCheck<z.output<S>> {
  const result = z.safeParse(schema, input);
  if (result.success) return { ok: true, values: result.data };
  const issues = result.error.issues;
  return {
    ok: false,
    message: issues[0]?.message ?? AUTH_MESSAGES.requiredFields,
    fields: [...new Set(issues.map((issue) => String(issue.path[0])))],
  };
}
