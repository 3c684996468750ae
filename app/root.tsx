import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  Link,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { FlashRegion } from "~/components/flash-message";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { PendingNavigation } from "~/components/pending-navigation";
import { getSchoolUser } from "~/auth/school-session.server";
import { getSessionUser, publicNameOf } from "~/auth/session.server";
import { config } from "~/config.server";
import stylesheet from "~/styles/app.css?url";
import { takeFlash } from "~/utils/flash.server";
import { useNonce } from "~/utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request);
  const user = await getSessionUser(request);
  const schoolUser = await getSchoolUser(request);
  return data(
    {
      siteName: config.siteName,
      siteUrl: config.siteUrl,
      year: new Date().getFullYear(),
      flash,
      // Only what the header shows: the member's public name, or for an admin (a made-up name there says nothing) Admin.
      member: user ? { name: user.role === "admin" ? "Admin" : publicNameOf(user) } : null,
      // A teacher's or pupil's way back to their area; never their name (pupils' names stay in the school area).
      school: schoolUser?.kind ?? null,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Without the root's data (its loader failed: the error page), the defaults.
  const {
    siteName = "Maths Sprint",
    member = null,
    school = null,
    flash = null,
    year = new Date().getFullYear(),
  } = useRouteLoaderData<typeof loader>("root") ?? ({} as Partial<RootData>);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <SiteHeader siteName={siteName} member={member} school={school} />
        <PendingNavigation />
        <FlashRegion flash={flash} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter siteName={siteName} year={year} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  // A refusal (404 included): its status and message. One branch for all of them keeps /game's script small.
  if (isRouteErrorResponse(error) && error.status < 500) {
    return (
      <section className="page page-narrow error-page">
        <h1>{error.status}</h1>
        <p className="lead">
          {error.status === 404
            ? "Oops! Page not found"
            : typeof error.data === "string" && !error.data.startsWith("Error:")
              ? error.data
              : error.statusText}
        </p>
        <Link to="/" className="button button-primary">
          Return to Home
        </Link>
      </section>
    );
  }
  // A plain link reloads the page, so "Try Again" works with JavaScript off as well.
  return (
    <section className="page page-narrow error-page">
      <h1>Something went wrong</h1>
      <p className="lead">Sorry, this page could not be shown. Please try again in a moment.</p>
      <a href={location.pathname + location.search} className="button button-primary">
        Try Again
      </a>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const siteName = data?.siteName ?? "Maths Sprint";
  if (!error) return [{ title: siteName }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: `${notFound ? "Page not found" : "Something went wrong"} | ${siteName}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
};
