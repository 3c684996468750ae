import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { TextField, sentValue } from "~/components/auth/text-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupAria } from "~/components/forms/field-error";
import {
  DIFFICULTY_CHOICES,
  OPERATION_NAMES,
  TIME_CHOICES,
  soloSettingsSent,
  type SoloSettings,
} from "~/utils/solo-settings";

type Reply = SubmissionResult<string[]> | undefined;

/** The forms of the members' settings, and what the settings action answers when it refuses one. */
export type SettingsIntent = "name" | "game" | "password" | "signout-others" | "delete";
export type SettingsReply = { intent: SettingsIntent; result: SubmissionResult<string[]> };

/**
 * Where a form lives: the settings page (a plain Remix Form, the default) or the home page's settings dialog
 * (a fetcher's Form, with its own busy state, and `returnTo` "/" so a save leads back home).
 */
export type FormPlace = { as?: typeof Form; busy?: boolean; returnTo?: "/" };

function PlaceFields({ returnTo }: FormPlace) {
  return returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null;
}

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The public name. Save is disabled while the name is empty or only spaces, or while saving (with JavaScript). */
export function DisplayNameForm({
  current,
  lastResult,
  place = {},
}: {
  current: string;
  lastResult: Reply;
  place?: FormPlace;
}) {
  const [form, fields] = useForm({ id: "display-name", lastResult });
  const [name, setName] = useState(sentValue(lastResult, "username") ?? current);
  const navigating = useSubmitting("name");
  const saving = place.busy ?? navigating;
  const PlaceForm = place.as ?? Form;
  const field = fields.username!;
  return (
    <section className="card" aria-labelledby="display-name-heading">
      <h2 id="display-name-heading">Display name</h2>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <PlaceForm id={form.id} method="post" action="/settings" noValidate>
        <input type="hidden" name="intent" value="name" />
        <PlaceFields {...place} />
        <div className="field">
          <label htmlFor={field.id}>Display name</label>
          <p id={`${field.id}-hint`} className="field-hint">
            Shown on the leaderboards. Not your real name: a made-up one keeps you safe.
          </p>
          <FieldError field={field} />
          <input
            id={field.id}
            name={field.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={40}
            autoComplete="off"
            aria-invalid={field.errors?.length ? true : undefined}
            aria-describedby={[`${field.id}-hint`, field.errors?.length ? field.errorId : ""].join(" ").trim()}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={saving || name.trim() === ""}>
          {saving ? "Saving..." : "Save"}
        </button>
      </PlaceForm>
    </section>
  );
}

/** The members' `Play calmly` setting (docs/product.md#calm-play). */
export const CALM_SETTING = {
  legend: "Calm play",
  label: "Play calmly",
  hint: "No clock on the screen: 20 questions at your own speed. Play takes you to the calm game.",
  invalid: "Play calmly is either ticked or not.",
} as const;

/** After a refusal, the choices that were sent (none ticked stays none ticked); otherwise the saved ones. */
function shownSettings(saved: SoloSettings, lastResult: Reply): SoloSettings {
  const sent = lastResult?.initialValue;
  if (!sent) return saved;
  const shown = soloSettingsSent(sent, saved);
  return sent.operations === undefined ? { ...shown, operations: [] } : shown;
}

/** Time limit, difficulty and operations, kept for the member and used by /game. */
export function GameSettingsForm({
  settings: saved,
  calm: savedCalm = false,
  lastResult,
  place = {},
}: {
  settings: SoloSettings;
  /** `Play calmly` (docs/product.md#calm-play). */
  calm?: boolean;
  lastResult: Reply;
  place?: FormPlace;
}) {
  const [form, fields] = useForm({ id: "game-settings", lastResult });
  const settings = shownSettings(saved, lastResult);
  const calmShown = lastResult?.initialValue ? sentValue(lastResult, "calm") === "on" : savedCalm;
  const { timeLimit, difficulty, operations, calm } = fields;
  const navigating = useSubmitting("game");
  const saving = place.busy ?? navigating;
  const PlaceForm = place.as ?? Form;
  return (
    <section className="card" aria-labelledby="game-settings-heading">
      <h2 id="game-settings-heading">Game Settings</h2>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <PlaceForm id={form.id} method="post" action="/settings" noValidate>
        <input type="hidden" name="intent" value="game" />
        <PlaceFields {...place} />
        <fieldset className="choice-group" {...groupAria(timeLimit!)}>
          <legend>Time limit</legend>
          <FieldError field={timeLimit!} />
          <div className="choices">
            {TIME_CHOICES.map((choice, i) => (
              <label key={choice.value} className="choice choice-compact">
                <input
                  type="radio"
                  id={i === 0 ? timeLimit!.id : `${timeLimit!.id}-${choice.value}`}
                  name="timeLimit"
                  value={choice.value}
                  defaultChecked={settings.timeLimit === choice.value}
                />
                <span className="choice-label">{choice.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group" {...groupAria(difficulty!)}>
          <legend>Difficulty</legend>
          <FieldError field={difficulty!} />
          <div className="choices">
            {DIFFICULTY_CHOICES.map((choice, i) => (
              <label key={choice.value} className="choice">
                <input
                  type="radio"
                  id={i === 0 ? difficulty!.id : `${difficulty!.id}-${choice.value}`}
                  name="difficulty"
                  value={choice.value}
                  defaultChecked={settings.difficulty === choice.value}
                />
                <span className="choice-label">{choice.label}</span>
                <span className="choice-hint">{choice.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group" {...groupAria(operations!)}>
          <legend>Operations</legend>
          <FieldError field={operations!} />
          <div className="choices">
            {(Object.entries(OPERATION_NAMES) as [keyof typeof OPERATION_NAMES, string][]).map(([op, name], i) => (
              <label key={op} className="choice choice-compact">
                <input
                  type="checkbox"
                  id={i === 0 ? operations!.id : `${operations!.id}-${name}`}
                  name="operations"
                  value={name}
                  defaultChecked={settings.operations.includes(op)}
                />
                <span className="choice-label">{OPERATION_LABELS[name]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group" {...groupAria(calm!)}>
          <legend>{CALM_SETTING.legend}</legend>
          <FieldError field={calm!} />
          <label className="choice">
            <input type="checkbox" id={calm!.id} name="calm" value="on" defaultChecked={calmShown} />
            <span className="choice-label">{CALM_SETTING.label}</span>
            <span className="choice-hint">{CALM_SETTING.hint}</span>
          </label>
        </fieldset>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </button>
      </PlaceForm>
    </section>
  );
}

const OPERATION_LABELS: Record<string, string> = {
  add: "Add (+)",
  subtract: "Subtract (−)",
  multiply: "Multiply (×)",
  divide: "Divide (÷)",
};

export function ChangePasswordForm({ hasPassword, lastResult }: { hasPassword: boolean; lastResult: Reply }) {
  const [form, fields] = useForm({ id: "change-password", lastResult });
  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">{hasPassword ? "Change password" : "Set a password"}</h2>
      <p>Your other devices are signed out when the password changes.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" noValidate>
        <input type="hidden" name="intent" value="password" />
        {hasPassword ? (
          <TextField
            field={fields.currentPassword!}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <NewPasswordFields fields={fields} />
        <button type="submit" className="button button-secondary">
          {hasPassword ? "Change Password" : "Set Password"}
        </button>
      </Form>
    </section>
  );
}

export type Device = { id: string; label: string; signedInAt: string; current: boolean };

export function DevicesList({ devices }: { devices: Device[] }) {
  const others = devices.filter((d) => !d.current).length;
  return (
    <section className="card" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Signed-in devices</h2>
      <ul className="device-list">
        {devices.map((d) => (
          <li key={d.id}>
            <strong>{d.label}</strong>
            {d.current ? " (this device)" : null}
            <br />
            <span className="field-hint">Signed in {d.signedInAt}</span>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="signout-others" />
          <button type="submit" className="button button-secondary">
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function DeleteAccountForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useForm({ id: "delete-account", lastResult });
  const confirm = fields.confirm!;
  return (
    <section className="card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p>This deletes your account, your scores and your settings at once. It cannot be undone.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" noValidate>
        <input type="hidden" name="intent" value="delete" />
        <div className="field">
          <FieldError field={confirm} />
          <label className="checkbox-label">
            <input
              type="checkbox"
              id={confirm.id}
              name="confirm"
              value="yes"
              aria-invalid={confirm.errors?.length ? true : undefined}
              aria-describedby={confirm.errors?.length ? confirm.errorId : undefined}
            />{" "}
            I understand that my account and scores will be deleted
          </label>
        </div>
        <button type="submit" className="button button-danger">
          Delete My Account
        </button>
      </Form>
    </section>
  );
}
