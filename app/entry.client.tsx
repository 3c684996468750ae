import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Browsers that load module scripts but lack what Remix's data streaming needs (Safari before 14.1,
 * Firefox before 105) keep the server-rendered page, which works fully without JavaScript.
 */
function canRunIslands(): boolean {
  return (
    typeof window.fetch === "function" &&
    typeof window.AbortController === "function" &&
    typeof window.TransformStream === "function" &&
    typeof window.TextEncoderStream === "function" &&
    typeof window.ReadableStream === "function"
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
