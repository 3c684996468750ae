/* Texts and limits of the contact form (docs/product.md#contact); browser-safe, shared by the form and the server. */

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  required: "Please fill in all required fields",
  nameRequired: "Enter your name",
  nameTooLong: `Your name must be ${CONTACT_LIMITS.name} characters or fewer`,
  emailRequired: "Enter your email address",
  emailInvalid: "Enter an email address like name@example.com",
  emailTooLong: `Your email address must be ${CONTACT_LIMITS.email} characters or fewer`,
  subjectTooLong: `The subject must be ${CONTACT_LIMITS.subject} characters or fewer`,
  messageRequired: "Enter your message",
  messageTooLong: `Your message must be ${CONTACT_LIMITS.message} characters or fewer`,
  /** The honeypot was filled in: only a program sees that field. */
  automated: "Your message looked automated, so it was not sent. Please refresh the page and try again.",
  tooFast: "That was very quick! Please check your message, then press Send Message again.",
  /** The form's signed timestamp is too old, missing or not ours: the reply carries a fresh one. */
  expired: "This form had expired. Please check your message, then press Send Message again.",
  /** The form's stamp was sent with a message already (a second press of Send): the reply carries a fresh one. */
  alreadySent: "This message has already been sent. To send it again, press Send Message again.",
  /** A configured third-party check could not load in the browser, sent no token, or could not be asked. */
  unavailable: "Security verification is not available. Please refresh the page.",
  /** A configured third-party check answered that this was not a person. */
  checkFailed: "The security check did not pass. Please refresh the page and try again.",
  /** A configured third-party check needs JavaScript, which is off. */
  needsJavaScript: "The security check on this form needs JavaScript. You can also email us directly at",
  storeFailed: (email: string) =>
    `There was an error sending your message. Please try again or email us directly at ${email}`,
  sent: "Message Sent!",
  sentDescription: "Thank you for getting in touch. We will reply by email as soon as we can.",
} as const;

/** The action a configured provider's widget names, checked by the server in the provider's answer. */
export const BOT_CHECK_ACTION = "contact_form";

/** The form field that carries a configured provider's token. */
export const BOT_TOKEN_FIELD = "botCheckToken";

/** The form field that carries the server's signed "form served at" stamp. */
export const STAMP_FIELD = "formStamp";
