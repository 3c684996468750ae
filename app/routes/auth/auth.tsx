import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  ForgotPasswordForm,
  NewPasswordForm,
  OAuthButtons,
  SignInForm,
  SignUpForm,
} from "~/components/auth/auth-forms";
import { peekToken } from "~/auth/tokens.server";
import { getSessionUser } from "~/auth/session.server";
import { config } from "~/config.server";
import { authModeFrom, type AuthMode, type Identifier } from "~/utils/auth-messages";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import {
  forgotPassword,
  freshPseudonym,
  resetExpired,
  setNewPassword,
  signIn,
  signUp,
  type AuthReply,
} from "./auth.server";
import { resetCookie } from "./reset-cookie.server";

// A refusal's Retry-After reaches the browser (docs/decisions/0013-one-rate-limiter.md).
export const headers = keepRetryAfter();

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign In or Sign Up",
    description: "Sign in to keep your scores under your own player name, or create a free account.",
    keywords: ["maths game login", "sign up"],
    path: "/auth",
  });

const HEADINGS: Record<AuthMode, string> = {
  signin: "Sign In",
  signup: "Sign Up",
  forgot: "Reset Password",
  reset: "Set New Password",
};

/** Sign in, sign up, forgot password and set a new password, one mode per `?mode=` (docs/product.md#sign-in-and-sign-up). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  const url = new URL(request.url);
  const mode = authModeFrom(url.searchParams.get("mode"));
  if (mode === "reset") {
    const token: unknown = await resetCookie.parse(request.headers.get("Cookie"));
    if (!peekToken("password_reset", token)) throw await resetExpired(request);
  }
  // An error handed back in the address (an OAuth provider's, for one) is shown as a message.
  const error = url.searchParams.get("error_description") || url.searchParams.get("error");
  const providers = [
    ...(config.oauth.google ? [{ id: "google" as const, name: "Google" }] : []),
    ...(config.oauth.facebook ? [{ id: "facebook" as const, name: "Facebook" }] : []),
  ];
  return {
    mode,
    by: (url.searchParams.get("with") === "phone" ? "phone" : "email") as Identifier,
    urlError: error ? error.slice(0, 300) : null,
    providers,
    suggestedName: mode === "signup" ? freshPseudonym() : "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  const form = await readForm(request);
  const address = context.clientAddress ?? null;
  switch (authModeFrom(new URL(request.url).searchParams.get("mode"))) {
    case "signup":
      return signUp(request, form, address);
    case "forgot":
      return forgotPassword(request, form, address);
    case "reset":
      return setNewPassword(request, form);
    default:
      return signIn(request, form, address);
  }
}

export default function AuthPage() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as AuthReply | undefined;
  const mode = reply?.mode ?? loaded.mode;
  const result = reply?.mode === mode ? reply.result : undefined;
  const notice = reply?.notice ?? loaded.urlError;

  return (
    <section className="page page-narrow auth-page" aria-labelledby="auth-heading">
      <h1 id="auth-heading">{HEADINGS[mode]}</h1>
      {mode === "signin" || mode === "signup" ? (
        <nav className="tabs" aria-label="Sign in or sign up">
          <Link to="/auth" className="tab" aria-current={mode === "signin" ? "page" : undefined}>
            Sign In
          </Link>
          <Link to="/auth?mode=signup" className="tab" aria-current={mode === "signup" ? "page" : undefined}>
            Sign Up
          </Link>
        </nav>
      ) : null}
      {notice ? (
        <p className="form-notice" role="alert">
          {notice}
        </p>
      ) : null}
      {mode === "signin" ? (
        // A new key per reply, so a switch from sign-up shows the address the visitor typed.
        <SignInForm key={reply?.email ?? "sign-in"} by={loaded.by} lastResult={result} email={reply?.email} />
      ) : mode === "signup" ? (
        <SignUpForm by={loaded.by} lastResult={result} suggestedName={loaded.suggestedName} />
      ) : mode === "forgot" ? (
        <ForgotPasswordForm lastResult={result} />
      ) : (
        <NewPasswordForm lastResult={result} />
      )}
      {mode === "signin" || mode === "signup" ? <OAuthButtons providers={loaded.providers} /> : null}
    </section>
  );
}
