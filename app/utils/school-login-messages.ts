/* Texts of the teacher and student logins (docs/product.md#login-codes); browser-safe. */

export const SCHOOL_LOGIN_MESSAGES = {
  // The brief's texts: a title and a description, shown together as "{title}: {description}".
  invalidCode: { title: "Invalid Code", description: "Login code must be 8 digits" },
  loginFailed: { title: "Login Failed", description: "Invalid login code. Please check and try again." },
  loginError: { title: "Error", description: "An error occurred during login" },
  welcome: (name: string) => `Welcome, ${name}!`,
} as const;

/** When wrong codes are not checked for a while (docs/product.md#guessing-login-codes). */
export const SCHOOL_LOGIN_LIMIT_MESSAGES = {
  /** Many wrong codes from one address in a few minutes (every login page), or through one class link. */
  wait: "Too many wrong login codes. Please wait a few minutes and try again.",
  /** A new place's own wrong codes on /student-login: its waits grow, but the class's link has its own. */
  studentWaitHere:
    "Too many wrong login codes have been tried from here. Please use the login link or QR code on your class's login card, or try again later.",
  /** The pool for new places on /student-login is spent (a class's link still works). */
  studentBusy:
    "Too many wrong login codes have been tried on this page. Please use the login link or QR code on your class's login card, or try again later.",
  /** A new place's own wrong codes on /teacher-login. */
  teacherWaitHere:
    "Too many wrong login codes have been tried from here. Please try again later, or log in from your school's computers.",
  /** The pool for new places on /teacher-login is spent. */
  teacherBusy:
    "Wrong login codes have been tried on this page from many places, so new places must wait. Please log in from your school's computers, or try again later.",
  /** The pool for new places through one class's link is spent. */
  classBusy: "Too many wrong login codes have been tried for this class. Please log in at school, or try again later.",
  /** Too many unknown card addresses from one place (docs/product.md#short-card-address). */
  cardAddressWait:
    "Too many wrong class addresses have been typed here. Scan the QR code on your card, or log in with your code on the Student Login page.",
  /** The pool of unknown card addresses for places without credit is spent. */
  cardAddressBusy:
    "Too many wrong class addresses have been typed today. Scan the QR code on your card, or log in with your code on the Student Login page.",
} as const;

/** A card address that leads to no class (docs/product.md#short-card-address). */
export const NO_SUCH_CARD_ADDRESS =
  "There is no class at this address. Check the letters on your login card, or log in with your code on the Student Login page.";

export const LOGIN_CODE_DIGITS = 8;

/** What the code field keeps of what is typed or pasted: digits only, at most 8 ("1234 5678" → "12345678"). */
export function loginCodeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, LOGIN_CODE_DIGITS);
}
