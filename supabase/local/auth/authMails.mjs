// @ts-check
// The auth e-mails, worded like GoTrue's default templates. Each carries the link (GoTrue's
// {{ .ConfirmationURL }}) and the six-digit code ({{ .Token }}) for verifyOtp({ email, token, type }).

/**
 * @param {string} heading
 * @param {string} lead
 * @param {string} linkLabel
 * @param {{ link: string, otp: string }} token
 */
function body(heading, lead, linkLabel, token) {
  const html = [
    `<h2>${escapeHtml(heading)}</h2>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(token.link)}">${escapeHtml(linkLabel)}</a></p>`,
    `<p>Alternatively, enter the code: ${token.otp}</p>`,
  ].join('\n');
  const text = `${heading}\n\n${lead}\n\n${linkLabel}: ${token.link}\n\nAlternatively, enter the code: ${token.otp}\n`;
  return { html, text };
}

export const authMails = {
  /** @param {string} to @param {{ link: string, otp: string }} token */
  confirmation: (to, token) => ({
    to,
    subject: 'Confirm Your Signup',
    ...body('Confirm your signup', 'Follow this link to confirm your user:', 'Confirm your mail', token),
  }),
  /** @param {string} to @param {{ link: string, otp: string }} token */
  recovery: (to, token) => ({
    to,
    subject: 'Reset Your Password',
    ...body('Reset Password', 'Follow this link to reset the password for your user:', 'Reset Password', token),
  }),
  /** @param {string} to @param {{ link: string, otp: string }} token @param {string} siteUrl */
  invite: (to, token, siteUrl) => ({
    to,
    subject: 'You have been invited',
    ...body('You have been invited', `You have been invited to create a user on ${siteUrl}. Follow this link to accept the invite:`, 'Accept the invite', token),
  }),
  /** @param {string} to @param {{ link: string, otp: string }} token */
  magicLink: (to, token) => ({
    to,
    subject: 'Your Magic Link',
    ...body('Magic Link', 'Follow this link to login:', 'Log In', token),
  }),
  /**
   * @param {string} to @param {{ link: string, otp: string }} token
   * @param {{ email: string, newEmail: string }} change
   */
  emailChange: (to, token, change) => ({
    to,
    subject: 'Confirm Email Change',
    ...body(
      'Confirm Change of Email',
      `Follow this link to confirm the update of your email from ${change.email} to ${change.newEmail}:`,
      'Change Email',
      token,
    ),
  }),
};

/** @param {string} value */
function escapeHtml(value) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
