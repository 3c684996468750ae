/* Texts of the sign-in screens (docs/product.md#sign-in-and-sign-up); browser-safe, shared by forms and pages. */

export const AUTH_MESSAGES = {
  needIdentity: "You must provide either an email or phone number and a password",
  passwordShort: "Password must be at least 6 characters long",
  passwordLong: "Password must be at most 128 characters long",
  passwordsDiffer: "Passwords don't match",
  emailInvalid: "Enter an email address like name@example.com",
  emailRequired: "Enter your email address",
  phoneInvalid: "Enter a phone number of 7 to 15 digits, like 07700 900123",
  usernameRequired: "Enter a username",
  usernameTaken: "That name is taken. Please choose another.",
  alreadyRegistered: "This email is already registered. Please sign in instead.",
  phoneRegistered: "This phone number is already registered. Please sign in instead.",
  wrongCredentials: "Invalid login credentials",
  emailNotConfirmed: "Please confirm your email address first. We have sent you a new link.",
  accountCreated: "Account created! Please check your email to verify your account.",
  phoneAccountCreated: "Account created! You are now signed in.",
  resetSent: "Password reset email sent! Please check your inbox.",
  passwordUpdated: "Password updated successfully! You are now logged in.",
  resetExpired: "Reset session expired. Please request a new password reset.",
  welcomeBack: "Welcome back!",
  emailConfirmed: "Email confirmed! Welcome.",
  verifyExpired: "This confirmation link has expired or was already used. Sign in to get a new one.",
  genericError: "An error occurred",
  signedOutEverywhere: "You have been signed out on every other device.",
} as const;

/** The modes of /auth, chosen by `?mode=` so each is a plain page without JavaScript. */
export const AUTH_MODES = ["signin", "signup", "forgot", "reset"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export function authModeFrom(value: string | null): AuthMode {
  return (AUTH_MODES as readonly string[]).includes(value ?? "") ? (value as AuthMode) : "signin";
}

/** Sign-in and sign-up use an e-mail address, or a phone number instead (`?with=phone`). */
export type Identifier = "email" | "phone";
