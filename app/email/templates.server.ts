import { config } from "~/config.server";
import type { Mail } from "./mailer.server";

/* The site's e-mails, in plain words a parent or a child can follow. Links are absolute (SITE_URL). */

const signOff = () => `\n\n${config.siteName}\n${config.siteUrl}`;

export function verifyEmailMail(to: string, link: string): Mail {
  return {
    to,
    subject: `Confirm your e-mail for ${config.siteName}`,
    text:
      `Welcome to ${config.siteName}!\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\n` +
      `The link works for 24 hours. If you did not sign up, you can ignore this e-mail.${signOff()}`,
  };
}

export function resetPasswordMail(to: string, link: string): Mail {
  return {
    to,
    subject: `Reset your ${config.siteName} password`,
    text:
      `Someone asked to reset the password for this e-mail address.\n\nTo choose a new password, open this link:\n` +
      `${link}\n\nThe link works once, for one hour. If it was not you, ignore this e-mail: your password stays ` +
      `as it is.${signOff()}`,
  };
}

export function contactMail(message: { name: string; email: string; subject: string; message: string }): Mail {
  return {
    to: config.contactEmail,
    replyTo: message.email,
    subject: `[${config.siteName} contact] ${message.subject || "(no subject)"}`,
    text: `From: ${message.name} <${message.email}>\n\n${message.message}`,
  };
}

/** The link a teacher opens to start the weekly digest (docs/product.md#weekly-digest). */
export function digestConfirmMail(to: string, teacherName: string, link: string): Mail {
  return {
    to,
    subject: `Start your weekly e-mail from ${config.siteName}`,
    text:
      `Hello ${teacherName},\n\nYou asked for a weekly e-mail about your classes. To start it, open this link and ` +
      `press the button:\n${link}\n\nThe link works for 24 hours. If you did not ask, you can ignore this e-mail: ` +
      `nothing will be sent.${signOff()}`,
  };
}

/**
 * The same confirmation link, for an address a teacher keeps only for their sign-in links
 * (docs/product.md#weekly-digest, docs/product.md#guessing-login-codes).
 */
export function signInAddressConfirmMail(to: string, teacherName: string, link: string): Mail {
  return {
    to,
    subject: `Confirm your e-mail address for ${config.siteName}`,
    text:
      `Hello ${teacherName},\n\nYou gave this address for links to log in to ${config.siteName} when your code is ` +
      `refused on a new computer. To confirm it, open this link and press the button:\n${link}\n\nThe link works ` +
      `for 24 hours. If you did not ask, you can ignore this e-mail: nothing will be sent.${signOff()}`,
  };
}

/** The one-time sign-in link of a teacher whose code was refused at a new place (docs/product.md#guessing-login-codes). */
export function teacherSignInMail(to: string, teacherName: string, link: string): Mail {
  return {
    to,
    subject: `Log in to ${config.siteName}`,
    text:
      `Hello ${teacherName},\n\nYour login code was typed on the Teacher Login page just now, while wrong codes ` +
      `tried there from many places make new places wait. If it was you, open this link to log in:\n${link}\n\n` +
      `It works once, for 20 minutes. If it was not you, nobody can log in with it but you; to be safe, ask your ` +
      `school's administrator for a new code.${signOff()}`,
  };
}
