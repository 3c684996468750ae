import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CertificateSheet, MY_CERTIFICATES } from "~/components/facts/certificates";
import { rewardsOffForStudent } from "~/models/stickers.server";
import { playerCertificates } from "~/pages/certificates.server";
import { loadStudentHome } from "~/pages/student-home.server";
import { firstNameOf } from "~/school/parent-links.server";
import competitionStyles from "~/styles/competition.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import studentStyles from "~/styles/student.css?url";
import { privateHead } from "~/utils/private-head";

/*
 * A pupil's own certificates (docs/product.md#sticker-book): all of them, or the one `?award=` names, with their first
 * name and their school's logo; none when their teacher switched stickers off for the class.
 */

export const { links, meta, headers } = privateHead(
  [studentStyles, competitionStyles, stickerStyles],
  MY_CERTIFICATES,
  "/student-certificates",
);

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
      <h1 className="certificate-page-heading">{MY_CERTIFICATES.title}</h1>
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
