import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { peekToken, redeemToken } from "~/auth/tokens.server";
import { signInAndRedirect } from "~/auth/sign-in.server";
import { markEmailVerified } from "~/models/users.server";
import { AUTH_MESSAGES as M } from "~/utils/auth-messages";
import { flashHeaders } from "~/utils/flash.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm Your Email",
    description: "Confirm the email address of your account.",
    path: "/auth/verify",
    robots: "noindex, nofollow",
  });

/**
 * The confirmation e-mail's link lands here. Confirming takes a button press (a POST): mail scanners open links
 * to check them, and a GET must write nothing on a replica.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, live: peekToken("email_verification", token) !== undefined };
}

export async function action({ request }: ActionFunctionArgs) {
  const userId = redeemToken("email_verification", (await readForm(request)).get("token"));
  if (!userId) {
    throw redirect("/auth", { headers: await flashHeaders(request, { kind: "error", title: M.verifyExpired }) });
  }
  markEmailVerified(userId);
  return signInAndRedirect(request, userId, { flash: { kind: "success", title: M.emailConfirmed } });
}

export default function VerifyEmail() {
  const { token, live } = useLoaderData<typeof loader>();
  return (
    <section className="page page-narrow" aria-labelledby="verify-heading">
      <h1 id="verify-heading">Confirm your email</h1>
      {live ? (
        <>
          <p className="lead">One more step: press the button to confirm your email address and sign in.</p>
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="button button-primary button-large">
              Confirm Email
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="lead">{M.verifyExpired}</p>
          <Link to="/auth" className="button button-primary">
            Sign In
          </Link>
        </>
      )}
    </section>
  );
}
