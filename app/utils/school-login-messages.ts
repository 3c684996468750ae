/* Texts of the teacher and student logins (docs/product.md#login-codes); browser-safe. */

export const SCHOOL_LOGIN_MESSAGES = {
  // The brief's texts: a title and a description, shown together as "{title}: {description}".
  invalidCode: { title: "Invalid Code", description: "Login code must be 8 digits" },
  loginFailed: { title: "Login Failed", description: "Invalid login code. Please check and try again." },
  loginError: { title: "Error", description: "An error occurred during login" },
  welcome: (name: string) => `Welcome, ${name}!`,
} as const;

export const LOGIN_CODE_DIGITS = 8;

/** What the code field keeps of what is typed or pasted: digits only, at most 8 ("1234 5678" → "12345678"). */
export function loginCodeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, LOGIN_CODE_DIGITS);
}
