import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { SoloSettings } from "~/utils/solo-settings";
import { DisplayNameForm, GameSettingsForm, type SettingsReply } from "./settings-forms";

/**
 * The members' home's Settings button. Without JavaScript, or in a browser without <dialog>, it is a link to the
 * settings page; with them it opens the 'Game Settings' dialog, whose forms post to the same action with fetchers:
 * a refusal shows in the dialog, a save leads home with the message (docs/product.md#members-menu-and-settings).
 */
export function SettingsDialog({
  username,
  settings,
  calm,
}: {
  username: string;
  settings: SoloSettings;
  /** `Play calmly` (docs/product.md#calm-play). */
  calm: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [canOpen, setCanOpen] = useState(false);
  const name = useFetcher<SettingsReply>();
  const game = useFetcher<SettingsReply>();
  const location = useLocation();
  useEffect(() => setCanOpen(typeof dialog.current?.showModal === "function"), []);
  // A save leads to a new page load of home: the dialog has done its work.
  useEffect(() => dialog.current?.close(), [location.key]);

  return (
    <>
      <Link
        to="/settings"
        className="button button-secondary"
        onClick={(event) => {
          if (!canOpen) return;
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        Settings
      </Link>
      <dialog ref={dialog} className="settings-dialog" aria-labelledby="settings-dialog-heading">
        <div className="settings-dialog-top">
          <h2 id="settings-dialog-heading">Game Settings</h2>
          <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        <DisplayNameForm
          key={username}
          current={username}
          lastResult={name.data?.result}
          place={{ as: name.Form, busy: name.state !== "idle", returnTo: "/" }}
        />
        <GameSettingsForm
          settings={settings}
          calm={calm}
          lastResult={game.data?.result}
          place={{ as: game.Form, busy: game.state !== "idle", returnTo: "/" }}
        />
        <p>
          <Link to="/settings">Password, devices and account</Link>
        </p>
      </dialog>
    </>
  );
}
