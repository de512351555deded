/**
 * Every message the product shows (SPEC §5, §8), corrected per DESIGN §5 (spelling, no account
 * enumeration). Both sides use these constants; never retype a message.
 */
export const MESSAGES = {
  // Login and account recovery
  emailInvalid: 'Email Address is Invalid',
  loginFailed: 'Email or password is incorrect',
  notAdmin: 'You are not Admin',
  resetMailSent: 'Password Reset email has been sent',
  passwordCapital: 'Your password must contain at least one capital letter.',
  passwordDigit: 'Your password must contain at least one digit.',
  passwordSpecial: 'Your password must contain at least one special character.',
  passwordsMustMatch: 'Passwords Must Match',
  passwordTooShort: 'Your password must be at least 8 characters long.',
  resetLinkInvalid: 'This reset link is invalid or has already been used',
  resetLinkExpired: 'This reset link has expired',
  passwordReset: 'Password has been reset',
  tooManyAttempts: 'Too many attempts, try again later',
  // Change password, in the order they are checked
  samePassword: 'Your old and new Password cannot be the same',
  confirmMismatch: "Confirm password didn't match",
  weakPassword: 'Weak password',
  incorrectPassword: 'Incorrect password',
  passwordUpdated: 'Password updated',
  // Access
  noAccess: 'You dont have access',
  unauthorizedTitle: 'Unauthorized Access',
  // Generic
  somethingWrong: 'Something went wrong',
  somethingWrongTryAgain: 'Something went wrong, try again',
  required: 'This field is required',
  // Account
  editedSuccessfully: 'Edited Successfully',
  fullNameRequired: 'Full name is required',
  usernameRequired: 'Username is required',
  avatarType: 'Avatar must be a gif, jpeg or png image',
  // Create and edit forms (SPEC §5)
  fillAllDetails: 'Please fill all the details',
  enterCityName: 'Enter City Name',
  selectCountryName: 'Select Country Name',
  selectCountryIso: 'Select Country ISO',
  selectCurrency: 'Select currency',
  uploadFile: 'Upload file',
  enterTitle: 'Enter Title',
  selectCity: 'Select City',
  // Success messages of the management areas (SPEC §8)
  cityCreated: 'New city created',
  noChanges: 'No changes were made',
  cityUpdated: 'City updated',
  exploreCreated: 'Explore created',
  exploreUpdated: 'Explore updated',
  cafeDeleted: 'Cafe deleted',
  promoCreated: 'Promo create',
  userAddedAsAdmin: 'User added as admin',
  deletedSuccessfully: 'Deleted successfully',
  userRemovedAsAdmin: 'User removed as admin',
  groupDeleted: 'Group deleted',
  memberRemoved: 'Member removed',
  userDeactivated: 'User Deactivated Successfully',
  userActivated: 'User Activated Successfully',
  downloadSuccessful: 'Download successful',
  // Empty states
  noData: 'No data available',
  noApplications: 'No applications available',
  noReviews: 'No Reviews Found',
  noQuestions: 'No Questions Found',
  noRules: 'No Rules',
  noRequirements: 'No Requirements',
  menuNotFound: 'Menu Not Found',
  notAvailable: 'Not available',
  notAvailableShort: 'N/A',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The same question about several records at once: 'Are you sure you want to Delete these 3 cafes ?'. */
export function confirmManyText(action: string, count: number, pages: string) {
  return {
    ...confirmText(action, pages),
    question: `Are you sure you want to ${action} these ${count} ${pages} ?`,
  };
}

/** 'Are you sure you want to {action} this {page} ?' with 'No, Go Back' / 'Yes, {action}'. */
export function confirmText(action: string, page: string) {
  return {
    question: `Are you sure you want to ${action} this ${page} ?`,
    cancel: 'No, Go Back',
    confirm: `Yes, ${action}`,
  };
}
