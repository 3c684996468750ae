import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Browsers that load module scripts but lack what Remix's data streaming needs (Safari before 14.1,
 * Firefox before 105) keep the server-rendered page, which works fully without JavaScript.
 * Syntax is ES2017 (checked by `npm run check:es`); the newer runtime APIs that the bundle uses are the
 * ones tested here, which is why that check may ignore them.
 */
function canRunIslands(): boolean {
  return (
    typeof window.fetch === "function" &&
    typeof window.AbortController === "function" &&
    typeof window.TransformStream === "function" &&
    typeof window.TextEncoderStream === "function" &&
    typeof window.ReadableStream === "function" &&
    typeof globalThis === "object" &&
    typeof Object.fromEntries === "function" &&
    typeof Array.prototype.flat === "function" &&
    typeof Promise.prototype.finally === "function"
  );
}

if (canRunIslands()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
