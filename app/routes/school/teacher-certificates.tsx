import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { CertificateSheet } from "~/components/facts/certificates";
import { RouteError } from "~/components/route-error";
import { TeacherPage, dashboardOf } from "~/components/teacher/dashboard";
import competitionStyles from "~/styles/competition.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { privateHead } from "~/utils/private-head";
import { teacherCertificatesData } from "./teacher-certificates.server";

export const { links, meta, headers } = privateHead([teacherStyles, competitionStyles, stickerStyles], {
  title: "Certificates",
  description: "Certificates to print for the tables and milestones your pupils secured.",
  path: "/teacher-dashboard/certificates",
});

/** This week's certificates of a class (docs/product.md#sticker-book): `?class=`, the teacher's own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return teacherCertificatesData(teacher, new URL(request.url));
}

export default function TeacherCertificates() {
  const { classId, className, since, off, pupil, week, certificates } = useLoaderData<typeof loader>();
  const page = `/teacher-dashboard/certificates?class=${encodeURIComponent(classId)}`;
  const forPupil = (id: string, award?: string) =>
    `${page}&student=${encodeURIComponent(id)}${award ? `&award=${encodeURIComponent(award)}` : ""}`;
  const intro = (
    <>
      <p>
        <Link to={dashboardOf(classId)}>Back to the dashboard</Link>
        {pupil ? (
          <>
            {" · "}
            <Link to={page}>This week&apos;s certificates</Link>
          </>
        ) : null}
      </p>
      {off ? (
        <p>Stickers are off for {className}, so there are no certificates.</p>
      ) : pupil ? (
        <p>Certificates for {pupil}. Print this page: one certificate a page, with their first name.</p>
      ) : week.length > 0 ? (
        <>
          <p>Earned since {since}. Print this page for every certificate at once (one a page), or choose one below.</p>
          <ul data-testid="week-awards">
            {week.map((entry) => (
              <li key={entry.id}>
                {entry.name}:{" "}
                {entry.awards.map((award, i) => (
                  <span key={award.id}>
                    {i > 0 ? ", " : null}
                    <Link to={forPupil(entry.id, award.id)}>{award.words}</Link>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
  return (
    <TeacherPage title={`Certificates: ${className}`}>
      <CertificateSheet
        certificates={certificates}
        intro={intro}
        none={off ? "No certificates while stickers are off." : `No certificates earned since ${since} yet.`}
      />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
