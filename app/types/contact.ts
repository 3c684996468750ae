/**
 * What the contact page needs to show a configured provider's bot check (docs/product.md#contact): its kind
 * and public site key, never the secret. "none" is the default: the honeypot and signed stamp only.
 */
export type BotCheckWidgetConfig = { kind: "none" } | { kind: "turnstile" | "recaptcha"; siteKey: string };
