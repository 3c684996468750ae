import crypto from "node:crypto";

/**
 * The hosts a contact-form bot check needs, only when its keys are set (both, as app/config.server.ts
 * requires; Turnstile wins when both providers are): docs/decisions/0015-contact-bot-checks.md.
 * @param {Record<string, string | undefined>} env
 * @returns {{ script: string[], frame: string[], connect: string[] }}
 */
export function botCheckSources(env) {
  if (env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY) {
    const host = "https://challenges.cloudflare.com";
    return { script: [host], frame: [host], connect: [] };
  }
  if (env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY) {
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
 * The default URLs are app/config.server.ts's.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function oauthFormTargets(env) {
  const targets = new Set();
  const add = (url) => {
    if (URL.canParse(url)) targets.add(new URL(url).origin); // a bad URL is the configuration check's to report
  };
  if (env.GOOGLE_CLIENT_ID) add(env.GOOGLE_AUTHORIZE_URL || "https://accounts.google.com/o/oauth2/v2/auth");
  if (env.FACEBOOK_CLIENT_ID) add(env.FACEBOOK_AUTHORIZE_URL || "https://www.facebook.com/v21.0/dialog/oauth");
  return [...targets];
}

/** " host host" to append to a directive, or nothing. */
const more = (hosts) => hosts.map((host) => ` ${host}`).join("");

// Nonces come from a pool the system's random source fills 256 at a time: one call per 256 pages, not one each.
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolAt = pool.length;
function nextNonce() {
  if (poolAt === pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += NONCE_BYTES;
  return pool.toString("base64", poolAt - NONCE_BYTES, poolAt);
}

/**
 * Security headers on every response. Inline scripts run only with this request's nonce; nothing
 * third-party is allowed by default (only a configured contact-form bot check adds its provider's hosts).
 * @param {{ dev: boolean, https: boolean, env?: Record<string, string | undefined> }} options
 */
export function securityHeaders({ dev, https, env = process.env }) {
  const extra = botCheckSources(env);
  const formTargets = oauthFormTargets(env);
  return (req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    const csp = [
      "default-src 'self'",
      // Vite's dev client needs eval and its websocket; the production build needs neither.
      `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ""}${more(extra.script)}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws:" : ""}${more(extra.connect)}`,
      ...(extra.frame.length ? [`frame-src${more(extra.frame)}`] : []),
      `form-action 'self'${more(formTargets)}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; ");
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
