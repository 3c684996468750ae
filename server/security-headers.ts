import crypto from "node:crypto";
import type { Config } from "~/config.server";
import type { Guard } from "./guard";

/**
 * The hosts the configured contact-form bot check needs (Turnstile wins when both providers are, as
 * app/config.server.ts decides): docs/decisions/0015-contact-bot-checks.md.
 */
export function botCheckSources(botCheck: Config["botCheck"]): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  if (botCheck.kind === "turnstile") {
    const host = "https://challenges.cloudflare.com";
    return { script: [host], frame: [host], connect: [] };
  }
  if (botCheck.kind === "recaptcha") {
    return {
      script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
      frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
      connect: ["https://www.google.com/recaptcha/"],
    };
  }
  return { script: [], frame: [], connect: [] };
}

/**
 * The configured sign-in providers' origins (docs/product.md#google-and-facebook): the "Continue with …" forms
 * post to /auth/<provider>, which redirects to the provider, and form-action also governs a form's redirects.
 */
export function oauthFormTargets(oauth: Config["oauth"]): string[] {
  const urls = [oauth.google?.authorizeUrl, oauth.facebook?.authorizeUrl].filter((url) => url !== undefined);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/** " host host" to append to a directive, or nothing. */
const more = (hosts: string[]) => hosts.map((host) => ` ${host}`).join("");

// Nonces come from a pool the system's random source fills 256 at a time: one call per 256 pages, not one each.
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolAt = pool.length;
function nextNonce(): string {
  if (poolAt === pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += NONCE_BYTES;
  return pool.toString("base64", poolAt - NONCE_BYTES, poolAt);
}

/**
 * Security headers on every response (docs/product.md#every-page). Inline scripts run only with this request's
 * nonce, left in `res.locals.cspNonce` for the page; nothing third-party is allowed by default (only a configured
 * contact-form bot check adds its provider's hosts).
 */
export function securityHeaders({ dev, config }: { dev: boolean; config: Config }): Guard {
  const extra = botCheckSources(config.botCheck);
  const formTargets = more(oauthFormTargets(config.oauth));
  const https = config.siteUrl.startsWith("https:");
  // The policy around its nonce, made once: a request adds only the nonce.
  const [beforeNonce, afterNonce] = [
    "default-src 'self'",
    // Vite's dev client needs eval and its websocket; the production build needs neither.
    `script-src 'self' 'nonce-\0'${dev ? " 'unsafe-inline'" : ""}${more(extra.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}${more(extra.connect)}`,
    ...(extra.frame.length ? [`frame-src${more(extra.frame)}`] : []),
    `form-action 'self'${formTargets}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ]
    .join("; ")
    .split("\0") as [string, string];
  return {
    name: "security headers",
    run(req, res, next) {
      const nonce = nextNonce();
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
      res.setHeader("X-Content-Type-Options", "nosniff");
      // A parent page's address holds its link's token, and the letters print working links: no address at all is
      // sent on from them (docs/product.md#parents).
      const url = req.url ?? "";
      const holdsLinks = url.startsWith("/parent/") || url.startsWith("/teacher-dashboard/parent-letters");
      res.setHeader("Referrer-Policy", holdsLinks ? "no-referrer" : "strict-origin-when-cross-origin");
      res.setHeader("X-Frame-Options", "DENY");
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
      if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      next();
    },
  };
}
