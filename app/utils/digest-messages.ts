/* Texts of the weekly digest's pages and mails (docs/product.md#weekly-digest); browser-safe. */

export const DIGEST_MESSAGES = {
  pageTitle: "Weekly e-mail",
  heading: "Weekly e-mail about your classes",
  lead: "Once a week we can e-mail you how your classes got on: who played, who improved, who needs help and the facts most missed.",
  email: "Your e-mail address",
  emailHint: "We send a link to this address first. The e-mail starts only when you open it.",
  /** The address is also where a teacher's sign-in links go (docs/product.md#guessing-login-codes). */
  signInNote:
    "We also send a link to log in to this address when your code is refused on a new computer. You can keep it for that alone: leave the box empty. To forget it, empty the address too.",
  tick: "Send me a weekly e-mail about my classes",
  save: "Save",
  emailRequired: "Enter your e-mail address",
  emailInvalid: "Enter an e-mail address like name@example.com",
  emailTooLong: "Your e-mail address must be 254 characters or fewer",
  tickInvalid: "The weekly e-mail is either ticked or not",
  /** The state shown above the form. */
  stateOff: "You do not get the weekly e-mail.",
  statePending: (email: string) => `We sent a link to ${email}. Open it to start the weekly e-mail.`,
  stateOn: (email: string) => `The weekly e-mail goes to ${email}.`,
  statePendingSignIn: (email: string) => `We sent a link to ${email}. Open it to confirm your address.`,
  stateSignIn: (email: string) => `Links to log in go to ${email}. You do not get the weekly e-mail.`,
  /** After saving. */
  sent: (email: string) => `Nearly done! We sent a link to ${email}. Open it to start the weekly e-mail.`,
  sentSignIn: (email: string) => `Nearly done! We sent a link to ${email}. Open it to confirm your address.`,
  stopped: "The weekly e-mail is off.",
  forgotten: "We forgot your e-mail address. We will not send you anything.",
  started: "The weekly e-mail is on. You will get one each week.",
  unchanged: "Nothing changed.",
  mailFailed: "We could not send the e-mail with the link. Please try again later.",
  tooMany: "You have asked for several e-mails with a link in a short time. Please wait an hour and try again.",
  failed: "Failed to save. Please try again.",
  /** The links from the mails, opened without signing in. */
  linkGone: "This link does not work. It may be old, or mistyped.",
  linkWait: "Too many links that do not work have been opened from here. Please wait a while and try again.",
  confirmTitle: "Start the weekly e-mail",
  confirmLead: (email: string) => `Press the button to send the weekly e-mail about your classes to ${email}.`,
  confirmButton: "Start the weekly e-mail",
  confirmed: "Thank you. The weekly e-mail is on. You will get one each week.",
  /** The same link, for an address kept for sign-in links only. */
  confirmSignInTitle: "Confirm your e-mail address",
  confirmSignInLead: (email: string) =>
    `Press the button to confirm ${email}. We will send links to log in there when you need one, and nothing else.`,
  confirmSignInButton: "Confirm my address",
  confirmedSignIn: "Thank you. Your address is confirmed.",
  unsubscribeTitle: "Stop the weekly e-mail",
  unsubscribeLead: "Press the button and we will not send you the weekly e-mail about your classes any more.",
  unsubscribeButton: "Stop the weekly e-mail",
  unsubscribed: "Done. You will not get the weekly e-mail any more. You can start it again from your dashboard.",
  toDashboard: "Go to your dashboard",
} as const;

/** The longest address kept (as the contact form's). */
export const DIGEST_EMAIL_MAX = 254;

/** The teacher's page of the digest. */
export const DIGEST_PAGE = "/teacher-dashboard/digest";

/** Every answer of the digest's pages: never cached, never indexed. */
export const DIGEST_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;
