import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { LoginCardView, QrView } from "~/types/teacher";

/*
 * A class's printable login cards (docs/product.md#teachers): one card per student with their name, their code,
 * the class's login link and its QR code. The print stylesheet (styles/teacher.css) puts 10 cards on an A4 page,
 * and each sheet of 10 starts a new page.
 */

export const CARDS_PER_PAGE = 10;

export function LoginCards({
  className,
  schoolName,
  link,
  qr,
  students,
  back,
}: {
  className: string;
  schoolName: string;
  link: string;
  qr: QrView;
  students: LoginCardView[];
  /** Where the page leads back to: the teacher's dashboard, or the admin panel's class page. */
  back: { to: string; label: string };
}) {
  const sheets: LoginCardView[][] = [];
  for (let i = 0; i < students.length; i += CARDS_PER_PAGE) sheets.push(students.slice(i, i + CARDS_PER_PAGE));
  return (
    <>
      <div className="cards-intro">
        <p>
          One card per student, {CARDS_PER_PAGE} to an A4 page. Students scan the QR code or type the link, then enter
          the code on their card. Through this link only the codes of {className} work.
        </p>
        <PrintButton />
        <p className="field-hint">
          You can also use your browser&apos;s Print command (Ctrl+P, or Cmd+P on a Mac). Cut along the dashed lines.
        </p>
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      </div>
      {students.length === 0 ? <p>No students in this class yet.</p> : null}
      {sheets.map((sheet, i) => (
        <div className="card-sheet" key={i}>
          {sheet.map((student) => (
            <LoginCard
              key={student.id}
              student={student}
              className={className}
              schoolName={schoolName}
              link={link}
              qr={qr}
            />
          ))}
        </div>
      ))}
    </>
  );
}

function LoginCard({
  student,
  className,
  schoolName,
  link,
  qr,
}: {
  student: LoginCardView;
  className: string;
  schoolName: string;
  link: string;
  qr: QrView;
}) {
  return (
    <article className="login-card" aria-labelledby={`card-${student.id}`} data-testid="login-card">
      <div className="login-card-text">
        <h2 id={`card-${student.id}`} className="login-card-name">
          {student.name}
        </h2>
        <p className="login-card-class">
          {className} · {schoolName}
        </p>
        <p className="login-card-code">
          <span className="login-card-label">Login code</span>{" "}
          <code className="login-code" data-testid="card-code">
            {student.loginCode}
          </code>
        </p>
        <p className="login-card-link">
          <span className="login-card-label">Log in at</span> <span data-testid="card-link">{link}</span>
        </p>
      </div>
      <QrCode qr={qr} />
    </article>
  );
}

/** The QR code as inline SVG, with the quiet zone of 4 modules around it that scanners need. */
export function QrCode({ qr }: { qr: QrView }) {
  const side = qr.size + 8;
  return (
    <svg
      className="qr-code"
      viewBox={`-4 -4 ${side} ${side}`}
      role="img"
      aria-label="QR code of the class login link"
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/** Print needs JavaScript; without it the page says how to print from the browser. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="button button-primary" onClick={() => window.print()}>
      Print
    </button>
  );
}
