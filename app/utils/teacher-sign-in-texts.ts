/* Texts of a teacher's one-time sign-in link (docs/product.md#guessing-login-codes); browser-safe, apart from the
   login texts so that pages without it do not carry them. */

/** The one-time sign-in link of a teacher (docs/product.md#guessing-login-codes). */
export const TEACHER_SIGN_IN_LINK = {
  /** Under a refusal on /teacher-login, right code or wrong: the same words either way. */
  sent: "If this is your code and you confirmed an e-mail address, we have sent a link to log in to that address. It works once, for 20 minutes.",
  lead: (name: string) => `Log in as ${name} on this browser.`,
  button: "Log in",
} as const;
