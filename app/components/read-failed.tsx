import { useRevalidator } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * Where a read failed (see types/read.ts): the message and a Try again that re-reads. With JavaScript only
 * the page's data reloads, keeping whatever else is on screen; without it, the page reloads.
 */
export function ReadFailed({ message }: { message: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  return (
    <p className="field-error" role="alert">
      {message}.{" "}
      {hydrated ? (
        <button type="button" className="link-button" onClick={() => revalidator.revalidate()}>
          Try again
        </button>
      ) : (
        <a href="">Try again</a>
      )}
    </p>
  );
}
