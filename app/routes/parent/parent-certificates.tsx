import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CertificateSheet } from "~/components/facts/certificates";
import { RouteError } from "~/components/route-error";
import { rewardsOffForStudent } from "~/models/stickers.server";
import { playerCertificates } from "~/pages/certificates.server";
import { firstNameOf } from "~/school/parent-links.server";
import competitionStyles from "~/styles/competition.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { PARENT_HEADERS, openParentLink } from "./parent-page.server";

/*
 * A pupil's certificates for their parents (docs/product.md#sticker-book), opened by the same link as the parent page
 * and refused as it is (the same 404 for any link that opens nothing): all, or the one `?award=` names; first name
 * only; none when the class's stickers are off.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: competitionStyles },
  { rel: "stylesheet", href: stickerStyles },
];

// The title names no one: browsers keep titles in their history.
export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Certificates",
    description: "Certificates to print for the tables and milestones your child secured.",
    path: "/parent",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter(PARENT_HEADERS);

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const { pupil, home } = openParentLink(token, context.clientAddress ?? null);
  const firstName = firstNameOf(pupil.name);
  if (rewardsOffForStudent(pupil.studentId)) return { token, firstName, certificates: [] };
  const school = { name: home.schoolName, logoUrl: home.schoolLogoUrl };
  const award = new URL(request.url).searchParams.get("award");
  const { certificates } = playerCertificates(
    { kind: "student", studentId: pupil.studentId },
    firstName,
    school,
    award,
  );
  return { token, firstName, certificates };
}

export default function ParentCertificatesPage() {
  const { token, firstName, certificates } = useLoaderData<typeof loader>();
  return (
    <div className="student-page parent-page">
      <h1 className="certificate-page-heading">Certificates for {firstName}</h1>
      <CertificateSheet
        certificates={certificates}
        intro={
          <p>
            Print this page: one certificate a page.{" "}
            <Link to={`/parent/${token}#stickers`}>Back to {firstName}&apos;s page</Link>
          </p>
        }
        none="No certificate here yet."
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[]} />;
}
