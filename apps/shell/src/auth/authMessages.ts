/**
 * User-visible texts of sign-in, sign-up and Apply for Access, quoted exactly. The rule
 * messages only the database can check ('An organization with this name already exists', 'A user
 * with this email already exists') come from apply_for_access itself.
 */
export const AUTH_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  businessNameRequired: 'Business name is required for new organizations',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',

  applicationError: 'Error submitting application',
  createAccountFailed: 'Failed to create user account',
  createAccountFailedWith: (message: string) => `Failed to create user account: ${message}`,
  activateAccountFailedWith: (message: string) => `Failed to activate user account: ${message}`,
  activated: 'User account activated successfully!',
  created: 'User account created successfully!',
  confirmBeforeLogin: 'Check your email and confirm your account before you log in.',

  organizationExistsTitle: 'Organization Exists',
  organizationExistsDescription: "You are attempting to sign up under an existing organization. Please contact your organization's administrator.",
  emailTakenTitle: 'Email Taken',
  emailTakenDescription: 'An account with this email already exists.',
  genericErrorTitle: 'Error',
  genericErrorDescription: 'Something went wrong.',
  signUpSuccessTitle: 'Success!',
  signUpSuccessDescription: 'Check your email to confirm your user account.',
  welcomeBack: 'Welcome back!',

  // Invitations: the spec's dialog found an invitation from the e-mail alone; now the invitee proves the
  // address with a code mailed to it. Not worded by the spec; plain sentences.
  invitedPrompt: 'Invited by an organization?',
  sendInviteCode: 'Email me a code',
  sendNewInviteCode: 'Send a new code',
  inviteCodeSent: (email: string) => `If ${email} has an invitation, a code is on its way to it. Enter it below: it works for one hour.`,
  // Several organisations may have invited the address: each mails its own code, naming itself and who
  // invited, and the code entered is the invitation accepted.
  inviteCodePerOrganization: 'Invited by more than one organization? Each sends its own e-mail and code: enter the code of the one you want to join.',
  inviteCodeLabel: 'Invitation Code',
  useInviteCode: 'Use Code',
  inviteCodeRequired: 'Please enter the code from your email',
  validEmailRequired: 'Please enter a valid email address',
  invitedTo: (orgName: string, roleName: string | null, invitedBy: string | null) =>
    invitedBy
      ? `${invitedBy} invited you to ${orgName} as ${roleName || 'team member'}.`
      : `You have been invited to ${orgName} as ${roleName || 'team member'}.`,
  setPasswordToJoin: (orgName: string) => `Set a password to activate your account and join ${orgName}. Any other invitation stays open until you use its own code.`,

  // Password recovery: not worded by the spec; plain sentences that say what happened and what to do.
  forgotPassword: 'Forgot password?',
  forgotPasswordTitle: 'Reset your password',
  forgotPasswordHelp: 'Enter the email of your account and we will send you a link to set a new password.',
  emailRequired: 'Please enter your email',
  sendResetLink: 'Send reset link',
  resetLinkSent: (email: string) => `If an account exists for ${email}, a link to set a new password is on its way. Check your email.`,
  backToSignIn: 'Back to sign in',
  setNewPasswordTitle: 'Set a new password',
  newPasswordLabel: 'New password',
  confirmNewPasswordLabel: 'Confirm new password',
  updatePassword: 'Update password',
  passwordUpdated: 'Your password has been updated.',
  checkingLink: 'Checking your reset link…',
  linkExpiredTitle: 'This link has expired or has already been used',
  linkExpiredDescription: 'Password reset links work once and for one hour. Request a new link from Sign In → Forgot password?',
  linkMissingTitle: 'No password reset link',
  linkMissingDescription: 'Open this page from the link in your password reset email, or request a new link from Sign In → Forgot password?',
  requestNewLink: 'Request a new link',
} as const;

export const MIN_PASSWORD_LENGTH = 8;
