import type { ReactNode } from "react";
import { StickerIcon, StickerShapes } from "./stickers";

/** What names a player's own certificates page, the members' and the pupils' alike (docs/product.md#sticker-book). */
export const MY_CERTIFICATES = {
  title: "My certificates",
  description: "Certificates to print for the tables and milestones you secured.",
} as const;

/*
 * Printable certificates (docs/product.md#sticker-book): one A4 page each, framed by the competition certificate's
 * own border and print rules (app/styles/competition.css), with the sticker book's badge drawn as SVG; no emoji.
 */

/** One certificate as the page draws it: the child's first or public name, what, when, and the school. */
export type CertificateView = {
  key: string;
  name: string;
  words: string;
  /** "12 February 2026" */
  on: string;
  school: { name: string; logoUrl: string | null } | null;
};

function AwardCertificate({ certificate, index }: { certificate: CertificateView; index: number }) {
  const headingId = `award-certificate-${index}`;
  const { school } = certificate;
  return (
    <article className="certificate award-certificate" data-testid="award-certificate" aria-labelledby={headingId}>
      {school?.logoUrl ? <img className="certificate-logo" src={school.logoUrl} alt={`${school.name} logo`} /> : null}
      <p className="certificate-kicker">Certificate</p>
      <StickerIcon shape="badge" size={72} />
      <h2 id={headingId} className="certificate-classes">
        {certificate.name}
      </h2>
      <p className="certificate-text">{certificate.words}</p>
      <p className="certificate-dates">on {certificate.on}</p>
      {school ? <p className="certificate-school">{school.name}</p> : null}
      <p className="certificate-well-done">Well done!</p>
    </article>
  );
}

/** The certificates' page body: what to do (not printed), then one certificate a page, or why there is none. */
export function CertificateSheet({
  certificates,
  intro,
  none,
}: {
  certificates: readonly CertificateView[];
  intro: ReactNode;
  none: string;
}) {
  return (
    <>
      <div className="certificate-intro">{intro}</div>
      {certificates.length === 0 ? (
        <p className="notice" data-testid="certificates-none">
          {none}
        </p>
      ) : (
        <div className="certificates">
          <StickerShapes />
          {certificates.map((certificate, i) => (
            <AwardCertificate key={certificate.key} certificate={certificate} index={i} />
          ))}
        </div>
      )}
    </>
  );
}
