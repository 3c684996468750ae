/* Texts of a login card's own page (docs/product.md#short-card-address); browser-safe, apart from the login texts
   so that pages without it do not carry them. */

/** A login card's own address (docs/product.md#short-card-address): where only its pupil's code opens. */
export const CARD_LOGIN = {
  hint: "The 8 digits on your login card.",
  check: "If your code does not work here, check the address on your card, or log in on the",
} as const;
