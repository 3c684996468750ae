import { useHydrated } from "remix-utils/use-hydrated";
import { showFlash } from "~/components/flash-message";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";

/**
 * Copies a login code with the Clipboard API ('Copied!' in the page's message region). Only with JavaScript and
 * where the browser offers the clipboard (a secure page): otherwise there is no button, and the code beside it is
 * plain text to select and copy.
 */
export function CopyCodeButton({ code, name }: { code: string; name: string }) {
  const hydrated = useHydrated();
  if (!hydrated || !navigator.clipboard) return null;
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => showFlash({ kind: "success", title: M.copied }),
      () => showFlash({ kind: "error", title: M.copyFailed }),
    );
  return (
    <button type="button" className="link-button" onClick={copy}>
      Copy code<span className="visually-hidden"> of {name}</span>
    </button>
  );
}
