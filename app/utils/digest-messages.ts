/* Texts of the weekly digest's pages and mails (docs/product.md#weekly-digest); browser-safe. */

export const DIGEST_MESSAGES = {
  pageTitle: "Weekly e-mail",
  heading: "Weekly e-mail about your classes",
  lead: "Once a week we can e-mail you how your classes got on: who played, who improved, who needs help and the facts most missed.",
  email: "Your e-mail address",
  emailHint: "We send a link to this address first. The e-mail starts only when you open it.",
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
  /** After saving. */
  sent: (email: string) => `Nearly done! We sent a link to ${email}. Open it to start the weekly e-mail.`,
  stopped: "The weekly e-mail is off.",
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
