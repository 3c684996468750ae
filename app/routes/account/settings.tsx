import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  ChangePasswordForm,
  DeleteAccountForm,
  DevicesList,
  DisplayNameForm,
  GameSettingsForm,
} from "~/components/account/settings-forms";
import { requireMember, sessionIdFrom } from "~/auth/session.server";
import { listMemberSessions } from "~/models/sessions.server";
import { getMemberProfile } from "~/models/users.server";
import gameStyles from "~/styles/game.css?url";
import { now } from "~/utils/clock.server";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { defaultSoloSettings, soloSettingsFrom } from "~/utils/solo-settings";
import { describeUserAgent } from "~/utils/user-agent";
import {
  changePassword,
  deleteAccount,
  saveDisplayName,
  saveGameSettings,
  signOutOthers,
  type SettingsReply,
} from "./settings.server";
import { onFirstUse } from "~/utils/first-use";

// A refusal's Retry-After reaches the browser (docs/decisions/0013-one-rate-limiter.md).
export const headers = keepRetryAfter();
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Game Settings",
    description: "Your display name, game settings, devices and account.",
    path: "/settings",
    robots: "noindex, nofollow",
  });

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
);

/** A member's settings: display name, game settings, password, devices, deletion (docs/product.md#members-menu-and-settings). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const profile = getMemberProfile(user.userId);
  if (!profile) throw redirect("/auth");
  const current = await sessionIdFrom(request);
  return {
    username: profile.username,
    settings: soloSettingsFrom(profile.soloSettings) ?? defaultSoloSettings(),
    calm: profile.soloSettings?.calm === true,
    hasPassword: profile.hasPassword,
    devices: listMemberSessions(user.userId, now()).map((s) => ({
      id: s.id.slice(0, 8),
      label: describeUserAgent(s.userAgent),
      signedInAt: `${dateFormat().format(s.createdAt)} UTC`,
      current: s.id === current,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "name":
      return saveDisplayName(request, user, form);
    case "game":
      return saveGameSettings(request, user, form);
    case "password":
      return changePassword(request, user, form, context.clientAddress ?? null);
    case "signout-others":
      return signOutOthers(request, user);
    case "delete":
      return deleteAccount(request, user, form);
    default:
      return new Response("Unknown settings form.", { status: 400 });
  }
}

export default function SettingsPage() {
  const { username, settings, calm, hasPassword, devices } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SettingsReply | undefined;
  const resultFor = (intent: SettingsReply["intent"]) => (reply?.intent === intent ? reply.result : undefined);
  return (
    <div className="page page-narrow settings-page">
      <h1>Game Settings</h1>
      <p className="lead">
        <Link to="/game">Play with your settings</Link>
      </p>
      <DisplayNameForm key={username} current={username} lastResult={resultFor("name")} />
      <GameSettingsForm settings={settings} calm={calm} lastResult={resultFor("game")} />
      <ChangePasswordForm hasPassword={hasPassword} lastResult={resultFor("password")} />
      <DevicesList devices={devices} />
      <DeleteAccountForm lastResult={resultFor("delete")} />
    </div>
  );
}
