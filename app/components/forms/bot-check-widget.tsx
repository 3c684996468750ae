import { useEffect, useRef, useState } from "react";
import { BOT_CHECK_ACTION, BOT_TOKEN_FIELD, CONTACT_MESSAGES as M } from "~/utils/contact-messages";

/*
 * A configured provider's bot check (docs/decisions/0015-contact-bot-checks.md): Cloudflare Turnstile or
 * Google reCAPTCHA v3, shown only when their keys are set. The provider's script is added after the page comes
 * alive, with the page's CSP nonce (the CSP also names the provider's host only then: server/security-headers.ts),
 * and its token goes into the form as a hidden field. A script that does not load, or a widget that fails,
 * shows the message the server would give without a token.
 */

type Provider = "turnstile" | "recaptcha";

type Turnstile = {
  render: (container: HTMLElement, options: Record<string, unknown>) => string | undefined;
  remove: (widgetId: string) => void;
};
type ReCaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => PromiseLike<string>;
};
type ProviderWindow = Window & { turnstile?: Turnstile; grecaptcha?: ReCaptcha };

const scriptSource = (kind: Provider, siteKey: string) =>
  kind === "turnstile"
    ? "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"
    : `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;

/** Past this the check counts as not available (a school filter, say, blocks the provider). */
const LOAD_TIMEOUT_MS = 15_000;
/** reCAPTCHA v3 tokens last two minutes: a fresh one before that. */
const RECAPTCHA_REFRESH_MS = 90_000;

const loading = new Map<string, Promise<void>>();

/** Adds the provider's script once per page, with the nonce of the page's own scripts. */
function loadScript(src: string): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
      if (nonce) script.nonce = nonce;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error("the bot check's script did not load"));
      };
      document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending;
}

export function BotCheckWidget({
  kind,
  siteKey,
  contactEmail,
}: {
  kind: Provider;
  siteKey: string;
  contactEmail: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState("");
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const w = window as ProviderWindow;
    let live = true;
    let widgetId: string | undefined;
    let refresh: number | undefined;
    const fail = () => live && setFailed(true);
    const timeout = window.setTimeout(fail, LOAD_TIMEOUT_MS);
    const got = (value: string) => {
      if (!live) return;
      window.clearTimeout(timeout);
      setFailed(false);
      setToken(value);
    };

    loadScript(scriptSource(kind, siteKey)).then(() => {
      if (!live) return;
      if (kind === "turnstile") {
        if (!w.turnstile || !container.current) return fail();
        widgetId = w.turnstile.render(container.current, {
          sitekey: siteKey,
          action: BOT_CHECK_ACTION,
          "response-field": false,
          callback: got,
          "expired-callback": () => live && setToken(""),
          "error-callback": () => {
            fail();
            return true;
          },
        });
      } else {
        const recaptcha = w.grecaptcha;
        if (!recaptcha) return fail();
        const run = () => recaptcha.execute(siteKey, { action: BOT_CHECK_ACTION }).then(got, fail);
        recaptcha.ready(run);
        refresh = window.setInterval(() => recaptcha.ready(run), RECAPTCHA_REFRESH_MS);
      }
    }, fail);

    return () => {
      live = false;
      window.clearTimeout(timeout);
      window.clearInterval(refresh);
      if (widgetId !== undefined) w.turnstile?.remove(widgetId);
    };
  }, [kind, siteKey]);

  return (
    <div className="field bot-check">
      <input type="hidden" name={BOT_TOKEN_FIELD} value={token} />
      <div ref={container} />
      {failed ? (
        <p className="field-error" role="alert">
          {M.unavailable}
        </p>
      ) : null}
      <noscript>
        <p className="form-notice">
          {M.needsJavaScript} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </noscript>
    </div>
  );
}
