import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CertificateSheet } from "~/components/facts/certificates";
import { rewardsOffForStudent } from "~/models/stickers.server";
import { playerCertificates } from "~/pages/certificates.server";
import { loadStudentHome } from "~/pages/student-home.server";
import { firstNameOf } from "~/school/parent-links.server";
import competitionStyles from "~/styles/competition.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import studentStyles from "~/styles/student.css?url";
import { pageMeta } from "~/utils/meta";

/*
 * A pupil's own certificates (docs/product.md#sticker-book): all of them, or the one `?award=` names, with their first
 * name and their school's logo; none when their teacher switched stickers off for the class.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studentStyles },
  { rel: "stylesheet", href: competitionStyles },
  { rel: "stylesheet", href: stickerStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "My certificates",
    description: "Certificates to print for the tables and milestones you secured.",
    path: "/student-certificates",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { student, banner } = await loadStudentHome(request);
  if (rewardsOffForStudent(student.studentId)) return { off: true as const, certificates: [] };
  const school = { name: banner.schoolName, logoUrl: banner.schoolLogoUrl };
  const award = new URL(request.url).searchParams.get("award");
  const { certificates } = playerCertificates(
    { kind: "student", studentId: student.studentId },
    firstNameOf(student.name),
    school,
    award,
  );
  return { off: false as const, certificates };
}

export default function StudentCertificatesPage() {
  const { off, certificates } = useLoaderData<typeof loader>();
  return (
    <div className="student-page">
      <h1 className="certificate-page-heading">My certificates</h1>
      <CertificateSheet
        certificates={certificates}
        intro={
          <p>
            Print this page: one certificate a page. <Link to="/student-stickers">Back to my sticker book</Link>
          </p>
        }
        none={
          off
            ? "Your class does not use stickers."
            : "No certificates yet: a whole table secure, or your first sticker, earns one."
        }
      />
    </div>
  );
}
