/* Texts of the members' settings (docs/product.md#members-menu-and-settings); browser-safe. */

export const ACCOUNT_MESSAGES = {
  nameRequired: "Enter a display name",
  nameSaved: { title: "Success", description: "Username updated successfully" },
  nameFailed: { title: "Error", description: "Failed to update username" },
  settingsSaved: "Game settings saved",
  passwordChanged: "Password changed. You have been signed out on your other devices.",
  currentPasswordWrong: "Your current password is not right",
  deleteConfirm: "Tick the box to confirm that you want to delete your account",
  accountDeleted: "Your account and its scores have been deleted.",
  signedOutOthers: "You have been signed out on every other device.",
} as const;
