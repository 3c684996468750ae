import crypto from "node:crypto";

/**
 * Security headers on every response. Inline scripts run only with this request's nonce; nothing
 * third-party is allowed by default.
 * @param {{ dev: boolean, https: boolean }} options
 */
export function securityHeaders({ dev, https }) {
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const csp = [
      "default-src 'self'",
      // Vite's dev client needs eval and its websocket; the production build needs neither.
      dev ? `script-src 'self' 'nonce-${nonce}' 'unsafe-inline'` : `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      dev ? "connect-src 'self' ws:" : "connect-src 'self'",
      "form-action 'self'",
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
