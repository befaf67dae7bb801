import { t } from '../i18n';

/**
 * User-visible texts of sign-in, sign-up and Apply for Access, in the page's language (the shell's
 * catalogue, "auth.*"; the English quoted exactly from the spec). Read when shown, so each reads the
 * language current then. The rule messages only the database can check ('An organization with this
 * name already exists', 'A user with this email already exists') come from apply_for_access itself.
 */
export const AUTH_MESSAGES = {
  get requiredFields() {
    return t('auth.requiredFields');
  },
  get businessNameRequired() {
    return t('auth.businessNameRequired');
  },
  get passwordRequired() {
    return t('auth.passwordRequired');
  },
  get passwordTooShort() {
    return t('auth.passwordTooShort');
  },
  get confirmPassword() {
    return t('auth.confirmPasswordPrompt');
  },
  get passwordsDoNotMatch() {
    return t('auth.passwordsDoNotMatch');
  },

  get applicationError() {
    return t('auth.applicationError');
  },
  get createAccountFailed() {
    return t('auth.createAccountFailed');
  },
  createAccountFailedWith: (message: string) => t('auth.createAccountFailedWith', { message }),
  activateAccountFailedWith: (message: string) => t('auth.activateAccountFailedWith', { message }),
  get activated() {
    return t('auth.activated');
  },
  get created() {
    return t('auth.created');
  },
  get confirmBeforeLogin() {
    return t('auth.confirmBeforeLogin');
  },

  get organizationExistsTitle() {
    return t('auth.organizationExistsTitle');
  },
  get organizationExistsDescription() {
    return t('auth.organizationExistsDescription');
  },
  get emailTakenTitle() {
    return t('auth.emailTakenTitle');
  },
  get emailTakenDescription() {
    return t('auth.emailTakenDescription');
  },
  get genericErrorTitle() {
    return t('auth.genericErrorTitle');
  },
  get genericErrorDescription() {
    return t('auth.genericErrorDescription');
  },
  get signUpSuccessTitle() {
    return t('auth.signUpSuccessTitle');
  },
  get signUpSuccessDescription() {
    return t('auth.signUpSuccessDescription');
  },
  get welcomeBack() {
    return t('auth.welcomeBack');
  },

  // Invitations: the spec's dialog found an invitation from the e-mail alone; now the invitee proves the
  // address with a code mailed to it. Not worded by the spec; plain sentences.
  get invitedPrompt() {
    return t('auth.invitedPrompt');
  },
  get sendInviteCode() {
    return t('auth.sendInviteCode');
  },
  get sendNewInviteCode() {
    return t('auth.sendNewInviteCode');
  },
  inviteCodeSent: (email: string) => t('auth.inviteCodeSent', { email }),
  // Several organisations may have invited the address: each mails its own code, naming itself and who
  // invited, and the code entered is the invitation accepted.
  get inviteCodePerOrganization() {
    return t('auth.inviteCodePerOrganization');
  },
  get inviteCodeLabel() {
    return t('auth.inviteCodeLabel');
  },
  get useInviteCode() {
    return t('auth.useInviteCode');
  },
  get inviteCodeRequired() {
    return t('auth.inviteCodeRequired');
  },
  get validEmailRequired() {
    return t('auth.validEmailRequired');
  },
  invitedTo: (orgName: string, roleName: string | null, invitedBy: string | null) =>
    invitedBy
      ? t('auth.invitedBy', { invitedBy, orgName, roleName: roleName || t('auth.teamMember') })
      : t('auth.invitedTo', { orgName, roleName: roleName || t('auth.teamMember') }),
  setPasswordToJoin: (orgName: string) => t('auth.setPasswordToJoin', { orgName }),

  // Password recovery: not worded by the spec; plain sentences that say what happened and what to do.
  get forgotPassword() {
    return t('auth.forgotPassword');
  },
  get forgotPasswordTitle() {
    return t('auth.forgotPasswordTitle');
  },
  get forgotPasswordHelp() {
    return t('auth.forgotPasswordHelp');
  },
  get emailRequired() {
    return t('auth.emailRequired');
  },
  get sendResetLink() {
    return t('auth.sendResetLink');
  },
  resetLinkSent: (email: string) => t('auth.resetLinkSent', { email }),
  get backToSignIn() {
    return t('auth.backToSignIn');
  },
  get setNewPasswordTitle() {
    return t('auth.setNewPasswordTitle');
  },
  get newPasswordLabel() {
    return t('auth.newPasswordLabel');
  },
  get confirmNewPasswordLabel() {
    return t('auth.confirmNewPasswordLabel');
  },
  get updatePassword() {
    return t('auth.updatePassword');
  },
  get passwordUpdated() {
    return t('auth.passwordUpdated');
  },
  get checkingLink() {
    return t('auth.checkingLink');
  },
  get linkExpiredTitle() {
    return t('auth.linkExpiredTitle');
  },
  get linkExpiredDescription() {
    return t('auth.linkExpiredDescription');
  },
  get linkMissingTitle() {
    return t('auth.linkMissingTitle');
  },
  get linkMissingDescription() {
    return t('auth.linkMissingDescription');
  },
  get requestNewLink() {
    return t('auth.requestNewLink');
  },
};

export const MIN_PASSWORD_LENGTH = 8;
